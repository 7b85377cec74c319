"""A gap between two dated times a claim states: "expires Sep 24 23:59:59 2026 GMT, about 10.6 days from the
check (2026-09-14 09:12 UTC)", "从 9 月 14 日 09:12 到 9 月 24 日 23:59，约 10.6 天".

The writer's arithmetic, like a gap between two times of one day (intervals.derived_durations), but across
days: a duration holds when it equals, at the precision it is written, the gap between two of the claim's
date-times; then it is no fact of its own, and the dates and times are still checked. A duration that equals
no such gap stays a fact, to be shown. Both dates are read in one year, the claim's zones as written (two
stamps of one claim are in one zone, or each says its own, which the time facts check).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.dated_times import _CLAIMED, _MONTH_DAYS, _MONTHS
from evidence_trace.server.domain.verifier.fact_model import Dimension, Fact, FactKind

_OPENING = tuple(sum(_MONTH_DAYS[:i]) for i in range(12))  # each month's first day, in days of the year


def dated_gaps(text: str, facts: Sequence[Fact]) -> set[int]:
    """The indexes of the claim's durations that equal the gap between two date-times it states."""
    stamps = sorted({minutes for m in _CLAIMED.finditer(text) if (minutes := _minutes(m)) is not None})
    gaps = {b - a for i, a in enumerate(stamps) for b in stamps[i + 1 :] if b - a >= 60}  # a day's times: intervals
    if not gaps:
        return set()
    return {
        index
        for index, fact in enumerate(facts)
        if fact.kind == FactKind.QUANTITY
        and fact.quantity is not None
        and fact.quantity.dimension == Dimension.TIME
        and any(fact.quantity.matches(gap * 60000.0) for gap in gaps)
    }


def _minutes(m: re.Match[str]) -> Optional[int]:
    """Minutes since the year's start of one date-time the claim states."""
    month = m.group("m") or m.group("m2")
    day = m.group("d") or m.group("d2") or m.group("d3")
    clock = m.group("t") or m.group("t2") or m.group("t3")
    number = int(month) if month else _MONTHS.get((m.group("mon") or "")[:3].lower(), 0)
    if not 1 <= number <= 12 or not day or not clock or not 1 <= int(day) <= _MONTH_DAYS[number - 1]:
        return None
    hours, minutes = clock.split(":")[:2]
    return ((_OPENING[number - 1] + int(day) - 1) * 24 + int(hours)) * 60 + int(minutes)
