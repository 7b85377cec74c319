"""A positive quantifier ("all", "every", "each", "全部", "所有", "每个", "都") is checked against the units it ranges
over: the listing about the claim's subject. The range is every result unit of one supporting row that names all
of the claim's entities (log entries, lines, items, series, alerts; not knowledge chunks), narrowed to error-level
units when the claim names errors or a level. Over that range:
- a claim with nothing checkable besides its subject and quantifier ("every payment-service request timed out",
  "all replicas are down") asserts the units are alike: units of mixed levels or states contradict it; an error
  word before the verb ("all X errors were ...") narrows the range to errors, one after it ("all replicas are
  failing") is what they all must show;
- a claim with facts of its own ("all 3 errors were timeouts of 30 s") needs every unit of the range to show them:
  one that does not contradicts it (one of no number, a record's "Name:" line, is silent on values); a listing
  cut by its tool (a `total` above the units shown) cannot show "all": UNCHECKED unless one contradicts.

Two narrower ranges are read first, each its own kind of "all":
- a series' samples over the whole window ("elevated for the whole 6-hour window", "整个窗口内都高于阈值"): a
  sample at or below the query's threshold contradicts it (check_whole_window);
- an enumerated set of members ("partitions 0, 1, 2, 4 and 5 all have a lag of 0"): a listed member's series
  without the value contradicts it (check_each_value).

check_quantified() runs the three in that order; negated universals are special_checks.check_universal's.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.address_counts import check_address_count
from evidence_trace.server.domain.verifier.bounded_universals import (
    EXAMPLE,
    SizedRange,
    clause_start,
    every_bounded,
    later_universals,
    sums_up,
)
from evidence_trace.server.domain.verifier.claim_patterns import (
    _NEGATION,
    _NOT_ALL,
    CLAUSE_END,
    NARROWED,
    NARROWED_TO,
    UNIVERSAL,
)
from evidence_trace.server.domain.verifier.claims import PART_COUNT, Claim
from evidence_trace.server.domain.verifier.counted_units import ERRORS, listed_records
from evidence_trace.server.domain.verifier.each_member import all_of_count, check_each_member
from evidence_trace.server.domain.verifier.every_state import check_every_state
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.fact_model import normalize
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import LAST_FEW, of_all, within_window
from evidence_trace.server.domain.verifier.listing_limits import LISTED_KINDS, RECORD_KINDS, listing_is_cut, says_shown
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.readiness import check_all_ready
from evidence_trace.server.domain.verifier.scheduling_reasons import check_reason_of_all_nodes
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit
from evidence_trace.server.domain.verifier.whole_windows import check_whole_window

_ERROR_NUMBER = re.compile(r"(?:errno|exit(?:[ _]?code)?|error[ _]?code|code|返回码|退出码|错误码)\b", re.I)
_COPULA = re.compile(
    r"\b(?:is|are|was|were|has|have|had|did|do|does|got|kept|failed|succeeded|crashed|errored|returned|restarted|"
    r"timed|threw|raised|logged|reported|showed|hit)\b|都|均|是|在|为|已|一直",
    re.I,
)
# "all replicas are failing", "都在告警": a level or state the units must share ("All four entries come from
# 10.0.8.21" says where they come from, whatever their levels)
_SAYS_STATE = re.compile(
    r"\b(?:fail\w*|error\w*|erroring|down|up|firing|resolved|pending|crash\w*|unhealthy|healthy|ok|warn\w*|"
    r"degraded|broken|timing out|timed out|succeed\w*|pass\w*)\b|失败|报错|错误|异常|正常|告警|健康|超时|成功|宕"
    r"|\b(?:returned|answered|responded|got)\s+(?:with\s+|an?\s+)?[1-5][0-9]{2}\b|返回了?\s*[1-5][0-9]{2}",
    re.I,
)
_JOINED = re.compile(r"和|与|及|、|以及")
_CONSEQUENCE = re.compile(r"[,，;；]\s*(?:so|therefore|hence|thus|which means|所以|因此|因而|于是|导致)", re.I)


def check_positive_universal(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED or UNCHECKED for a universal claim its listing refutes or cannot show; None otherwise."""
    text = claim.text
    quantifier = UNIVERSAL.search(text)
    window = [f for f in facts if f.kind == FactKind.TIME]
    if len(window) == 1 and re.search(r"[0-9]:[0-9]{2}:[0-9]{2}", window[0].text):
        return None  # "02:40:58 UTC，X 报 …：20 个连接全部 active": one record's own "all", not the units'
    # "所有实例都抓不到（up=0）": negated in words, a value each must show
    valued = any(f.kind in (FactKind.QUANTITY, FactKind.SETTING, FactKind.HTTP_STATUS) for f in facts)
    # "every X has failed with … No space left on device": the negation is the error's own words, after the verb
    # (a negation in a clause before the quantifier's is not its: "is running out of space: every task failed")
    verb = _COPULA.search(text, quantifier.end()) if quantifier is not None else None
    opening = clause_start(text, quantifier.start(), ":;,，；：") if quantifier is not None else 0
    quoted = verb is not None and not _NEGATION.search(text, opening, verb.start())
    negated = claim.negated and not valued and not quoted
    if negated or quantifier is None or _NOT_ALL.search(text) or NARROWED.search(text) or sums_up(text, quantifier):
        return None  # "the other five partitions all ...": a range the claim narrows, not the whole listing
    if NARROWED_TO.search(text, 0, quantifier.start()):
        return None  # "Four of them are …, i.e. they all …": the four, not the listing
    example = EXAMPLE.search(text, quantifier.end())  # "…, including X": X is one of them, not the range
    # "…全部 UNASSIGNED，所以 store.size 和 pri.store.size 都是 5.3gb": what a consequence names is not the range
    after = _CONSEQUENCE.search(text, quantifier.end())
    # "every X pod fails readiness, the Service loses …, and the ingress answers 503": another subject's clause
    another = _OTHER_SUBJECT.search(text, quantifier.end()) if quantifier is not None else None
    stop = min((m.start() for m in (example, after, another) if m is not None), default=len(text))
    entities = [f for f in facts if f.is_entity and text.find(f.text) < stop]
    # "/api/v1/orders/{id} 只有 0.12%，cancel 和 healthz 都是 0": "都" after names joined in its clause ranges over them
    clause = clause_start(text, quantifier.start())
    if clause > 0 and quantifier.group(0) in ("都", "均") and _JOINED.search(text, clause, quantifier.start()):
        entities = [f for f in entities if 0 <= text.find(f.text, clause) < quantifier.start()]
        if len(entities) != 1:
            return None  # "store.size 和 pri.store.size 都是 5.3gb": each named thing takes it (shared predicate)
    if (
        (claim.after_part or PART_COUNT.search(text, 0, quantifier.start()))
        and _ANAPHORIC.search(text, max(0, quantifier.start() - 12), quantifier.end() + 12)
        and not any(text.find(f.text) < quantifier.start() for f in entities)
    ):
        return None  # "6 of the 8 are 504s. All of them …, every one shows `urt` ≈ 60 s": that part, not the listing
    # an error's own number ("… failed with [Errno 28]", "exit code 137") is no enumerated member
    has_id = any(f.kind == FactKind.ID and not _ERROR_NUMBER.match(f.text) for f in facts)
    if not entities and not has_id:  # (the names of its examples are no values each record must show)
        told = [f for f in facts if not (f.is_entity and text.find(f.text) >= stop)]
        return _every_counted(text, quantifier.end(), facts, evidence, base) or every_bounded(
            text, quantifier.start(), told, evidence, base
        )
    if not entities or has_id:
        # An enumerated set ("partitions 0, 1 and 4 all ...") is checked member by member (check_each_value).
        return None
    if verb is not None:
        # "every generate_invoice_pdf task has failed with OSError at /tmp/render": the names after the verb
        # are what each must show, not what "every" ranges over
        said = [f for f in entities if text.find(f.text) > verb.start()]
        if said and len(said) < len(entities):
            entities = [f for f in entities if f not in said]
        elif (
            said
            and _ANAPHORIC.search(text, max(0, quantifier.start() - 12), quantifier.end() + 12)
            and any(f.quantity is not None and 0 <= text.find(f.text) < quantifier.start() for f in facts)
        ):
            return None  # "the 3,874 502s …, every one of them is on X": the records counted before are the range
    counted = _ranges_over_count(text, quantifier.end(), facts)
    levels = [f for f in facts if f.kind == FactKind.LEVEL]
    end = CLAUSE_END.search(text, quantifier.end())  # "all of them are critical": each alert's severity
    severities = [f for f in levels if quantifier.end() <= text.find(f.text) < (end.start() if end else len(text))]
    # each unit must show the claim's own facts; a count is of the set ("three clients"), not of each one
    own = [
        f
        for f in facts
        if f not in entities
        and text.find(f.text)
        < stop  # "CPU 都耗在 GC 上，所以 1 秒的探针超时": a consequence's facts are not each one's
        and f.kind not in (FactKind.LEVEL, FactKind.TIME, FactKind.COUNT)
        and not of_all(text, f)  # "All 3 of 3 pods are not ready": the 3 counts the set, not each one's value
        and not (f.is_entity and f.kind in (FactKind.SERVICE, FactKind.INSTANCE))
    ]
    # "all X errors were ..." ranges over errors; "all X replicas are failing" says they all fail.
    ranged = text[quantifier.end() : verb.start() if verb else len(text)]
    errors_only = ERRORS.search(ranged) is not None or any(f.text in ranged for f in levels)
    # "all three 502s for /api/v2/search were proxied to X": it ranges over the records of that status
    of_status = [f for f in facts if f.kind == FactKind.HTTP_STATUS and f.text in ranged and f.text != ranged.strip()]
    if quantifier.group(0) in ("都", "均"):  # "ingress 上的 502 样本都集中在 /v2/quotes": the statuses said before 都
        before = clause_start(text, quantifier.start())
        of_status += [
            f for f in own if _STATUS_CODE.fullmatch(f.text) and before <= text.find(f.text) < quantifier.start()
        ]
    own = [f for f in own if f not in of_status]
    sized = SizedRange.of(text, quantifier, facts, entities, claim.codes)  # "all six come from X"
    sized_count = all_of_count(text, quantifier, facts) or _counted_before(text, quantifier, facts)
    cut: Optional[Unit] = None
    for index in evidence.rows():
        units = evidence.units(index)
        question = evidence.question(index)
        named = [
            u
            for u in units
            if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT and all(matches(f, u) for f in entities)
        ]
        if not named and sized_count is not None and not any(f.quantity is not None for f in own):
            # "storage-03: all 3 pools are ONLINE": the records of a call asked about storage-03 ("zpool list"
            # there), when they are as many as the claim counts and it says a name or state of each (figures,
            # "41–52 ms, 45 ms on average", may be of the set)
            asked = [u for u in units if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT]
            named = asked if len(asked) == sized_count and names_subject(entities, asked[0], question) else []
        stray = sized.stray(units) if sized is not None else None
        if stray is not None and sized is not None and not any(sized.fits(evidence.units(i)) for i in evidence.rows()):
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(stray),), reason=sized.why(stray))
        # "between 03:14 and 03:16, … each time …": the units in that window
        about = [u for u in named if within_window(window, u) and matches_all(of_status, u, None) is True]
        if errors_only:
            listed = about
            about = [u for u in about if (u.level in ERROR_LEVELS) or (levels and matches_all(levels, u, None) is True)]
            sizes = [f.quantity.value for f in facts if f.kind == FactKind.COUNT and f.quantity is not None]
            if not own and len(sizes) == 1 and len(listed) == sizes[0] > len(about):
                # "all three entries from X are errors" where X has three entries, one of them a WARN
                other = next(u for u in listed if u not in about)
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(other),),
                    reason=f"not every one of the {len(listed)} units about it is an error: {other.ref} is not",
                )
        if counted is not None and counted < len(about):
            continue  # "3 of the 4 lines are 504s, all GET", "其中 2 条 ERROR 都来自 X": the count checks those
        if len(about) < 2:
            continue
        checked = [*own, *(severities if not errors_only and all(u.kind == "alert" for u in about) else ())]
        if checked:
            showing = [_shows(checked, u, question, text) for u in about]
            silent = all(f.quantity is not None for f in checked)  # a unit of no number shows no other value
            odd = next((u for u, shows in zip(about, showing) if not shows and (u.numbers or not silent)), None)
            if odd is not None and any(showing):
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(odd),),
                    reason=f"not every unit about it shows it: {odd.ref} does not",
                )
            if silent and any(not shows and not u.numbers for u, shows in zip(about, showing)):
                # each record's name on one line, its values on lines that do not name it ("Name: …" then
                # "nvidia.com/gpu: 1"): what each one shows cannot be read, so "each has 1" is not shown
                return base(status=ClaimStatus.UNCHECKED, reason="the units naming it show no values of their own")
        # with no unit showing its own facts whole ("every task failed with OSError 28 at /tmp/render", told
        # across a traceback's lines), a claim of a state is still one the units must share
        if (
            not (own and (valued or _shown_anywhere([*entities, *own], evidence)))
            and not errors_only
            and _SAYS_STATE.search(text, quantifier.end(), stop)
        ):
            kinds = {_kind(u) for u in about if u.level or u.state}
            if len(kinds) > 1:
                first, odd = about[0], next(u for u in about if _kind(u) != _kind(about[0]))
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(first), grounding_of(odd)),
                    reason=f"the units about it differ ({_describe(first)} in {first.ref}, {_describe(odd)} in {odd.ref})",
                )
        # "返回的 3 条 … 都 …", "all three are …" (a count right after "all"): of the ones shown
        shown_all = (counted is not None and counted == len(about)) or all_of_count(text, quantifier, facts) in (
            len(about),
            len(named),
        )
        if cut is None and listing_is_cut(units) and not shown_all and not _ranges_over_shown(text, facts, units):
            cut = about[0]
    if cut is not None:
        return base(
            status=ClaimStatus.UNCHECKED,
            groundings=(grounding_of(cut),),
            reason="the listing is cut (its total is above the entries shown): it cannot show all of them",
        )
    return None


def _counted_before(text: str, quantifier: re.Match[str], facts: Sequence[Fact]) -> Optional[float]:
    """ "3 个池都是 ONLINE", "这 3 个池全部 …": the count a Chinese universal's clause gives before it, the range's size."""
    if quantifier.group(0) not in ("都", "均", "全部", "全都"):
        return None
    clause = clause_start(text, quantifier.start())
    counts = [f for f in facts if f.kind == FactKind.COUNT and clause <= text.find(f.text) < quantifier.start()]
    return counts[-1].quantity.value if len(counts) == 1 and counts[-1].quantity is not None else None


_EITHER = re.compile(r"\bor\b|或者?|还是", re.I)


def _shows(checked: Sequence[Fact], unit: Unit, question: Optional[Unit], text: str) -> bool:
    """Whether a unit shows what each member must: facts of one kind joined by "or" ("`dur=2.000s` or
    `dur=2.001s`", "502 或 504") are alternatives, one of which it shows."""
    if matches_all(checked, unit, question) is True:
        return True
    for first, second in zip(checked, checked[1:]):
        start, end = text.find(first.text), text.find(second.text)
        if first.kind == second.kind and 0 <= start < end and _EITHER.search(text, start + len(first.text), end):
            rest = [f for f in checked if f is not first and f is not second]
            return any(matches_all([*rest, f], unit, question) is True for f in (first, second))
    return False


def _shown_anywhere(facts: Sequence[Fact], evidence: Evidence) -> bool:
    """Whether some supporting unit of the session shows all the facts together (the subject with them)."""
    return any(
        u.strength >= Strength.INDIRECT and matches_all(facts, u, None) is True
        for index in evidence.candidates(facts)
        for u in evidence.units(index)
    )


def _every_counted(text: str, at: int, facts: Sequence[Fact], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "表里 4 个定时任务全部失败了", "all 3 checks passed": a claim that names no subject but counts what it
    ranges over is about the listing of that many records; one that shows the opposite outcome (a job
    that succeeded, a check that failed) contradicts it."""
    counts = [f.quantity for f in facts if f.kind == FactKind.COUNT and f.quantity is not None and f.key != "0"]
    end = CLAUSE_END.search(text, at)  # the outcome said in the quantifier's clause, not in a later one's
    failed, passed = (p.search(text, at, end.start() if end else len(text)) for p in (_FAILED, _PASSED))
    parted = any(m.group(1) for m in _PART_COUNT.finditer(arabic(normalize(text)).lower(), 0, at))  # "3 of the 6 …"
    if len(counts) != 1 or bool(failed) == bool(passed) or parted:
        return None
    wanted, opposite = (_FAILED, _PASSED) if failed else (_PASSED, _FAILED)
    for index in evidence.rows():
        listed = listed_records(evidence.units(index))
        if not counts[0].matches(len(listed)):
            continue
        odd = next((u for u in listed if opposite.search(u.lowered) and not wanted.search(u.lowered)), None)
        if odd is not None:
            return base(
                status=ClaimStatus.CONTRADICTED,
                groundings=(grounding_of(odd),),
                reason=f"not every one of the {len(listed)} records shows it: {odd.ref} does not",
            )
    return None


_FAILED = re.compile(
    r"\b(?:fail(?:ed|ing|s)?|errored|erroring|down|crash(?:ed|ing)?|unhealthy)\b|失败|报错|出错|宕机|挂了|不健康", re.I
)
_PASSED = re.compile(
    r"\b(?:succeeded|successful(?:ly)?|passed|passing|healthy|completed)\b|成功|通过|正常|健康(?!检查)", re.I
)


def _ranges_over_count(text: str, at: int, facts: Sequence[Fact]) -> Optional[float]:
    """How many "all" ranges over when the claim counted them before it ("3 of the 4 lines are 504s, all
    GET", "其中 2 条 ERROR 都来自 X"): that count checks them, if the listing shows that many; None when
    the claim counted nothing before it ("every request ..., from three clients": a count of another thing)."""
    lowered = arabic(normalize(text)).lower()
    before = [
        f.quantity.value
        for f in facts
        if f.kind == FactKind.COUNT and f.quantity is not None and 0 <= lowered.find(f.text.lower()) < at
    ]
    # "4 of the 6 lines", "其中 2 条", "6 条中有 4 条": the part counted, whatever noun it takes
    before += [float(m.group(1) or m.group(2)) for m in _PART_COUNT.finditer(lowered, 0, at)]
    return min(before) if before else None


# a part, as a number: "4 of the 6", "其中 2 条", "5 个会话里 4 个" ("里"/"中" right before the part's count)
_PART_COUNT = re.compile(
    r"\b([0-9]+)\s+of\s+(?:the\s+)?(?:(?:" + LAST_FEW + r"|recent)\s+)?[0-9]+\b"
    r"|(?:其中|中有|里有|[里中](?=[ \t]*[0-9]+[ \t]*[个条台次]))[ \t]*([0-9]+)"
)


def _ranges_over_shown(text: str, facts: Sequence[Fact], units: Sequence[Unit]) -> bool:
    """ "The 3 samples are all ...", "返回的样本都 ...": the claim ranges over what the call shows, and any
    count it states is the number shown, not the total it matched."""
    shown = sum(1 for u in units if u.kind in LISTED_KINDS)
    # a count in another clause ("日志里有 3814 条相关记录，样例都是 …") is of something else: the total
    quantifier = UNIVERSAL.search(text)
    opening = clause_start(text, quantifier.start()) if quantifier else 0
    own = [f for f in facts if f.kind == FactKind.COUNT and text.find(f.text, opening) >= 0]
    return says_shown(text[opening:], own) and all(float(f.key) == shown for f in own)


def _kind(unit: Unit) -> tuple[bool, str]:
    return (unit.level in ERROR_LEVELS, unit.state)


def _describe(unit: Unit) -> str:
    return unit.state or unit.level or "no level"


_EACH = re.compile(
    r"\b(?:all|each|every|both)\b[^.;。；]{0,60}?\b(?:is|are|was|were|at|have|has|had|show|showed|stayed|sit|sat|equal|equals)\b"
    r"|都是|均为|均是|全部为|全部是|全为|全是|都为|都在|均在",
    re.I,
)
_ID_LIST = re.compile(
    r"[（(]\s*([0-9]+(?:\s*[、,，/]\s*[0-9]+)+)\s*[)）]"
    r"|(?:partitions?|shards?|replicas?|nodes?|分区|副本|节点)\s*([0-9]+(?:\s*(?:[、,，/]|and|和|与|及)\s*[0-9]+)+)",
    re.I,
)


def check_each_value(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "Partitions 0, 1, 2, 4 and 5 are all at 0": contradicted by a series of one listed
    partition whose samples do not show the value."""
    ids = _ID_LIST.search(claim.text)
    if claim.negated or ids is None or not _EACH.search(claim.text):
        return None
    listed = {float(n) for n in re.findall(r"[0-9]+", ids.group(1) or ids.group(2))}
    values = [
        f
        for f in facts
        if f.kind == FactKind.QUANTITY and f.quantity is not None and f.quantity.comparison == Comparison.EQUAL
    ]
    if len(values) != 1:
        return None
    entities = [f for f in facts if f.is_entity]
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = evidence.question(index)
        for unit in units:
            if unit.kind != "series" or (entities and matches_all(entities, unit, question) is not True):
                continue
            if not any(n.key and not n.sample and n.value in listed for n in unit.numbers):
                continue
            samples = tuple(n for n in unit.numbers if n.sample)
            if samples and not matches(
                values[0], dataclasses.replace(unit, read_numbers=functools.partial(tuple, samples))
            ):
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"{unit.ref} of {unit.invocation_id}, one of those listed, is not {values[0].text}",
                )
    return None


_ANAPHORIC = re.compile(
    r"\b(?:every|each) one\b|\bof (?:them|these|those)\b|\bthey (?:all|each)\b|它们|这些|那些", re.I
)
_OTHER_SUBJECT = re.compile(
    r"[,;，；][ \t]*(?:and[ \t]+|while[ \t]+|then[ \t]+)?(?:the|its|their)[ \t]+\w+[ \t]+\w+s\b|[，；][ \t]*(?:而|同时|进而|随后|其中)"
    r"|[,;][ \t]*(?:of which|among them)\b"  # "…全部在等锁，其中最长的是 40219": one of them singled out
)


_STATUS_CODE = re.compile(r"[1-5][0-9]{2}")  # a bare figure that reads as an HTTP status ("502 样本")


def check_quantified(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """A claim's "all" over the whole window, enumerated members or its listing; a later clause's "every" too."""
    # "all 9 nodes lack memory"; "resolves to 3 IPs" where the answer gives two
    counted = check_reason_of_all_nodes(claim.text, facts, evidence, base) or check_address_count(
        claim.text, facts, evidence, base
    )
    if counted is not None:
        return counted
    for check in (
        check_all_ready,
        check_every_state,
        check_whole_window,
        check_each_value,
        check_each_member,
        check_positive_universal,
    ):
        found = check(claim, facts, evidence, base)
        if found is not None:
            return found
    for clause in later_universals(claim.text, UNIVERSAL):
        own = tuple(f for f in facts if f.text in clause)
        part = claim.after_part or PART_COUNT.search(claim.text, 0, claim.text.find(clause)) is not None
        found = check_positive_universal(dataclasses.replace(claim, text=clause, after_part=part), own, evidence, base)
        if found is not None:
            return found
    return None
