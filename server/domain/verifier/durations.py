"""Durations written in several parts: "38 分 12 秒", "1 h 20 min", "2m30s", "2 minutes 30 seconds",
"1小时20分钟", "两分半钟", "an hour and a half", and an interval cell ("xact_age=00:38:12").

A claim's compound duration is one quantity (38 min 12 s is 2292 s, not "38 min" and "12 s" each to be
found); a unit's is one number of seconds, so a claim that rounds it ("about 38 minutes") finds it.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

_PART_UNITS: tuple[tuple[str, float], ...] = (
    (r"d|days?|天", 86400.0),
    (r"h|hrs?|hours?|个小时|小时|钟头", 3600.0),
    (r"m|mins?|minutes?|分钟|分", 60.0),
    (r"s|secs?|seconds?|秒", 1.0),
)
_ASCII_END = r"(?![A-Za-z])"
_JOIN = r"[ \t]*(?:,[ \t]*)?(?:and[ \t]+|又|零)?[ \t]*"
_PART = [rf"(?:([0-9]+(?:\.[0-9]+)?)[ \t]*(?:{units}){_ASCII_END}{_JOIN})?" for units, _ in _PART_UNITS]
_COMPOUND = re.compile(r"(?<![A-Za-z0-9_.])(?=[0-9])" + "".join(_PART), re.I)  # tried only where a number opens
# "两分半钟" (arabic: "2分半钟"), "1 个半小时", "2 and a half minutes", "an hour and a half"
_HALF = re.compile(
    r"(?<![A-Za-z0-9_.])([0-9]+)[ \t]*(?:个)?[ \t]*(分|小时|钟头)半(?:钟)?"
    r"|(?<![A-Za-z0-9_.])([0-9]+|an?)[ \t]+and[ \t]+a[ \t]+half[ \t]+(minutes?|hours?)\b"
    r"|(?<![A-Za-z0-9_.])an?[ \t]+(hour|minute)[ \t]+and[ \t]+a[ \t]+half\b"
    r"|(?<![A-Za-z0-9_.])([0-9]+)[ \t]*个半[ \t]*(小时|钟头)",
    re.I,
)
_HALF_SECONDS = {
    "分": 60.0,
    "minute": 60.0,
    "minutes": 60.0,
    "小时": 3600.0,
    "钟头": 3600.0,
    "hour": 3600.0,
    "hours": 3600.0,
}


def compound_durations(text: str) -> Iterator[tuple[int, int, float, float]]:
    """(start, end, seconds, seconds of the smallest part stated) of each duration written in two parts
    or more, or as a half ("两分半钟")."""
    return _compound(text) if duration_hint(text) else iter(())


def _compound(text: str) -> Iterator[tuple[int, int, float, float]]:
    for m in _COMPOUND.finditer(text):
        parts = [(m.group(i + 1), seconds) for i, (_, seconds) in enumerate(_PART_UNITS) if m.group(i + 1)]
        if len(parts) < 2:
            continue
        end = m.end()
        while end > m.start() and not text[end - 1].isalnum() and text[end - 1] not in "秒分钟时天":
            end -= 1  # not the joiner after the last part
        yield m.start(), end, sum(float(n) * s for n, s in parts), parts[-1][1]
    for m in _HALF.finditer(text):
        number = m.group(1) or m.group(3) or m.group(6) or "1"
        unit = (m.group(2) or m.group(4) or m.group(5) or m.group(7) or "").lower()
        whole = 1.0 if number.lower() in ("a", "an") else float(number)
        scale = _HALF_SECONDS.get(unit, 0.0)
        if scale:
            yield m.start(), m.end(), (whole + 0.5) * scale, scale / 2


_PARTS_HINT = re.compile(
    r"(?<![A-Za-z0-9_.])[0-9]+[ \t]?(?:[dhm]|min|hours?|minutes?|days?|分钟?|小时|天)[ \t,]*(?:and[ \t]+)?[0-9]"
    r"|[0-9][ \t]*(?:个)?[ \t]*(?:分|小时|钟头)半",
    re.I,
)
_INTERVAL_HINT = re.compile(r"[:=|][ \t]*[\"']?(?:[0-9]+ days? )?[0-9]{1,3}:[0-5][0-9]:[0-5][0-9]")


def duration_hint(text: str) -> bool:
    """A cheap test before a text is searched for durations in parts or intervals (each pattern opens
    with a character class, which the regex engine scans for quickly)."""
    return bool(_PARTS_HINT.search(text)) or "half" in text or bool(_INTERVAL_HINT.search(text))


_INTERVAL_TEXT = r"(?:[0-9]+ days? )?[0-9]{1,3}:[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"  # "00:38:12", "1 day 02:03:04"
_INTERVAL_VALUE = re.compile(_INTERVAL_TEXT)
# an interval after its name: "xact_age=00:38:12", "duration | 01:19:54"
_INTERVAL = re.compile(r"([A-Za-z][A-Za-z0-9_]{0,30})[\"']?[ \t]*[:=|][ \t]*[\"']?(" + _INTERVAL_TEXT + r")(?![0-9:])")
_INTERVAL_KEY = re.compile(r"age|duration|elapsed|wait|runtime|run_time|uptime|running|lag|took", re.I)


def duration_seconds(text: str) -> list[float]:
    """The seconds of every duration in parts and every named interval a text gives (one cheap test first)."""
    if not duration_hint(text):
        return []
    return [s for _, _, s, _ in _compound(text)] + [s for s, _ in _intervals(text)]


def interval_seconds(text: str) -> Iterator[tuple[float, str]]:
    """(seconds, key) of each interval a unit gives under a name that says it is one ("xact_age=00:38:12",
    "duration | 01:19:54"): a clock reading elsewhere is a time of day."""
    return _intervals(text) if duration_hint(text) else iter(())


def _intervals(text: str) -> Iterator[tuple[float, str]]:
    for m in _INTERVAL.finditer(text):
        key = m.group(1).strip()
        seconds = interval_value(key, m.group(2))
        if seconds is not None:
            yield seconds, key.lower()


def interval_value(key: str, value: str) -> Optional[float]:
    """The seconds of a field's value when the field is an interval ("xact_age": "00:38:12"), or None."""
    value = value.strip()
    if _INTERVAL_VALUE.fullmatch(value) is None or not _INTERVAL_KEY.search(key):
        return None
    days, _, clock = value.rpartition(" ")
    hours, minutes, seconds = clock.split(":")
    return float(days.split()[0] if days else 0) * 86400 + int(hours) * 3600 + int(minutes) * 60 + float(seconds)
