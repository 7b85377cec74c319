"""A count the claim makes of the records a call shows: "7 SMS send errors between 10:15 and 10:25", "两台都是
Redis 7.2.4", "Two services are above 5% 5xx", "4 条告警都没有被 silence"; and a count of some of them out
of all ("4 of the 6 access-log lines are 502s", "共查到 4 条日志，其中 2 条 ERROR 都来自 10.8.5.11").

No single unit shows such a count: it is the number of records that show the rest of the claim. The
count holds when one call lists exactly that many records (log entries and lines, items, series, alerts)
that each show every other fact of the claim (inside the window its two times bound, error-level when
it counts errors), or records of exactly that many subjects (pods, hosts, services), and the listing is
not cut. The claim must say something of the records besides their
number, so that a count of anything the call happens to list never grounds. A call showing another
number of such records leaves the count ungrounded, never grounded on a near miss.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.bare_numbers import PART_AFTER
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.failed_rows import only_failed
from evidence_trace.server.domain.verifier.intervals import N_OF_ALL, within_window
from evidence_trace.server.domain.verifier.listing_limits import (
    RECORD_KINDS,
    SHOWN,
    capped_by_limit,
    claims_the_whole,
    listing_is_cut,
)
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

ERRORS = re.compile(r"\b(?:errors?|failures?|exceptions?|failed)\b|错误|报错|异常|失败", re.I)
"""A claim that counts errors ("7 SMS send errors", "3 条报错"): it counts error-level records."""
# a row's status as tools print it: failed ("3 个工作流失败" counts these), or not
_FAILED = re.compile(
    r"\b(?:Failed|Error|CrashLoopBackOff|BackoffLimitExceeded|DeadlineExceeded|OOMKilled|FAILED|ERROR)\b"
)
_NOT_FAILED = re.compile(r"\b(?:Running|Succeeded|Completed|Pending|Healthy|OK|SUCCESS|SUCCEEDED)\b")


def listed_records(units: Sequence[Unit]) -> list[Unit]:
    """The records a call lists (log entries and lines, items, series, alerts) that support the claim."""
    return [u for u in units if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT]


def records_showing(
    records: Sequence[Unit], facts: Sequence[Fact], window: Sequence[Fact], errors: bool, question: Optional[Unit]
) -> list[Unit]:
    """The records inside the window the claim's two times bound, error-level when it counts errors, that
    show every fact."""
    return [
        u
        for u in records
        if (not window or within_window(window, u))
        and (not errors or not u.level or u.level in ERROR_LEVELS)
        and matches_all(facts, u, question) is True
    ]


def counted_units(claim_text: str, count: Fact, rest: Sequence[Fact], evidence: Evidence) -> Optional[list[Unit]]:
    """The records one call lists that show every fact of `rest`, when there are exactly `count` of them."""
    quantity = count.quantity
    if quantity is None or quantity.value < 2 or quantity.value != int(quantity.value):
        return None
    window, others = _window(claim_text, rest)
    if not others:
        return None  # "4 records" says nothing of them but their number
    errors = ERRORS.search(count.text) is not None or ERRORS.search(claim_text) is not None
    for index in evidence.rows():
        units = evidence.units(index)
        records = listed_records(units)
        if (
            not records
            or listing_is_cut(units)
            or (claims_the_whole(claim_text) and not SHOWN.search(claim_text) and capped_by_limit(units))
        ):
            continue  # "一共只有 10 条" of a listing its LIMIT 10 may have cut
        shown = records_showing(records, others, window, errors, evidence.question(index))
        shown = only_failed(records, shown) if errors else shown  # a status column tells the failed rows apart
        subjects = {u.subject for u in shown}
        if len(shown) == int(quantity.value) or ("" not in subjects and len(subjects) == int(quantity.value)):
            return shown  # as many records, or records of as many subjects ("两台": 4 series of 2 hosts)
    return None


Counted = tuple[ClaimStatus, tuple[Grounding, ...], str, bool]
# a time in a parenthesis right after another restates it in another zone ("17:03:12 Shanghai time (09:03:12 UTC)")
_RESTATED = re.compile(r"[0-9](?:[ \t]*[A-Za-z/_]+(?:[ \t]+time)?)?[ \t]*[(（][^()（）0-9]{0,8}$", re.I)


def _window(text: str, rest: Sequence[Fact]) -> tuple[list[Fact], list[Fact]]:
    """The two times that bound the counted records ("between A and B", "the first at A (…) and the last at B
    (…)", each restated in another zone or not), and the claim's other facts (every time when none bound)."""
    times = [f for f in rest if f.kind == FactKind.TIME]
    told = [f for f in times if not _RESTATED.search(text, 0, max(0, text.find(f.text)))]
    window = times if len(times) == 2 else told if len(told) == 2 else []
    return window, [f for f in rest if not (window and f.kind == FactKind.TIME)]


def records_counted(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Counted]:
    """A claim's count (or its "N of M") of the records one call shows with the rest of the claim; the rest
    must then ground as the claim's other facts do. None when the counts do not hold."""
    counts = [f for f in facts if f.kind == FactKind.COUNT]
    of = _of_listing(text, facts, counts)
    if of is not None:
        small, big = of
        # a soft name the session never mentions ("access-log lines") is a word, not a fact each record shows
        rest = [f for f in facts if f is not small and f is not big and f.kind != FactKind.COUNT]
        rest = [f for f in rest if not (f.soft and not evidence.mentions(f.key))]
        units = _some_of_all(text, small, big, rest, evidence) if rest else None
        described = f"{small.key} of {big.key} records"
    else:
        rest = [f for f in facts if f.kind != FactKind.COUNT]
        if len(counts) != 1 or not rest:
            return None
        units = counted_units(text, counts[0], rest, evidence)
        described = f"{counts[0].key} records (or of {counts[0].key} subjects)"
    if units is None:
        return None
    status, _, _, direct = ground_parts(text, tuple(rest), evidence)
    if status != ClaimStatus.GROUNDED:
        return None
    groundings = tuple(grounding_of(u) for u in units[:MAX_GROUNDINGS])
    return status, groundings, f"one call shows the rest of the claim in {described}", direct


# "4 of the 6 lines", "3 of 42 targets"; "共 4 条 …，其中 2 条 …"; "4 个 worker 中 3 个 Ready" (all, then some)
_AMONG = re.compile(r"其中[ \t]*(?:有[ \t]*)?([0-9]+)[ \t]*[条个次台]")
_PART_OF = re.compile(PART_AFTER.pattern.rstrip("$") + r"([0-9]+)\b", re.I)
_ZH_OF = re.compile(
    r"([0-9]+)[ \t]*[个台条份][^，。；,;：:\n0-9]{0,16}?(?:里|中|之中|当中)[ \t]*[，,]?[ \t]*(?:有[ \t]*)?([0-9]+)[ \t]*[个台条份]"
)


def _of_listing(text: str, facts: Sequence[Fact], counts: Sequence[Fact]) -> Optional[tuple[Fact, Fact]]:
    """The claim's (some, all) counts when it counts some records out of all of them, else None."""
    valued = [f for f in facts if f.kind in (FactKind.COUNT, FactKind.QUANTITY) and f.quantity is not None]

    def fact_of(number: str) -> Optional[Fact]:
        return next(
            (f for f in valued if f.quantity is not None and f.quantity.value == float(number.replace(",", ""))), None
        )

    m = N_OF_ALL.search(text)
    zh = _ZH_OF.search(text) if m is None else None
    part = _PART_OF.search(text) if m is None and zh is None else None
    if part is not None:  # "Of the 5 VMs in ci-runners, 4 are Running": 4 of the 5
        small, big = fact_of(part.group(2)), fact_of(part.group(1))
    elif m is not None:
        small, big = fact_of(m.group(1)), fact_of(m.group(2))
    elif zh is not None:
        small, big = fact_of(zh.group(2)), fact_of(zh.group(1))
    else:
        among = _AMONG.search(text)
        if among is None or len(counts) != 2:
            return None
        small = fact_of(among.group(1))
        big = next((f for f in counts if f is not small), None)
    if small is None or big is None or small is big or small.quantity is None or big.quantity is None:
        return None
    return (small, big) if small.quantity.value < big.quantity.value else None


def _some_of_all(text: str, small: Fact, big: Fact, rest: Sequence[Fact], evidence: Evidence) -> Optional[list[Unit]]:
    """The records of the one call that lists exactly `big` of them (not cut) that show every fact of
    `rest`, when there are exactly `small` of them. What a "共 N 条 …，全部 …，其中 M 条 …" claim says before
    the smaller count is said of all the records ("3 alerts for orders-pg, all active, 2 of them critical"),
    the rest of the smaller count's records only."""
    assert small.quantity is not None and big.quantity is not None
    window, others = _window(text, rest)
    at = _position(text, small)
    whole = [f for f in others if 0 <= at and 0 <= _position(text, f) < at and _position(text, big) < at]
    part = [f for f in others if f not in whole]
    if not part:
        return None  # the claim says nothing of the smaller count's records
    errors = ERRORS.search(text, max(at, 0)) is not None  # "2 of the 4 entries are ERRORs": error-level records
    for index in evidence.rows():
        units = evidence.units(index)
        question = evidence.question(index)
        records = listed_records(units)
        if len(records) != int(big.quantity.value) or listing_is_cut(units):
            continue
        if whole and not all(matches_all(whole, u, question) is True for u in records):
            continue
        shown = records_showing(records, part, window, errors, question)
        if len(shown) == int(small.quantity.value):
            return shown
    return None


def _position(text: str, fact: Fact) -> int:
    return text.find(fact.text)
