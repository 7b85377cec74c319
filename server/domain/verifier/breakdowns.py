"""A count broken down by what its records show: "7 SMS send errors, 5 on notify-svc-…-4hjlw and 2 on
-9ptx2", "共 1,906 次，2mzqk 988 次、h7vwn 918 次", "返回 6 条日志：5 条 ERROR、1 条 WARN", "4 条 OutOfMemoryError，
recommend-engine-2（3 条）和 recommend-engine-4（1 条）".

No one unit shows such a claim: its total counts records, each part the records of one subject or level. It
holds in one of two ways, and a miss by one leaves the claim as it was, never grounded on a near miss:

- records: one call lists (not cut) exactly the total of records that show the claim's other facts (inside
  the window its two times bound, error-level when it counts errors), and of them exactly each part's count
  show that part's label;
- values: each part's label and count are shown together by one record (an aggregation bucket, a series, a
  table row: "2mzqk 988" as `{"key":"2mzqk","doc_count":988}`), and the parts add up to the total.

A part is a count and a label beside it (a pod or its suffix, a host, a service, a level, a state); a list
of two or more parts follows the total. The claim's other facts must ground as they would without the
breakdown.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.verifier.counted_units import ERRORS, listed_records, records_showing
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, extract_facts
from evidence_trace.server.domain.verifier.listing_limits import SHOWN, capped_by_limit, listing_is_cut
from evidence_trace.server.domain.verifier.respectively import settle_respectively
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

_NUMBER = r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+"
_CLASSIFIER = r"[ \t]*(?:条|个|次|台|份|笔|只)"
_NAME = r"`?(?=[\w.:/-]*[A-Za-z])-?[A-Za-z0-9][\w.:/-]*`?"  # a name or its tail ("-9ptx2", "2mzqk", "t_1042")
_WORDS = r"[A-Za-z][A-Za-z ]{0,24}?|[\u4e00-\u9fff]{1,6}?"  # a level or state: "ERROR", "active", "被静默"
_LABELLED = rf"\*\*(?:{_NAME})\*\*|{_NAME}"
# "h2kzt 14 次", "ip-10-4-2-17 上 7 个", "recommend-engine-2（3 条）", "`-m7vzt` (3)": a name, then its count
_LABEL_FIRST = (
    rf"(?P<name>{_LABELLED})(?:[ \t]*(?:上|里|中)?[ \t]*(?<![\w.:/-])(?P<n2>{_NUMBER}){_CLASSIFIER}"
    rf"|[ \t]*[(（][ \t]*(?P<n3>{_NUMBER})(?:{_CLASSIFIER})?[ \t]*[)）])"
)
# "5 on A", "3 lines from A", "13 of them from A", "4 条来自 A", "2 条 active", "4 ERROR": a count, then what its records show
_COUNT_FIRST = (
    rf"(?P<n1>{_NUMBER})(?:{_CLASSIFIER}[ \t]*(?:来自|是|为|在)?[ \t]*(?P<label>{_LABELLED}|{_WORDS})"
    rf"|(?:[ \t]+(?:lines?|entries|errors|times|events|requests))?(?:[ \t]+of[ \t]+(?:them|these|those))?"
    rf"[ \t]+(?:on|from|in|at|for|by)[ \t]+(?P<label2>{_LABELLED})"
    rf"|[ \t]+(?P<word>{_WORDS}))"
)
_ITEM = rf"(?<![\w.-])(?:{_COUNT_FIRST}|{_LABEL_FIRST})(?=[ \t]*(?:[、，,;；。.)）]|and\b|和|及|$))"
_SEP = r"[ \t]*(?:、|，|,|;|；|,?[ \t]*\band\b|和|及|以及)[ \t]*"
_UNNAMED = re.sub(r"\(\?P<\w+>", "(?:", _ITEM)
_LIST = re.compile(rf"{_UNNAMED}(?:{_SEP}{_UNNAMED})+", re.I)
_ONE = re.compile(_ITEM, re.I)
_LABEL_KINDS = (
    FactKind.INSTANCE,
    FactKind.SERVICE,
    FactKind.ALERT,
    FactKind.IDENTIFIER,
    FactKind.LEVEL,
    FactKind.STATE,
    FactKind.WORKLOAD_STATE,
    FactKind.HTTP_STATUS,
    FactKind.ERROR_CODE,
    FactKind.ID,
)

_WORD_KINDS = (FactKind.LEVEL, FactKind.STATE, FactKind.WORKLOAD_STATE)
Part = tuple[int, tuple[Fact, ...]]
_VALUED = ("series", "item")  # a bucket, a series, a row: a log line's numbers are no count of anything


def _parts(text: str) -> Optional[tuple[int, int, list[Part]]]:
    """The span of the claim's list of parts and the parts (count, label facts), or None."""
    found = _LIST.search(text)
    if found is None:
        return None
    items: list[tuple[int, int, tuple[Fact, ...]]] = []  # (end, count, label facts)
    for item in _ONE.finditer(text, found.start(), found.end()):
        number = item.group("n1") or item.group("n2") or item.group("n3")
        word = item.group("word")
        label = (item.group("label") or item.group("label2") or item.group("name") or word or "").strip("`* \t")
        kinds = _WORD_KINDS if word else _LABEL_KINDS  # "4 ERROR", "2 active": a level or a state, not a name
        facts = tuple(f for f in extract_facts(label) if f.kind in kinds)
        if not facts and not word and re.fullmatch(_NAME, label) and re.search(r"[0-9_-]", label):
            facts = (Fact(FactKind.INSTANCE, label, label.lower()),)
        items.append((item.end(), int(number.replace(",", "")), facts))
    # "7 SMS send errors, 5 on A and 2 on B", "共 6 条 ERROR，A 4 条、B 2 条": the first is the total, not a part
    if items and (not items[0][2] or _totals(items[0], items[1:])):
        start, items = items[0][0], items[1:]
    else:
        start = found.start()
    if len(items) < 2 or not all(label for _, _, label in items):
        return None
    return start, found.end(), [(n, label) for _, n, label in items]


def _totals(first: tuple[int, int, tuple[Fact, ...]], rest: Sequence[tuple[int, int, tuple[Fact, ...]]]) -> bool:
    """Whether the first item is the total of the others: their sum, of another kind ("6 条 ERROR" of pods),
    never one more part ("2xq8m 3 条、kc7rv 2 条、w9n3d 1 条")."""
    kinds = {f.kind for _, _, label in rest for f in label}
    return len(rest) >= 2 and first[1] == sum(n for _, n, _ in rest) and not kinds & {f.kind for f in first[2]}


Found = tuple[ClaimStatus, tuple[Grounding, ...], str, bool]


def settle_parts(text: str, facts: Sequence[Fact], evidence: Evidence, found: Found) -> Found:
    """The claim's check with its breakdown (below) and its values said respectively (respectively.py)."""
    return settle_respectively(text, facts, evidence, settle_breakdown(text, facts, evidence, found))


def settle_breakdown(text: str, facts: Sequence[Fact], evidence: Evidence, found: Found) -> Found:
    """The claim's check with its breakdown: GROUNDED when the breakdown holds; when it does not, a claim
    grounded without reading its parts ("4 on A and 2 on B" are no facts of their own) is UNGROUNDED."""
    read = _parts(text)
    if read is None:
        return found
    held = _broken_down(text, facts, evidence, read)
    if held is not None:
        return held if found[0] != ClaimStatus.CONTRADICTED else found
    if found[0] == ClaimStatus.GROUNDED:
        return ClaimStatus.UNGROUNDED, (), "no call shows the count broken down as the claim does", False
    return found


def _broken_down(
    text: str, facts: Sequence[Fact], evidence: Evidence, read: tuple[int, int, list[Part]]
) -> Optional[Found]:
    """GROUNDED when the claim's count and its breakdown hold (module docstring), else None."""
    start, end, parts = read
    inside = [f for f in facts if start <= text.find(f.text) < end]
    # the total as written: the writer's sum of the parts may have left the claim's facts (arithmetic.py)
    total = _total(text, start, parts)
    rest = tuple(f for f in facts if f not in inside and f != total and f.kind != FactKind.COUNT)
    count = int(total.quantity.value) if total is not None and total.quantity is not None else None
    units = _records(text, count, parts, rest, evidence)
    if units is not None:  # the records fell inside the window its times bound
        rest = tuple(f for f in rest if f.kind != FactKind.TIME)
    else:  # each part a value of its own record; a total that is not their sum is a fact of its own
        units = _values(parts, evidence)
        if count is not None and count != sum(n for n, _ in parts) and total is not None:
            rest = (*rest, total)
    if units is None:
        return None
    direct = True
    if rest:  # what the claim says besides its counts grounds as it would without them
        status, _, _, direct = ground_parts(text, rest, evidence)
        if status != ClaimStatus.GROUNDED:
            return None
    groundings = tuple(grounding_of(u) for u in units[:MAX_GROUNDINGS])
    return ClaimStatus.GROUNDED, groundings, "one call shows the count and each part of its breakdown", direct


def _total(text: str, start: int, parts: Sequence[Part]) -> Optional[Fact]:
    """The count before the list the parts break down: the one their sum equals, else the nearest that is
    not the number of parts ("5 error lines from two pods: 3 from A and 2 from B" counts lines, not pods)."""
    before = [f for f in extract_facts(text) if _counts(f) and 0 <= text.find(f.text) < start]
    whole = sum(n for n, _ in parts)
    summed = [f for f in before if f.quantity is not None and f.quantity.value == whole]
    if summed:
        return summed[-1]
    others = [f for f in before if f.quantity is not None and f.quantity.value != len(parts)]
    return others[-1] if others else None


def _counts(fact: Fact) -> bool:
    """Whether a fact is a whole number of things: "7 SMS send errors", "共 1,906 次", a bare "8"."""
    quantity = fact.quantity
    if quantity is None or not float(quantity.value).is_integer():
        return False
    return fact.kind == FactKind.COUNT or (fact.kind == FactKind.QUANTITY and quantity.dimension == Dimension.NUMBER)


def _records(
    text: str, count: Optional[int], parts: Sequence[Part], rest: Sequence[Fact], evidence: Evidence
) -> Optional[list[Unit]]:
    """The records one call lists that show the rest of the claim, when they number the total and each part's
    count shows its label."""
    times = [f for f in rest if f.kind == FactKind.TIME]
    window = times if len(times) == 2 else []
    others = [f for f in rest if f.kind != FactKind.TIME]
    # "6 errors, 4 on A and 2 on B" counts error-level records; "4 ERROR and 1 WARN" counts each level
    errors = ERRORS.search(text) is not None and not any(f.kind == FactKind.LEVEL for _, label in parts for f in label)
    sampled = _SAMPLED.search(text) is not None  # the records shown, not all that matched
    for index in evidence.rows():
        units = evidence.units(index)
        question = evidence.question(index)
        records = listed_records(units)
        if not records or (listing_is_cut(units) and not sampled):
            continue
        shown = records_showing(records, others, window, errors, question)
        if count is not None and (len(shown) != count or (capped_by_limit(units) and not sampled)):
            continue  # "共 15 条" of a listing its limit of 15 may have cut
        if all(sum(1 for u in shown if matches_all(label, u, question) is True) == n for n, label in parts):
            return shown
    return None


def _values(parts: Sequence[Part], evidence: Evidence) -> Optional[list[Unit]]:
    """One unit per part that shows its label and its count together: a record (a bucket, a series, a table
    row) with both, or a unit that gives the count right after the label (`"…-k2xqp": 6`); never a log line,
    whose numbers count nothing."""
    found = []
    for n, label in parts:
        unit = next(
            (
                u
                for index in evidence.rows()
                for u in evidence.units(index)
                if u.kind not in _LOGS and u.strength >= Strength.INDIRECT and _shows_value(u, n, label)
            ),
            None,
        )
        if unit is None:
            return None
        found.append(unit)
    return found


_LOGS = ("log entry", "log line")
# "the query returned 6", "I pulled the latest 3": a count of the records shown, which a limit does not cut
_SAMPLED = re.compile(rf"{SHOWN.pattern}|\b(?:latest|most recent|pulled|fetched)\b|最近的?|最新的?", re.I)


def _shows_value(unit: Unit, n: int, label: tuple[Fact, ...]) -> bool:
    if matches_all(label, unit, None) is not True:
        return False
    if unit.kind in _VALUED and any(number.value == n for number in unit.numbers):
        return True
    keys = [f.key for f in label if f.is_entity]
    return any(
        re.search(
            rf"{re.escape(key)}[\w.-]*[\"']?[ \t]*[:=,][ \t]*[\"']?(?:doc_count[\"']?[ \t]*:[ \t]*)?{n}(?![0-9.])",
            unit.lowered,
        )
        for key in keys
    )
