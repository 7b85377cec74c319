"""Claim checks: every claim of a draft against units of evidence, and the decision.

check_draft() splits the draft into claims (claims.py), reads each claim's facts (facts.py) and looks for ONE unit
of evidence (units.py) that shows all of them. docs/verifier-protocol.md states the rules; in short:

- GROUNDED: one unit from a successful, supporting row shows every fact.
- CONTRADICTED: the unit that matches the claim's subject shows the opposite
  (an ERROR entry against "no errors", a firing alert against "resolved").
- UNGROUNDED: a checkable fact no unit shows; or, for a causal claim whose
  facts are grounded, no unit states the link (an inference).
- WEAK: the only units showing it come from a failed-free but weak row: a
  no-hit, a deduplicated lookup, LOW- or NONE-relevance knowledge.
- UNCHECKABLE: nothing checkable (advice, hedges, context, or a vague claim).

decide() turns the checks into ACCEPT, LOW_CONFID or REJECT.

This module reads each claim's facts and dispatches it; the checks themselves live beside it: evidence_index.py
(the evidence, indexed), fact_matching.py (one fact against one unit), unit_search.py (the one unit that shows a
set of facts), special_checks.py (negations, universals, alerts, denied events, success, gaps) and causal_checks.py
(causal links, word-overlap grounding).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus, Decision, EvidenceRow
from evidence_trace.server.domain.verifier import short_names
from evidence_trace.server.domain.verifier.alert_states import states_of_unnamed_alerts
from evidence_trace.server.domain.verifier.arithmetic import derived_values
from evidence_trace.server.domain.verifier.breakdowns import settle_parts
from evidence_trace.server.domain.verifier.call_totals import call_totals
from evidence_trace.server.domain.verifier.causal_checks import causal_link, content_grounding, ground_sides
from evidence_trace.server.domain.verifier.claim_patterns import HAPPENED_AT
from evidence_trace.server.domain.verifier.claims import Claim, is_meta, is_substantive, is_vague_verdict, split_claims
from evidence_trace.server.domain.verifier.code_spans import with_code_identifiers
from evidence_trace.server.domain.verifier.counted_units import records_counted
from evidence_trace.server.domain.verifier.dated_times import misdated
from evidence_trace.server.domain.verifier.denied_status import check_denied_status, without_denied
from evidence_trace.server.domain.verifier.evidence_index import Evidence, cell_numbers
from evidence_trace.server.domain.verifier.facts import EVENT_FORMS, Fact, FactKind, Scope, extract_facts
from evidence_trace.server.domain.verifier.failed_measures import failed_measure
from evidence_trace.server.domain.verifier.gap_checks import as_fact_unless_a_call, check_gap, failure_told
from evidence_trace.server.domain.verifier.intervals import (
    derived_durations,
    enumerated_counts,
    lone_time,
    misrestated_time,
    seconds_of,
    subject_seconds,
)
from evidence_trace.server.domain.verifier.invented import invented_names
from evidence_trace.server.domain.verifier.joined_names import without_joined_figures
from evidence_trace.server.domain.verifier.keyed_lists import keyed_list_counts
from evidence_trace.server.domain.verifier.latest_state import said_value_rival, stale_state
from evidence_trace.server.domain.verifier.level_words import without_reference_levels
from evidence_trace.server.domain.verifier.listing_sizes import listed_set_counts, listing_rival
from evidence_trace.server.domain.verifier.match_memo import remembering
from evidence_trace.server.domain.verifier.matcher_scope import check_every_severity
from evidence_trace.server.domain.verifier.numbered_names import listed_with_shown
from evidence_trace.server.domain.verifier.partitions import partition_grounding
from evidence_trace.server.domain.verifier.partitive_counts import check_partitive_count
from evidence_trace.server.domain.verifier.polarity import check_opposite_polarity
from evidence_trace.server.domain.verifier.preceding_lists import preceding_counts
from evidence_trace.server.domain.verifier.predicates import facts_have_values, unshown_by_its_calls
from evidence_trace.server.domain.verifier.quantifiers import check_quantified
from evidence_trace.server.domain.verifier.repeated_calls import stale_repeat
from evidence_trace.server.domain.verifier.shown_times import times_shown
from evidence_trace.server.domain.verifier.special_checks import check_denied_event, check_negation, check_universal
from evidence_trace.server.domain.verifier.status_lines import check_named_status, check_status_lines
from evidence_trace.server.domain.verifier.still_running import ended_since
from evidence_trace.server.domain.verifier.subject_binding import mark_windows
from evidence_trace.server.domain.verifier.table_rows import cell_claims, check_by_cells, with_column_totals
from evidence_trace.server.domain.verifier.threshold_words import mark_found_values
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, SUBJECT_KINDS, ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Strength
from evidence_trace.server.domain.verifier.zones import NO_ZONES, EvidenceZones

__all__ = ["JUDGED_KINDS", "MAX_CLAIMS", "MAX_GROUNDINGS", "check_draft", "decide", "facts_have_values"]

_EARLIER_TIMES = 12  # the times to the second a gap may span: those of the last grounded claims
MAX_CLAIMS = 200  # claims beyond this are not checked (the draft is bounded at 64 KiB)
JUDGED_KINDS = (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)
_JUDGED = JUDGED_KINDS
_ANOTHER_STATE = "the evidence shows another state of it now"


def check_draft(
    draft: str, rows: Sequence[EvidenceRow], zones: EvidenceZones = NO_ZONES, question: str = ""
) -> tuple[ClaimCheck, ...]:
    """The claim checks of a draft against the session's rows; zones: the configured zones of naive
    evidence timestamps, by tool or topic (zones.py); question: the user's (its names are not invented)."""
    evidence = Evidence(rows, zones, question)
    checks = []
    subject: tuple[Fact, ...] = ()
    claims = with_column_totals(split_claims(draft)[:MAX_CLAIMS])
    nicknames = short_names.nicknames(claims, evidence)
    before: tuple[Fact, ...] = ()  # the times the claim before stated ("..., about 2.8 s later")
    earlier: tuple[Fact, ...] = ()  # the times to the second grounded claims stated ("ran for 1h17m39s")
    with remembering():  # each fact is read against each unit once per call (match_memo.py)
        sentence: tuple[Fact, ...] = ()  # what the sentence so far named: a clause "continued" keeps it
        for claim in claims:
            check, facts = _check(
                claim, evidence, subject, nicknames, before, sentence if claim.continued else (), earlier
            )
            checks.append(check)
            if claim.kind in _JUDGED:
                before = tuple(f for f in facts if f.kind == FactKind.TIME) or before  # the last times stated
                if check.status == ClaimStatus.GROUNDED:
                    earlier = (*earlier, *(f for f in before if seconds_of(f)[1]))[-_EARLIER_TIMES:]
            # a table row's names are the row's: "it" after a table is not its last row's host
            named = () if claim.table else tuple(f for f in facts if f.kind in SUBJECT_KINDS)
            sentence = (named or sentence) if claim.continued else named
            if named and all(_ADDRESS.match(f.key) for f in named):
                subject = named + subject  # "forwarded to 10.1.0.2:53": a peer; the pod before stays the subject
            elif named:
                subject = named
    return tuple(checks)


def decide(checks: Sequence[ClaimCheck]) -> tuple[Decision, list[str]]:
    """The decision the claim checks call for, and why (docs/verifier-protocol.md, "Decision").

    REJECT only what the evidence contradicts or what names something the session
    never mentions; a claim merely not matched, unread, weak or vague is LOW_CONFID;
    ACCEPT needs every judged claim grounded, one of them in direct evidence.
    """
    judged = [c for c in checks if c.kind in _JUDGED]
    contradicted = [c for c in judged if c.status == ClaimStatus.CONTRADICTED]
    invented = [c for c in judged if c.status == ClaimStatus.INVENTED]
    if contradicted or invented:
        reasons = [f"contradicted: {_quote(c.text)} ({c.reason})" for c in contradicted]
        reasons += [f"invented: {_quote(c.text)} ({c.reason})" for c in invented]
        return Decision.REJECT, reasons
    reasons = []
    for c in judged:
        if c.status == ClaimStatus.UNGROUNDED and c.inference:
            reasons.append(f"causal link not shown by the evidence: {_quote(c.text)}")
        elif c.status == ClaimStatus.UNGROUNDED:
            reasons.append(f"not grounded in any unit of evidence: {_quote(c.text)} ({c.reason})")
        elif c.status == ClaimStatus.UNCHECKED:
            reasons.append(f"not readable by the rules: {_quote(c.text)} ({c.reason})")
        elif c.status == ClaimStatus.WEAK:
            reasons.append(f"weak evidence only: {_quote(c.text)} ({c.reason})")
        elif c.status == ClaimStatus.UNCHECKABLE:
            reasons.append(f"nothing checkable: {_quote(c.text)}")
    if reasons:
        return Decision.LOW_CONFID, reasons
    grounded = [c for c in judged if c.status == ClaimStatus.GROUNDED]
    if not any(c.direct for c in grounded):
        if not grounded:
            return Decision.LOW_CONFID, ["the draft makes no checkable factual claim"]
        return Decision.LOW_CONFID, ["no claim is grounded in direct evidence"]
    return Decision.ACCEPT, [
        f"all {len(grounded)} factual claims are grounded in the evidence, "
        f"{sum(1 for c in grounded if c.direct)} in direct evidence"
    ]


def _quote(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return '"' + (text if len(text) <= limit else text[: limit - 1] + "\u2026") + '"'


# -- one claim ------------------------------------------------------------------


# "raise maxReplicas from 20 to 40", "调到 64": the figure advice proposes, right after its verb or "to"
_PROPOSED = re.compile(
    r"(?:\bto|改为|改成|调到|调整为|调整到|提高到|提到|增加到|加到|降到|降低到|设为|设置为|扩到|扩容到)[ \t]*$", re.I
)


def _check(
    claim: Claim,
    evidence: Evidence,
    subject: tuple[Fact, ...] = (),
    nicknames: Optional[dict[str, Fact]] = None,
    before: tuple[Fact, ...] = (),
    sentence: tuple[Fact, ...] = (),
    earlier: tuple[Fact, ...] = (),
) -> tuple[ClaimCheck, tuple[Fact, ...]]:
    facts = extract_facts(claim.text) + (cell_numbers(claim.text) if claim.table else ())
    if nicknames:
        facts = short_names.with_nicknames(claim.text, facts, nicknames)
    facts = mark_windows(claim.text, mark_found_values(claim.text, with_code_identifiers(claim.codes, facts)))
    if claim.smuggled:  # a value named in advice ("目前是 gp2") must be shown; the value it proposes need not be
        facts = tuple(dataclasses.replace(f, soft=False) if f.soft and re.search(r"[0-9]", f.key) else f for f in facts)
        facts = tuple(
            f for f in facts if not (f.bare and _PROPOSED.search(claim.text, 0, max(0, claim.text.find(f.text))))
        )
    facts = listed_with_shown(claim.text, facts, lambda f: evidence.mentions(f.key))  # "gp2, gp3 and io2"
    facts = without_joined_figures(claim.text, facts, evidence)  # "Route 53" of `aws route53 …`
    facts = tuple(
        f
        for f in facts
        if not f.soft
        or (
            evidence.mentions_any(EVENT_FORMS.get(f.key, (f.key,)))
            if f.kind == FactKind.EVENT
            else evidence.mentions(f.key, suffix="_" in f.key)
        )
    )
    # A setting no row names ("TTL 60s" against dig's "60 IN A") is checked as its value alone.
    # A config key written as such (wal_keep_size, maxTotal) stays bound to its name.
    facts = tuple(
        dataclasses.replace(f, kind=FactKind.QUANTITY)
        if f.kind == FactKind.SETTING
        and not re.search(r"[_.]|[a-z][A-Z]", re.split(r"[0-9]", f.text, maxsplit=1)[0])  # its name, not "GiB"
        and not claim.smuggled
        and not evidence.names_setting(f.key)
        else f
        for f in facts
    )
    if _EXCLUSIVE.search(claim.text):
        # "only in ap-shanghai": what was asked cannot show where else it happens.
        facts = tuple(dataclasses.replace(f, scope=Scope.RESULT) if f.scope == Scope.QUERY else f for f in facts)
    anaphora = _ANAPHORA.search(claim.text) if subject and claim.kind in (ClaimKind.FACT, ClaimKind.CAUSAL) else None
    own = facts  # a name it inherits ("its") is the claim's before it: invented there, if at all
    if (
        claim.continued
        and sentence
        and not any(f.kind in SUBJECT_KINDS for f in facts)
        and any(f.kind != FactKind.TIME for f in facts)
    ):
        # "X 没有报错，..." keeps X, named earlier in the same sentence (never in a sentence or item before);
        # a clause with nothing of its own stays vague.
        facts = tuple(f for f in sentence if f.kind in SUBJECT_KINDS) + facts
    elif anaphora:
        # "that pod", "its", "该 pod": the subject named just before, of the kind the claim lacks.
        noun = anaphora.group(0).lower()
        wanted = (
            {FactKind.SERVICE}
            if ("service" in noun or "服务" in noun)
            else (SUBJECT_KINDS if noun.strip().startswith("it") else {FactKind.INSTANCE})
        )
        present = {f.kind for f in facts}
        workload = re.search(r"pod|container|replica|worker|容器|副本|进程", noun) is not None
        inherited = [
            f
            for f in subject
            if f.kind in wanted and f.kind not in present and not (workload and _ADDRESS.match(f.key))
        ]
        facts = tuple(inherited[:1]) + facts  # "it" is one thing: the subject named first
    # "two instances (A and B)": the count is how many names follow, and the names are checked; it is still
    # an operand of the claim's arithmetic ("3 of the 42 targets (~7%): A, B and C").
    listed = enumerated_counts(claim.text, facts) | listed_set_counts(claim.text, facts, evidence)
    listed |= preceding_counts(claim.text, facts)  # "A 和 B 两个动作": the count of the items before it
    listed |= keyed_list_counts(claim.text, facts, evidence)  # "2 NAT IPs": `natIps: [a, b]`
    ratios = derived_values(claim.text, facts, claim.totals + call_totals(facts, evidence))
    if listed or ratios:  # "3 of 42 (~7%)", "up $4,479.58", "2.4×": the writer's arithmetic; its operands are checked
        facts = tuple(f for i, f in enumerate(facts) if i not in listed and i not in ratios)
    derived = derived_durations(claim.text, facts, before, subject_seconds(facts, evidence), earlier, evidence)
    if derived:  # a duration the claim's own times imply is not a fact of its own: the times are checked
        facts = tuple(f for i, f in enumerate(facts) if i not in derived)
        if facts and all(f.kind == FactKind.TIME for f in facts) and claim.kind == ClaimKind.FACT:
            return times_shown(claim, facts, evidence), facts
    check = _check_facts(claim, facts, evidence)
    cells = cell_claims(claim) if check.status == ClaimStatus.UNGROUNDED and claim.kind == ClaimKind.FACT else ()
    if cells:  # "| 13:30 | 247.5 MiB | 109 MiB |": one unit per cell, bound by the row's key
        check = check_by_cells(claim, check, lambda cell: _check(cell, evidence, subject, nicknames)[0], cells)
    grounded_fact = check.status == ClaimStatus.GROUNDED and claim.kind == ClaimKind.FACT
    unshown = unshown_by_its_calls(claim.text, facts, check.groundings, evidence) if grounded_fact else None
    if unshown is not None:  # "heap looks healthy" where the heap query failed, "started at" a search's window edge
        check = dataclasses.replace(check, status=ClaimStatus.UNGROUNDED, reason=unshown, direct=False)
    if claim.kind in _JUDGED and check.status not in (ClaimStatus.GROUNDED, ClaimStatus.CONTRADICTED):
        invented = invented_names(claim.text, [f for f in facts if f in own], evidence, claim.kind)
        if invented:
            names = ", ".join(f.text for f in invented[:3])
            return (
                dataclasses.replace(
                    check,
                    status=ClaimStatus.INVENTED,
                    groundings=(),
                    reason=f"names {names}, which no call of the session mentions",
                    direct=False,
                    inference=False,
                ),
                facts,
            )
    return check, facts


def _check_facts(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence) -> ClaimCheck:
    unread = [f for f in facts if f.kind == FactKind.UNREAD]
    if not unread:
        return _check_read_facts(claim, facts, evidence)
    check = _check_read_facts(claim, tuple(f for f in facts if f.kind != FactKind.UNREAD), evidence)
    if check.kind in _JUDGED and check.status in (ClaimStatus.GROUNDED, ClaimStatus.UNCHECKABLE):
        # What the rules cannot read is reported, never dropped: the rest may be grounded, the claim is not.
        names = ", ".join(f.text for f in unread[:3])
        return dataclasses.replace(
            check, status=ClaimStatus.UNCHECKED, reason=f"cannot read {names}", facts=tuple(f.describe() for f in facts)
        )
    return check


def _check_read_facts(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence) -> ClaimCheck:
    if claim.process:
        facts = tuple(dataclasses.replace(f, scope=Scope.QUERY) for f in facts)
    evidence = evidence.cited(claim.text)
    claim = as_fact_unless_a_call(claim, evidence)
    base = functools.partial(
        ClaimCheck, claim.start, claim.end, claim.text, claim.kind, facts=tuple(f.describe() for f in facts)
    )
    if claim.kind not in _JUDGED:
        return base(status=ClaimStatus.UNCHECKABLE, reason="not a factual claim")
    if claim.kind == ClaimKind.GAP:
        return check_gap(claim, facts, evidence, base)
    if claim.negated:
        universal = check_universal(claim, facts, evidence, base)
        if universal is not None:
            return universal
        denied = check_denied_event(claim, facts, evidence, base)
        if denied is not None:
            return denied
    quantified = (
        check_status_lines(claim, facts, evidence, base)  # (a contradiction only: before what grounds a universal)
        or check_quantified(claim, facts, evidence, base)
        or check_partitive_count(claim, facts, evidence, base)
    )
    if quantified is not None:
        return quantified
    opposite = check_opposite_polarity(claim, facts, evidence, base)
    if opposite is not None:
        return opposite
    status_denied = check_denied_status(claim.text, facts, evidence, base)
    if status_denied is not None:  # "no 5xx on /v2/refunds": a record of it shows one
        return status_denied
    pinned = check_every_severity(claim.text, facts, evidence, base)
    if pinned is not None:  # "covers all severities": a matcher pins one
        return pinned
    # "no 404s on X" asserts no 404, which X's 500 does not deny; "早于最早的 ERROR": the other record's level
    facts = without_reference_levels(claim.text, without_denied(claim.text, facts))
    if claim.negated:
        negative = check_negation(claim, facts, evidence, base)
        if negative is not None and (negative.status == ClaimStatus.CONTRADICTED or not facts_have_values(facts)):
            return negative  # with values of its own, the claim is still checked for them below
    times: tuple[Fact, ...] = ()
    if not any(f.kind != FactKind.TIME for f in facts):
        times, facts = facts, ()
    if not facts:
        overlap = content_grounding(claim.text, evidence)
        # "…, which is 09:11 UTC": the words may be a unit's, the times must be the evidence's too; a claim of
        # times to the second only ("the burst started at 02:14:33 UTC", not a lead-in "Samples at …:") states each
        exact = all(seconds_of(f)[1] for f in times) or HAPPENED_AT.search(claim.text) is not None  # ("went out at …")
        to_second = exact and not is_meta(claim.text) and claim.text[-1:] not in ":："
        if times and claim.kind == ClaimKind.FACT and (overlap is not None or to_second):
            shown = times_shown(claim, times, evidence)
            if shown.status != ClaimStatus.GROUNDED or overlap is None:
                return shown
        said = said_value_rival(claim.text, evidence) if claim.kind == ClaimKind.FACT else None
        if said is not None:  # "advanced security is in ENFORCED mode" vs AUDIT; "Ready=True" vs READY False
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(said),), reason=_ANOTHER_STATE)
        if overlap is not None and claim.kind == ClaimKind.FACT:
            return base(
                status=ClaimStatus.GROUNDED,
                groundings=(grounding_of(overlap),),
                reason="its words are those of one unit",
                direct=overlap.strength == Strength.DIRECT,
            )
        told = failed_measure(claim.text, evidence) if claim.kind == ClaimKind.FACT else ""
        if told:  # "目前没有任何 IP 地址分配记录" where the one call that would list them failed
            return base(status=ClaimStatus.UNGROUNDED, reason=told)
        # "No, the breaker didn't trip.", "没有，熔断器没有触发。": the answer to the user's question is an assertion
        answer = _ANSWER.match(claim.text) is not None
        if claim.kind == ClaimKind.CAUSAL or ((is_substantive(claim.text) or answer) and not is_meta(claim.text)):
            return base(status=ClaimStatus.UNCHECKABLE, reason="vague: no checkable fact")
        return dataclasses.replace(
            base(status=ClaimStatus.UNCHECKABLE, reason="no assertion to check"), kind=ClaimKind.CONTEXT
        )
    misstated = misrestated_time(claim.text, facts)
    if misstated is not None:  # "北京时间 08:12:44（UTC 16:12:44）": a wrong conversion shows nothing
        return base(status=ClaimStatus.UNGROUNDED, reason=f"{misstated.text} is not the time before it in its zone")
    if claim.kind == ClaimKind.FACT and all(f.is_entity for f in facts) and is_vague_verdict(claim.text):
        # "看了 report-renderer 的日志，情况有些异常": names its subject, asserts nothing checkable.
        return base(status=ClaimStatus.UNCHECKABLE, reason="vague: no checkable fact beyond its subject")
    if claim.kind == ClaimKind.CAUSAL:
        status, groundings, reason, direct = ground_sides(claim.text, facts, evidence)
    else:
        found = ground_parts(claim.text, facts, evidence)
        if found[0] == ClaimStatus.UNGROUNDED and claim.kind == ClaimKind.FACT:
            found = (
                records_counted(claim.text, facts, evidence)
                or partition_grounding(claim.text, facts, evidence)
                or failure_told(claim, facts, evidence, base)
                or found
            )
        if claim.kind == ClaimKind.FACT:  # "6 errors, 4 on A and 2 on B", "A 和 B 分别 X 和 Y": the parts are checked
            found = settle_parts(claim.text, facts, evidence, found)
        status, groundings, reason, direct = found
        grounded = status == ClaimStatus.GROUNDED and claim.kind == ClaimKind.FACT
        lone = lone_time(claim.text, facts, evidence) if grounded else None
        lone = lone or (misdated(claim.text, facts, evidence) if grounded else None)  # "10-02 23:12 UTC"
        fresh = grounded and lone is None  # a grounded claim, read for what shows another state of it
        named = check_named_status(claim, facts, evidence, base) if fresh else None
        if named is not None:  # "eth3 has no carrier (state DOWN)" where `ip -br link` prints "eth3  UP"
            return named
        later = stale_state(claim.text, facts, evidence) if fresh else None
        later = later or (stale_repeat(claim.text, groundings, evidence) if fresh else None)
        later = later or (ended_since(claim.text, facts, evidence) if fresh else None)
        if later is not None:  # "目前仍处于 CrashLoopBackOff" while the latest `get pods` shows it Running
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(later),), reason=_ANOTHER_STATE)
        rival = listing_rival if fresh else None  # a rival count; what only a failed call asked
        sized = (rival(claim.text, facts, evidence) or failed_measure(claim.text, evidence, facts)) if rival else ""
        if sized:  # "有 4 个消费者在线" where the members listing holds 3: another number grounds nothing
            status, groundings, reason = ClaimStatus.UNGROUNDED, (), sized
        if lone is not None:
            status, groundings, reason = ClaimStatus.UNGROUNDED, (), f"no record of its subject states {lone.text}"
        elif grounded and states_of_unnamed_alerts(claim.text, facts):
            # "some alerts are firing" is shown by any unit in that state (one in another still contradicts it)
            return base(status=ClaimStatus.UNCHECKABLE, reason="vague: a state of nothing named")
    if claim.kind == ClaimKind.CAUSAL and status == ClaimStatus.GROUNDED:
        link = causal_link(claim.text, facts, evidence, claim.codes)
        if link is None:
            return base(
                status=ClaimStatus.UNGROUNDED,
                groundings=groundings,
                inference=True,
                reason="the facts are in the evidence but no unit states the cause",
                direct=direct,
            )
        groundings = groundings + (link,)
    return base(status=status, groundings=groundings, reason=reason, direct=direct)


_ANSWER = re.compile(r"\s*(?:no|yes|nope|yep|correct|not really|不是|没有|是的|对|不会)\s*[,，、—]", re.I)
_ADDRESS = re.compile(r"^[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?::[0-9]+)?$")  # an IP, or IP:port: a peer, not a workload
_EXCLUSIVE = re.compile(
    r"\b(?:only|exclusively|solely)\s+(?:in|on|at|for|from)\b|只(?:出现|发生|存在)?在|仅(?:出现|发生|存在)?在|"
    r"只有.{0,8}?(?:地域|区域|集群|机房)",
    re.I,
)
_ANAPHORA = re.compile(
    r"\b(?:that|this|the same|same)\s+(?:pod|service|node|host|instance|container|server|replica|machine|worker)\b"
    r"|^(?:it|its)\b|\b(?:for|on|of|from|to) (?:it|them)\b"
    r"|(?:该|此|同一|这个|那个)\s*(?:pod|服务|节点|实例|容器|主机|机器|副本|进程)"
    # "而且它的 CPU 也到了 97%": the thing named before (as "its" opening a claim)
    r"|(?:^|[，,；;\s])(?:而且|并且|同时)?\s*它(?:的|们的)?",
    re.I,
)
