"""Finding the one unit of evidence that shows a set of facts.

ground() searches the candidate rows for the strongest unit that shows every fact (or, for a count, the units
of one row that number it), a unit that contradicts them, or says why none does (missing facts, weak rows only).
ground_parts() grounds a claim whole and, failing that, each of its conjoined parts with the claim's subject.
grounding_of() is the Grounding of one unit.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.change_ends import change_ends
from evidence_trace.server.domain.verifier.claim_parts import (
    ATTRIBUTE,
    SUBJECT_KINDS,
    record_ids,
    shared_said,
    split_parts,
    takes_ids,
    times_joined,
)
from evidence_trace.server.domain.verifier.claim_patterns import SOME_ONE
from evidence_trace.server.domain.verifier.denied_names import denies_a_name
from evidence_trace.server.domain.verifier.evidence_index import Evidence, Match, may_show_values, value_windows
from evidence_trace.server.domain.verifier.fact_matching import grpc_method_in, matches, matches_all, states_time
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind, Scope, extract_facts
from evidence_trace.server.domain.verifier.failed_rows import FAILED_SAID, only_failed
from evidence_trace.server.domain.verifier.intervals import uncounted
from evidence_trace.server.domain.verifier.listing_limits import (
    _TOTAL,
    LISTED_KINDS,
    capped_by_limit,
    claims_the_whole,
    listing_is_cut,
    says_shown,
)
from evidence_trace.server.domain.verifier.record_families import record_match, records_showing
from evidence_trace.server.domain.verifier.rivals import SPECIFIC_KINDS, VALUE_KINDS, Rivalry, values_shown
from evidence_trace.server.domain.verifier.series_rows import bind_series_at_time
from evidence_trace.server.domain.verifier.series_sums import series_sum
from evidence_trace.server.domain.verifier.subject_binding import asked_subject, bind_across_rows
from evidence_trace.server.domain.verifier.subject_clauses import subject_clauses
from evidence_trace.server.domain.verifier.threshold_words import thresholds_only
from evidence_trace.server.domain.verifier.units import Strength, Unit

MAX_GROUNDINGS = 6

_ERROR_WORDS = re.compile(r"\b(?:errors?|exceptions?|failures?|fatal)\b|错误|异常|报错", re.I)
# a parenthesis that opens with a role ("(from 10.1.1.9)", "（来源 …）") names the other party of the same record
_OTHER_PARTY = re.compile(r"[ \t]*(?:(?:from|source|src|client|peer|remote|by)\b|来源|来自|源地址|客户端|对端)", re.I)


def ground_parts(
    text: str, facts: tuple[Fact, ...], evidence: Evidence
) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    """Ground the claim whole; failing that, each conjoined part with the claim's subject."""
    status, groundings, reason, direct = _ground(facts, evidence, shown=says_shown(text, facts), text=text)
    if status in (ClaimStatus.GROUNDED, ClaimStatus.CONTRADICTED):
        return status, groundings, reason, direct
    if (clauses := _clauses_grounded(text, facts, evidence)) is not None:  # "…3 replies (a, b, c), and d did not"
        return clauses
    pieces = split_parts(text)
    parts = [p for p, _ in pieces]
    if len(parts) < 2:
        return status, groundings, reason, direct
    subject = [f for f in facts if f.is_entity]
    # A time that stands alone in a part ("At 03:05, X ..., Y ...") dates every part; a time inside
    # one clause dates that clause only.
    times = tuple(
        f
        for part in parts
        for f in extract_facts(part)
        if f.kind == FactKind.TIME
        and not [g for g in extract_facts(part) if g.kind not in (FactKind.TIME, *SUBJECT_KINDS)]
    )
    wanted = {f.stated: f for f in facts}
    covered: set[tuple[FactKind, str, object]] = set()
    read_as: list[str] = []  # every fact the parts read, as written
    results = []
    previous: list[Fact] = []
    ids: tuple[Fact, ...] = ()  # the record ids the parts before named
    offset = False
    own = [_part_facts(part, wanted) for part, _ in pieces]
    pieces, own = times_joined(pieces, own)
    for number, (part, parenthetical) in enumerate(pieces):
        part_facts, aside = own[number], own[number][:0]
        covered.update(f.stated for f in part_facts)
        read_as.extend(f.text for f in extract_facts(part))
        # "A and B are Running", "Running: A and B": a part of names only shares what the list says of them
        part_facts += shared_said(pieces, own, number)
        if not [f for f in part_facts if f.kind != FactKind.TIME]:
            continue
        present = {f.kind for f in part_facts}
        if thresholds_only(part, part_facts):
            pass  # "…，超过 runbook 的 80% 告警线": the reference's figure, grounded alone
        elif not any(f.is_entity for f in part_facts) or (previous and ATTRIBUTE.match(part)):
            # "..., 比率为 0.37": still about what the part before it named; so is where it ran ("…的 span，所在
            # 主机是 X", "…, its host is X"): X with the part before's subject, never alone
            part_facts = tuple(f for f in (previous or subject) if f not in part_facts) + part_facts
        elif parenthetical:  # "X（us-east-1）在 ... 1,240 次": a parenthesis speaks of what it follows
            # (the part before it: "... failed with AcquirerUnavailable (code=ACQ-503)"), else the claim's subject
            near = [f for f in previous if f.kind in SUBJECT_KINDS] or [f for f in previous if f.kind in _NAMING]
            near = near or [f for f in subject if f.kind in SUBJECT_KINDS]
            aside = part_facts if asked_subject(part, part_facts, evidence) else ()  # "（实例 prod-global 使用 nam3）"
            # a name of the same kind restates it ("pay-db-1（10.50.4.7）"), unless a role tells it apart: "在
            # erp-db-03 上登录（来源 10.30.2.19）", "on db-03 (from 10.1.1.9)" is the same record's other party
            other = _OTHER_PARTY.match(part) is not None
            part_facts = tuple(f for f in near if other or f.kind not in present) + part_facts
        # "8 秒后", "later": another time than the one the claim states, and so is a parenthesis after it
        offset = _OFFSET_IN_TIME.search(part) is not None or (parenthetical and offset)
        if times and FactKind.TIME not in present and not offset:
            part_facts += times  # "at 03:05, X was ..., Y ...": every part is at that time
        if ids and not parenthetical and takes_ids(part, present) and not thresholds_only(part, own[number]):
            part_facts += ids  # "revision 8, change-cause …", "build #562，由 X 触发": that record's, not another's
        found = _ground(part_facts, evidence, shown=says_shown(part, part_facts), text=part)
        results.append(_ground(aside, evidence, text=part) if aside and found[0] != ClaimStatus.GROUNDED else found)
        previous = [f for f in part_facts if f.is_entity] or previous
        ids = record_ids(part_facts) if number == 0 and not parenthetical else ids  # the record it opens with
    # a fact a part reads otherwise ("with 7 restarts": the whole read an event, the part a count) is in it
    lost = [f for key, f in wanted.items() if key not in covered and not any(f.text in read for read in read_as)]
    if lost:
        return status, groundings, reason, direct  # the parts lost a fact (a time included): judge the claim whole
    if not results:
        return status, groundings, reason, direct
    worst = max(results, key=lambda r: SEVERITY[r[0]])
    if SEVERITY[worst[0]] >= SEVERITY[status]:
        return status, groundings, reason, direct
    merged = tuple(g for r in results for g in r[1])[:MAX_GROUNDINGS]
    return worst[0], merged, worst[2], any(r[3] for r in results) and worst[0] == ClaimStatus.GROUNDED


def _clauses_grounded(
    text: str, facts: tuple[Fact, ...], evidence: Evidence
) -> Optional[tuple[ClaimStatus, tuple[Grounding, ...], str, bool]]:
    """The claim grounded clause by clause (subject_clauses), each as a claim of its own, or None."""
    clauses, wanted = subject_clauses(text, facts), {f.stated: f for f in facts}
    own = [_part_facts(clause, wanted) for clause in clauses]
    if not clauses or {f.stated for told in own for f in told} != set(wanted):
        return None
    found = [ground_parts(clause, uncounted(clause, told), evidence) for clause, told in zip(clauses, own)]
    if any(status != ClaimStatus.GROUNDED for status, *_ in found):
        return None
    groundings = tuple(g for _, grounds, _, _ in found for g in grounds)[:MAX_GROUNDINGS]
    return ClaimStatus.GROUNDED, groundings, "", any(direct for *_, direct in found)


def _part_facts(part: str, wanted: dict[tuple[FactKind, str, object], Fact]) -> tuple[Fact, ...]:
    """The claim's own (already refined) facts a part states, code spans and pods' short names included (a
    value the part alone reads in another role, "(~24.6%)" after "the last hour", is the claim's value)."""
    loose = {key[:2]: f for key, f in reversed(list(wanted.items()))}
    found = tuple(wanted.get(f.stated) or loose[f.stated[:2]] for f in extract_facts(part) if f.stated[:2] in loose)
    return found + tuple(  # names no pattern reads in the part alone
        f
        for f in wanted.values()
        if (f.kind == FactKind.IDENTIFIER or (f.kind == FactKind.INSTANCE and f.text != f.key))
        and f not in found
        and f.text in part
    )


_OFFSET_IN_TIME = re.compile(
    r"\b(?:later|afterwards|earlier|before that|after that)\b|[0-9]+[ \t]*(?:秒|分钟|毫秒|小时)(?:之?后|之?前)", re.I
)
_NAMING = frozenset({FactKind.ALERT, FactKind.IDENTIFIER})  # names a parenthesis may speak of
SEVERITY = {
    ClaimStatus.GROUNDED: 0,
    ClaimStatus.WEAK: 1,
    ClaimStatus.UNGROUNDED: 2,
    ClaimStatus.CONTRADICTED: 3,
    ClaimStatus.UNCHECKABLE: 1,
}


def _ground(
    facts: Sequence[Fact], evidence: Evidence, shown: bool = False, text: str = ""
) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    """_search(), once per set of facts (by value), narrowing, shown and text in one check_draft call: a
    draft that states a claim again (a summary, then the details) searches for it once."""
    facts = tuple(facts)
    return evidence.remember(
        ("ground", evidence.only, facts, shown, text), lambda: _search(facts, evidence, shown, text)
    )


def _search(
    facts: Sequence[Fact], evidence: Evidence, shown: bool, text: str
) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    best: Optional[Match] = None
    contradiction: Optional[tuple[Unit, str]] = None
    entities = [f for f in facts if f.is_entity]
    windows = value_windows(facts)
    only = claims_the_whole(text)  # "一共只有 10 条", "20 个不同的 IP"
    failing = FAILED_SAID.search(text) is not None  # "3 个工作流失败": the rows whose status failed
    # "config validation failed …, followed by FATAL exiting …": the level or state said after a sequence cue
    # is the next record's; one record's against it is no contradiction
    cue = _SEQUENCE.search(text)
    leveled = [f for f in facts if f.kind in (FactKind.LEVEL, FactKind.STATE, FactKind.WORKLOAD_STATE)]
    sequence = cue is not None and bool(leveled) and all(text.find(f.text) > cue.start() for f in leveled)
    for index in evidence.candidates(facts):
        units = evidence.units(index)
        question = evidence.question(index)
        failed = any(u.strength == Strength.FAILED for u in units)  # what a failed call asked shows nothing
        for unit in evidence.named(index, entities, asked=True) if entities else units:
            if unit.strength == Strength.FAILED or (failed and unit is question) or not may_show_values(unit, windows):
                continue
            verdict = matches_all(facts, unit, question)
            if (
                verdict is True
                and unit.strength == Strength.QUESTION
                and not all(f.scope == Scope.QUERY or f.kind == FactKind.TIME for f in facts)
            ):
                continue
            if verdict is True:
                if best is None or unit.strength > best.unit.strength:
                    best = Match(unit)
            elif (
                isinstance(verdict, str)
                and unit.strength >= Strength.INDIRECT
                and contradiction is None
                and not sequence
            ):
                contradiction = (unit, verdict)
        counted = (
            _count_grounding(facts, units, question, shown, evidence, index, only, failing)
            or _total_grounding(facts, units, question, shown)
            or series_sum(facts, units, question, listing_is_cut(units), evidence.row(index).preview, text)
            or (record_match(facts, units, question, evidence.remember) if best is None and not failed else None)
        )
        if counted is not None and (best is None or counted.unit.strength > best.unit.strength):
            best = counted
        if best is not None and best.unit.strength == Strength.DIRECT:
            break
    if best is not None and best.unit.strength >= Strength.INDIRECT:
        return ClaimStatus.GROUNDED, _groundings(best), "", best.unit.strength == Strength.DIRECT
    if (
        best is not None
        and best.unit.strength == Strength.QUESTION
        and all(f.scope == Scope.QUERY or f.kind == FactKind.TIME for f in facts)
    ):
        return ClaimStatus.GROUNDED, _groundings(best), "grounded in what the call asked", False
    if best is not None and best.unit.strength == Strength.QUESTION:
        best = None
    if contradiction is None and best is None:
        contradiction = _rival(facts, evidence, text)
    if contradiction is not None:
        unit, why = contradiction
        return ClaimStatus.CONTRADICTED, (grounding_of(unit),), why, False
    if best is not None:
        return ClaimStatus.WEAK, _groundings(best), _weak_reason(best.unit, evidence), False
    ends = change_ends(text, facts)  # "from 212 in the 10:00 hour to 18,944 in the 11:00 hour": each end its record
    found = [_ground(end, evidence, shown) for end in ends] if ends else []
    if found and all(r[0] == ClaimStatus.GROUNDED for r in found):
        return ClaimStatus.GROUNDED, tuple(g for r in found for g in r[1]), "", any(r[3] for r in found)
    bound, why = bind_across_rows(facts, evidence, text), "its facts rest on units of different calls about one subject"
    if bound is None and (bound := bind_series_at_time(facts, evidence)) is not None:
        why = "its values are samples of one call's series at its time"
    if bound is not None:
        return (ClaimStatus.GROUNDED, _groundings(bound), why, bound.unit.strength == Strength.DIRECT)
    missing = _missing(facts, evidence)
    return ClaimStatus.UNGROUNDED, (), missing, False


def _rival(facts: Sequence[Fact], evidence: Evidence, text: str = "") -> Optional[tuple[Unit, str]]:
    """A unit about the claim's subject that shows other values for it (rivals.py), searched only once
    nothing grounds the claim: rows that mention its entities, units that name them all."""
    if not any(f.kind in VALUE_KINDS for f in facts) or denies_a_name(text, facts):
        return None  # ("2.14.0 has no inventory_reservations span": another release's span contradicts nothing)
    entities = [f for f in facts if f.is_entity]
    singled = any(f.kind in SPECIFIC_KINDS or f.kind in (FactKind.TIME, FactKind.SETTING) for f in facts)
    rivalry = Rivalry(facts, text)
    if not rivalry.possible:
        return None  # rival_values() is "" for every unit
    some = SOME_ONE.search(text) is not None
    for index in evidence.candidates([f for f in facts if f.kind not in VALUE_KINDS]):
        about = _about(index, entities, evidence)
        if len(about) > 1 and not singled:
            continue  # several units of one subject, none singled out: another one's value contradicts nothing
        question = evidence.question(index)
        if some and len(about) > 1 and not all(rivalry.against(u, question, alone=False, named=True) for u in about):
            continue  # "one of the two replicas is crash-looping": one member may be it, whatever the other shows
        for unit in about:  # rival_values checks every fact itself: a unit showing them all is no rival
            why = rivalry.against(unit, question, alone=len(about) == 1, named=True)
            if why:
                # the claim's names and what else the rival unit shows of it (a partition's id) are the subject
                minutes = tuple(m for f in facts for m in f.minutes)
                subject = [f for f in facts if f.is_entity or (f.kind != FactKind.TIME and matches(f, unit, minutes))]
                return None if values_shown(facts, subject, evidence) else (unit, why)
    return None


def _about(index: int, entities: Sequence[Fact], evidence: Evidence) -> list[Unit]:
    """The units of a row, INDIRECT or stronger, that name every entity themselves (once per row and entities)."""

    def about() -> list[Unit]:
        named = evidence.named(index, entities, asked=False) if entities else evidence.units(index)
        question = evidence.question(index)  # a gRPC method is labelled by its method, its service asked
        return [
            u
            for u in named
            if u.strength >= Strength.INDIRECT
            and all(matches(f, u) or grpc_method_in(f, u, question) for f in entities)
        ]

    return evidence.remember(("about", index, tuple(entities)), about)


def _weak_reason(unit: Unit, evidence: Evidence) -> str:
    return f"only in a weak row ({unit.tool_name} {unit.invocation_id}: no hit, deduplicated or low relevance)"


def _missing(facts: Sequence[Fact], evidence: Evidence) -> str:
    """Names the facts no unit shows, or says they are not shown together."""
    alone = []
    for fact in facts:
        status, _, _, _ = _ground_single(fact, evidence)
        if not status:
            alone.append(fact.describe())
    if alone:
        return "no unit shows " + "; ".join(alone[:4])
    return "the facts appear only in different units, never together: " + "; ".join(f.describe() for f in facts[:4])


def _ground_single(fact: Fact, evidence: Evidence) -> tuple[bool, None, None, None]:
    entities = [fact] if fact.is_entity else []
    windows = value_windows([fact])
    for index in evidence.candidates([fact]):
        units = evidence.units(index)
        question = evidence.question(index)
        failed = any(u.strength == Strength.FAILED for u in units)  # what a failed call asked shows nothing
        for unit in evidence.named(index, entities, asked=True) if entities else units:
            if unit.strength == Strength.FAILED or (failed and unit is question) or not may_show_values(unit, windows):
                continue
            if matches_all([fact], unit, question) is True:
                return True, None, None, None
    return False, None, None, None


def _groundings(match: Match) -> tuple[Grounding, ...]:
    units = match.units or (match.unit,)
    return tuple(grounding_of(u) for u in units[:MAX_GROUNDINGS])


def grounding_of(unit: Unit) -> Grounding:
    return Grounding(unit.invocation_id, unit.ref, unit.excerpt)


def _count_grounding(
    facts: Sequence[Fact],
    units: list[Unit],
    question: Optional[Unit],
    shown_in_claim: bool = False,
    evidence: Optional[Evidence] = None,
    index: int = -1,
    only: bool = False,
    failing: bool = False,
) -> Optional[Match]:
    """A count ("3 ERROR entries") grounded by the number of units of one row that show the rest
    (with the evidence and the row's index: only its units that may name the entities are tried)."""
    counts = [f for f in facts if f.kind == FactKind.COUNT]
    if len(counts) != 1:
        return None
    count = counts[0]
    wanted = int(float(count.key))
    if wanted <= 0:
        return None
    others = [f for f in facts if f is not count]
    level = ""
    if _ERROR_WORDS.search(count.noun) and not any(f.kind == FactKind.LEVEL for f in others):
        level = "ERROR"
    entities = [f for f in others if f.is_entity]
    tried = evidence.named(index, entities, asked=True) if evidence is not None and entities else units
    shown = [
        u
        for u in tried
        if u.kind in LISTED_KINDS
        and u.strength >= Strength.WEAK
        and (not level or u.level in ERROR_LEVELS)
        and (not others or matches_all(others, u, question) is True)
    ]
    if others and not level and len(shown) != wanted and any(u.kind == "object" for u in tried):
        remember = evidence.remember if evidence is not None else None  # ("来源 IP 都是 X": X in each one's `client`)
        shown = records_showing(others, tried, units, question, remember)
    shown = only_failed(tried, shown) if failing else shown
    if not shown_in_claim and listing_is_cut(units):
        return None  # a listing cut by a limit: what it shows is not what was counted
    if only and not shown_in_claim and capped_by_limit(units):  # ("I only sampled 5 lines": what it shows)
        return None  # "一共只有 10 条" of a listing its LIMIT 10 may have cut
    if len(shown) == wanted:
        strongest = max(shown, key=lambda u: u.strength)
        return Match(strongest, tuple(shown))
    return None


def _total_grounding(
    facts: Sequence[Fact], units: list[Unit], question: Optional[Unit], shown: bool
) -> Optional[Match]:
    """ "The search matched 37 ERROR entries for payments-api between 02:40 and 02:55": a count that is the
    total of matches the row's header states, every other fact one of the call's filters (its question
    names it; a time is one of its window's bounds) or shown by every record it lists. A number the call
    only asked (a limit, a page size) is no total, and a record's own value never counts the matches."""
    counts = [f for f in facts if f.kind == FactKind.COUNT]
    header = next((u for u in units if u.kind == "header"), None)
    if len(counts) != 1 or header is None or question is None or header.strength < Strength.INDIRECT:
        return None
    total = _TOTAL.search(header.lowered)
    if total is None or float(total.group(1)) != float(counts[0].key) or float(counts[0].key) <= 0:
        return None
    at_least = counts[0].quantity is not None and counts[0].quantity.comparison == Comparison.ABOVE
    if lower_bound(header) and not at_least:
        return None  # Elasticsearch's "relation": "gte": at least that many (it stopped counting), not how many
    cut = listing_is_cut(units)
    if shown and cut:
        return None  # "returned 3,917 entries" of a listing that shows 2: the total presented as shown
    listed = [] if cut else [u for u in units if u.kind in LISTED_KINDS]
    for fact in facts:
        if fact is counts[0]:
            continue
        if fact.kind == FactKind.TIME:
            if not (states_time(fact, question) or states_time(fact, header)):
                return None
        elif not (
            matches(fact, question)
            or matches(fact, header)
            # what every listed record shows holds of every match only when the listing shows them all
            or (listed and all(matches(fact, u) for u in listed))
        ):
            return None
    return Match(header, (header, question))


def lower_bound(header: Unit) -> bool:
    """Whether a call's total is a lower bound (Elasticsearch's `"relation": "gte"`: it stopped counting)."""
    return _AT_LEAST.search(header.lowered) is not None


_SEQUENCE = re.compile(r"\b(?:followed by|then|and then|after that|afterwards)\b|随后|接着|然后|之后又|紧接着", re.I)
_AT_LEAST = re.compile(r'"relation"\s*:\s*"gte"')
