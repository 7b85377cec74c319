"""A date said with its time ("started at 2026-10-02 23:12:48 UTC", "北京时间 9 月 21 日 02:42", "Sep 21 18:42
UTC", "10-02 07:12"): the records at that time must be on that date, in the claim's zone.

A time of day is checked on its own (fact_matching.at_time), so a conversion that crosses midnight on the
wrong day ("07:12 Shanghai on Oct 2 is 23:12 UTC on Oct 2") held. Here the claim's date is moved by the
same offset as its time (the draft's zone to UTC), and each record that states that time with a full
date (`2026-10-02 07:12:48.331` read in its tool's zone, `2026-10-01T23:12:48Z`) is read in UTC too: when
records of the claim's subject state the time and none of them is on the claim's date, the claim's date is
not theirs. A record
in a zone nobody knows is compared as written. A claim whose records give no date is not judged here.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import at_time, matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Unit
from evidence_trace.server.domain.verifier.zones import NOT_AS_WRITTEN

_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_TIME = r"[0-2]?[0-9]:[0-5][0-9](?::[0-5][0-9])?"
_CLAIMED = re.compile(
    rf"(?<![\w:-])(?:20[0-9]{{2}}[-/.])?(?P<m>[01]?[0-9])[-/.](?P<d>[0-3]?[0-9])(?:[ \t]+|T)(?P<t>{_TIME})"
    rf"|(?P<m2>[01]?[0-9])[ \t]*月[ \t]*(?P<d2>[0-3]?[0-9])[ \t]*[日号][ \t]*(?:凌晨|早上|上午|中午|下午|晚上)?[ \t]*(?P<t2>{_TIME})"
    rf"|\b(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[ \t]+(?P<d3>[0-3]?[0-9])(?:st|nd|rd|th)?"
    rf",?(?:[ \t]+20[0-9]{{2}})?,?[ \t]+(?:at[ \t]+)?(?P<t3>{_TIME})",
    re.I,
)
_STATED = re.compile(
    r"(20[0-9]{2})-([01][0-9])-([0-3][0-9])[T ]([0-2][0-9]):([0-5][0-9])(?::[0-5][0-9](?:[.,][0-9]+)?)?"
    r"[ \t]*(Z|[+-][0-2][0-9]:?[0-5][0-9])?"
)
_DAY = 24 * 60
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def misdated(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Fact]:
    """The claim's first time whose date no record stating that time is on (as a fact whose text is the date
    and time as written), or None."""
    times = [f for f in facts if f.kind == FactKind.TIME]
    bare = _bare_date(text, facts, evidence)
    if bare is not None:
        return bare
    for m in _CLAIMED.finditer(text):
        month = _MONTHS[m.group("mon").lower()[:3]] if m.group("mon") else int(m.group("m") or m.group("m2"))
        day = int(m.group("d") or m.group("d2") or m.group("d3"))
        clock = m.group("t") or m.group("t2") or m.group("t3")
        fact = next((f for f in times if f.text.startswith(clock)), None)
        if fact is None or not 1 <= month <= 12 or not 1 <= day <= _MONTH_DAYS[month - 1]:
            continue
        if not _on_its_date(fact, month, day, [f for f in facts if f.is_entity], evidence):
            return dataclasses.replace(fact, text=m.group(0) + fact.text[len(clock) :])
    return None


def _bare_date(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Fact]:
    """The claim's first date said without a time ("deactivated on 2026-09-01", "于 2026-03-02 创建", "expires
    2026-12-01") when the calls whose output names one of its names (with no name, every call) write dates and
    none of them that one (as 2026-09-01, 2026/09/01, 20260901, "Sep 1 … 2026" or "1 Sep 2026", alone or in
    a timestamp). A date is a fact a claim states: before, it dropped out of the check, so a query's start date
    told as the day a user was deactivated, or an expiry months off, grounded on the claim's other facts.
    Records that write no date (epoch times only) do not judge it."""
    subject = [f for f in facts if f.is_entity]
    dated: Optional[list[Unit]] = None  # the units of the calls naming its names that write a date, read once
    for m in _BARE_DATE.finditer(text):
        if _CLOCK_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            continue  # "at 03:39 UTC on 2026-04-22": a date with its time, as _CLAIMED's are
        year, month, day = m.group(1), int(m.group(2)), int(m.group(3))
        if not 1 <= month <= 12:
            continue
        name = _MONTH_NAMES[month - 1]
        forms = (
            *(f"{year}{sep}{month:02d}{sep}{day:02d}" for sep in ("-", "/", "")),
            *(f"{d} {name}" for d in {f"{day:02d}", str(day)}),
        )
        # by its month's name, or unpadded ("2026-9-3 10:14:02", logrotate's "2026-9-30-0:0:0")
        spelled = re.compile(
            rf"\b{name}[a-z]*\.?[ \t]+0?{day}\b[^\n]{{0,24}}\b{year}\b|\b{year}-{month}-{day}(?![0-9])", re.I
        )
        if dated is None:
            rows = [[u for u in evidence.units(i) if u.kind != "input"] for i in evidence.rows()]
            # the calls whose output names one of its names: a name on one line, "expire date: …" on another
            named = [units for units in rows if not subject or any(matches(f, u) for f in subject for u in units)]
            dated = [u for units in named for u in units if _ANY_DATE.search(u.text)]
            # the one record that names one of them and writes a date dates it (its line of a state file); where
            # several do (a service's log lines), the call's dates are read as before
            own = [u for u in dated if any(matches(f, u) for f in subject)]
            dated = own if len(own) == 1 else dated
        shown = any(form in u.text for u in dated for form in forms) or any(spelled.search(u.text) for u in dated)
        if dated and not shown:
            return Fact(FactKind.TIME, m.group(0), m.group(0))
    return None


# a full date with no time after it ("on 2026-09-01", "2026/09/01 创建"); a date and time is _CLAIMED's
_BARE_DATE = re.compile(
    r"(?<![\w./-])(20[0-9]{2})[-/]([01][0-9])[-/]([0-3][0-9])(?![\w/:-]|[T ][0-2]?[0-9]:|[ \t]+[0-2]?[0-9]:)"
)
_CLOCK_BEFORE = re.compile(r"[0-2]?[0-9]:[0-5][0-9]\S*[ \t]+(?:[A-Z]{2,4}[ \t]+)?(?:on|,)?[ \t]*$")
_MONTH_NAMES = tuple(m.capitalize() for m in _MONTHS)
# a date a record writes: ISO, with slashes, or with its month's name and its year
_ANY_DATE = re.compile(
    rf"\b20[0-9]{{2}}[-/][01][0-9][-/][0-3][0-9]|\b20[0-9]{{2}}-1?[0-9]-[0-3]?[0-9](?![0-9])|\b(?:{'|'.join(_MONTH_NAMES)})[a-z]*\.?[ \t]+[0-3]?[0-9]\b[^\n]{{0,24}}\b20[0-9]{{2}}\b"
)


def _on_its_date(fact: Fact, month: int, day: int, subject: Sequence[Fact], evidence: Evidence) -> bool:
    """False when records of the claim's subject state its time with dates and none on its date (in one zone)."""
    written, utc = (int(v) for v in fact.key.split(","))
    shift = round(((utc - written + _DAY // 2) % _DAY - _DAY // 2) / 60) * 60  # the zone's offset, in minutes
    utc_date = _moved(month, day, (written + shift) // _DAY if fact.zoned else 0)
    dated = False
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.kind in ("series", "input", "header") or not unit.minutes or not at_time(fact, unit):
                continue
            if subject and not any(matches(f, unit) for f in subject):
                continue  # another thing's record at that time: "00:00:00" is many things' time
            for stated in _STATED.finditer(unit.text[:4000]):
                known = stated.group(6) is not None or unit.naive_offset not in (None, NOT_AS_WRITTEN)
                in_utc = known and fact.zoned  # else both as written
                minutes, date = _utc(stated, unit.naive_offset, as_written=not in_utc)
                target, want = (utc, utc_date) if in_utc else (written, (month, day))
                if abs((minutes - target + _DAY // 2) % _DAY - _DAY // 2) > 1:
                    continue
                if date == want:
                    return True
                dated = True
    return not dated


def _utc(stated: re.Match[str], naive_offset: Optional[int], as_written: bool) -> tuple[int, tuple[int, int]]:
    """A record's time of day in minutes and its date, in UTC (its zone known), or as written."""
    month, day = int(stated.group(2)), int(stated.group(3))
    minutes = int(stated.group(4)) * 60 + int(stated.group(5))
    zone = stated.group(6)
    if as_written or zone in ("Z", "z"):
        offset = 0
    elif zone:
        digits = zone[1:].replace(":", "")
        offset = (1 if zone[0] == "+" else -1) * (int(digits[:2]) * 60 + int(digits[2:4]))
    else:
        offset = naive_offset or 0
    total = minutes - offset
    return total % _DAY, _moved(month, day, total // _DAY)


def _moved(month: int, day: int, days: int) -> tuple[int, int]:
    """The (month, day) `days` (-1, 0 or 1) from the given one, a leap year's February allowed."""
    if days < 0:
        return (month, day - 1) if day > 1 else ((month - 2) % 12 + 1, _MONTH_DAYS[(month - 2) % 12])
    if days > 0:
        return (month, day + 1) if day < _MONTH_DAYS[month - 1] else (month % 12 + 1, 1)
    return month, day
