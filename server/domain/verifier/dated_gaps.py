"""A gap between two dated times a claim states: "expires Sep 24 23:59:59 2026 GMT, about 10.6 days from the
check (2026-09-14 09:12 UTC)", "从 9 月 14 日 09:12 到 9 月 24 日 23:59，约 10.6 天"; or between one it states and
the time a call ran, when the claim counts from then ("expires Oct 31 06:14:08 GMT, about 41 days after this
check", "3h47m from now", "距今约 41 天"): each call's start time is a "now" the claim may count from.

The writer's arithmetic, like a gap between two times of one day (intervals.derived_durations), but across
days: a duration holds when it equals, at the precision it is written, the gap between two of the claim's
date-times; then it is no fact of its own, and the dates and times are still checked. A duration that equals
no such gap stays a fact, to be shown. Both dates are read in one year, the claim's zones as written (two
stamps of one claim are in one zone, or each says its own, which the time facts check).
"""

from __future__ import annotations

import datetime
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.dated_times import _CLAIMED, _MONTH_DAYS, _MONTHS
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_model import STATED, Dimension, Fact, FactKind

_OPENING = tuple(sum(_MONTH_DAYS[:i]) for i in range(12))  # each month's first day, in days of the year


# the claim counts from the time it was checked: "after this check", "from now", "until now", "距今", "到现在", "还剩"
_FROM_NOW = re.compile(
    r"\b(?:from|after|since|before)\s+(?:now|today|this\s+check|the\s+check|the\s+time\s+of\s+the\s+check|checking)\b"
    r"|\bleft\b|\bremaining\b|\bin\s+about\b|\b(?:until|by|as\s+of)\s+now\b"
    r"|距今|距离现在|距现在|从现在|到现在|至今|到目前为止|还剩|还有约?|之后到期|后到期|后过期"
    # a time back from the check: "about 13 minutes ago", "3 天前", "已经过期约 3 天", "expired … before this run"
    r"|\bago\b|(?<=[0-9一二两三四五六七八九十半多])[ \t]*(?:天|小时|分钟|分|秒|周)多?前|已经?过期|过期了"
    r"|\b(?:expired|before\s+this\s+(?:run|call))\b",
    re.I,
)


def dated_gaps(text: str, facts: Sequence[Fact], checked: Sequence[int] = (), clocks: Sequence[int] = ()) -> set[int]:
    """The indexes of the claim's durations that equal the gap between two date-times it states, or between
    one and a call's start (`checked`: minutes since the year's start, UTC, given for a claim that counts from
    now: counts_from_now); with no date, a time of day it (or the claim before it) states (`clocks`: UTC minutes
    of the day) counts the same."""
    stamps = sorted({minutes for m in _CLAIMED.finditer(text) if (minutes := _minutes(m)) is not None})
    gaps = {b - a for i, a in enumerate(stamps) for b in stamps[i + 1 :] if b - a >= 60}  # a day's times: intervals
    since: set[int] = set()  # gaps to a call's start: a stated duration only, never a bound ("under 9 days left")
    if checked:
        since = {abs(stamp - now) for stamp in stamps for now in checked if abs(stamp - now) >= 60}
        days = {now % 1440 for now in checked}
        # "18:00 …, 3h47m from now"; "从 01:50 起 …，到现在已经 21 分钟": a clock after the check or before it
        if not stamps:
            since |= {gap for clock in clocks for now in days for gap in ((clock - now) % 1440, (now - clock) % 1440)}
    return {
        index
        for index, fact in enumerate(facts)
        if fact.kind == FactKind.QUANTITY
        and fact.quantity is not None
        and fact.quantity.dimension == Dimension.TIME
        and (
            any(fact.quantity.matches(gap * 60000.0) for gap in gaps)
            or (fact.quantity.comparison in STATED and any(fact.quantity.matches(gap * 60000.0) for gap in since))
        )
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
    return _of_year(number, int(day), int(hours), int(minutes))


def _of_year(month: int, day: int, hours: int, minutes: int) -> int:
    """Minutes since the year's start (February of 29 days, as the claim's dates are read)."""
    return ((_OPENING[month - 1] + day - 1) * 24 + hours) * 60 + minutes


def counts_from_now(text: str) -> bool:
    """Whether the claim counts a duration from when the session looked ("from now", "距今")."""
    return _FROM_NOW.search(text) is not None


def call_minutes(evidence: Evidence) -> tuple[int, ...]:
    """Each call's start, in minutes since its year's start (UTC): the "now" a claim may count from. Read
    once per check."""
    return evidence.remember(("call minutes",), lambda: _call_minutes(evidence))


def _call_minutes(evidence: Evidence) -> tuple[int, ...]:
    found = set()
    for index in evidence.rows():
        start = evidence.row(index).start_us
        if start:
            moment = datetime.datetime.fromtimestamp(start / 1e6, tz=datetime.timezone.utc)
            found.add(_of_year(moment.month, moment.day, moment.hour, moment.minute))
    return tuple(sorted(found))
