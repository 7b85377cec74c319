"""Time zones: which zone a draft's time is in, and which zone a tool's naive timestamps are in.

A time matches only in the same zone; there is no blanket tolerance.

- A draft's explicit zone is converted to UTC: "10:42 (UTC+8)", "北京时间 10:42",
  "10:42 Singapore time", "UTC 02:42", "02:42Z". ZONE_WORDS is the table.
- Evidence times with an offset or "Z" are in UTC after conversion. Naive ones
  ("2026-12-09 10:42:18", as the Java agent logs in Asia/Shanghai) are as
  written, unless the operator names their zone per tool or topic
  (EVIDENCE_TRACE_EVIDENCE_ZONES, "query_logs=Asia/Shanghai"): then they are in
  UTC too. Naive ones that all fall outside the UTC window their own call asked
  for are in a zone that is not UTC (NOT_AS_WRITTEN): a draft time said in UTC
  does not match them.
- A draft time with a zone matches an evidence time in UTC by its UTC value, and
  a naive evidence time of an unconfigured tool by its written value (the
  evidence does not say its zone, so the draft's is taken at its word). A draft
  time without a zone matches by its written value, in either.
"""

from __future__ import annotations

import datetime
import functools
import re
import zoneinfo
from typing import Mapping, Optional

from evidence_trace.server.domain.model import EvidenceRow
from evidence_trace.server.domain.verifier.fact_patterns import _CLOCK

ZONE_WORDS: dict[str, int] = {
    # minutes east of UTC
    "utc": 0,
    "gmt": 0,
    "z": 0,
    "zulu": 0,
    "协调世界时": 0,
    "cst": 480,  # China Standard Time, as the originating agent's users write it
    "bjt": 480,
    "北京时间": 480,
    "上海时间": 480,
    "china time": 480,
    "beijing time": 480,
    "shanghai time": 480,
    "china standard time": 480,
    "asia/shanghai": 480,
    "asia/singapore": 480,
    "asia/hong_kong": 480,
    "asia/tokyo": 540,
    "sgt": 480,
    "singapore time": 480,
    "新加坡时间": 480,
    "hkt": 480,
    "hong kong time": 480,
    "jst": 540,
    "tokyo time": 540,
    "东京时间": 540,
    "kst": 540,
    "ist": 330,
    "cet": 60,
    "cest": 120,
    "pst": -480,
    "pdt": -420,
    "est": -300,
    "edt": -240,
}
_WORDS = "|".join(sorted((re.escape(w) for w in ZONE_WORDS), key=len, reverse=True))
# An offset is named as one ("UTC+8", "GMT-05:00"): a bare "-04" is as likely a date's or a range's.
_OFFSET = r"(?:utc|gmt)[ \t]*[+-][ \t]*[0-9]{1,2}(?::?[0-9]{2})?(?![0-9:])"
_AFTER = re.compile(  # not the zone of the next time: "05:02（北京时间 13:02）"
    r"[ \t]*[(（]?[ \t]*(" + _OFFSET + r"|" + _WORDS + r")(?![A-Za-z])(?![ \t]*(?:时间)?[ \t]*[0-9]{1,2}:[0-9])", re.I
)
# a date ("北京时间 09-13 01:03:44", "Beijing time Sep 13 01:03"), or a day said relative to the time before ("北京时间次日
# 05:03", "第二天", "当天凌晨"), between a zone and its time
_DATE_BETWEEN = (
    r"(?:[0-9]{4}[-/年][0-9]{1,2}[-/月][0-9]{1,2}日?|[0-9]{1,2}[ \t]*月[ \t]*[0-9]{1,2}[ \t]*日|[01]?[0-9][-/][0-3][0-9]"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[ \t]+[0-3]?[0-9](?:st|nd|rd|th)?,?"
    r"|(?:次日|第[二2][天日]|翌日|当天|当日|前一天|前1天|前一日|前1日)[ \t]*(?:凌晨|早上|上午|中午|下午|晚上)?)?"
)
_BEFORE = (
    re.compile(  # "北京时间 09:05", "UTC 05:02", "北京时间 12 月 11 日 02:03"; never a word's end ("latest 09:29")
        r"(?<![A-Za-z])(" + _OFFSET + r"|" + _WORDS + r")[ \t]*(?:时间)?[ \t]*" + _DATE_BETWEEN + r"[ \t]*$", re.I
    )
)
_SIGNED = re.compile(r"(?:utc|gmt)[ \t]*([+-])[ \t]*([0-9]{1,2})(?::?([0-9]{2}))?$", re.I)


def offset_of(word: str) -> Optional[int]:
    """Minutes east of UTC a zone word or named offset gives ("UTC+8", "GMT-05:30", "北京时间"), or None."""
    word = " ".join(word.lower().split())
    if word in ZONE_WORDS:
        return ZONE_WORDS[word]
    m = _SIGNED.match(word)
    if m is None:
        return None
    return _signed(m)


def _signed(m: re.Match[str]) -> int:
    """Minutes east of UTC of a matched offset: its sign, hours and minutes in groups 1 to 3."""
    minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
    return minutes if m.group(1) == "+" else -minutes


def draft_zone(text: str, start: int, end: int) -> tuple[Optional[int], int]:
    """The zone a draft states for the clock time at text[start:end] (right after it, or right before
    it: "北京时间 09:05", "UTC 05:02"), in minutes east of UTC, and where the time with its zone ends."""
    before = _BEFORE.search(text[max(0, start - 32) : start])
    if before is not None:
        offset = offset_of(before.group(1))
        if offset is not None:
            return offset, end
    after = _AFTER.match(text, end)
    if after is not None:
        offset = offset_of(after.group(1))
        if offset is not None:
            closing = re.match(r"[ \t]*[)）]", text[after.end() :])
            return offset, after.end() + (closing.end() if closing else 0)
    noted = _OFFSET_NOTE.match(text, end)  # "04:12:47 (-07:00)": an ISO offset alone in its parenthesis
    if noted is not None:
        return _signed(noted), noted.end()
    return None, end


# a bare offset is a zone only alone in a parenthesis right after the time, with its minutes ("(-07:00)", "（+08:00）"):
# "-04" or "- 07:00" outside one is as likely a range's end
_OFFSET_NOTE = re.compile(r"[ \t]*[(（][ \t]*([+-])([01][0-9]):?([0-5][0-9])[ \t]*[)）]")


_ZONE = r"(" + _OFFSET + r"|" + _WORDS + r")"
_DECLARED = re.compile(
    # "(UTC)", "（北京时间）", "(times in UTC)", "(all times UTC+8)"
    r"[(（][ \t]*(?:(?:all[ \t]+)?times?[ \t]+(?:are[ \t]+)?(?:in[ \t]+)?|时间(?:均|都|全部)?(?:为|是|按)?[ \t]*)?"
    + _ZONE
    + r"[ \t]*[)）]"
    # the zone as one item of the parenthesis: "(5-minute buckets, UTC)", "（UTC，近 1 小时）"
    + r"|[(（][^()（）\n]*?[,，;；、][ \t]*"
    + _ZONE
    + r"[ \t]*[)）]|[(（][ \t]*"
    + _ZONE
    + r"[ \t]*[,，;；、][^()（）\n]*[)）]"
    # "All times are UTC", "times below in UTC", "Times: UTC"
    + r"|(?<![A-Za-z])(?:all[ \t]+)?times?(?:[ \t]+(?:below|here|shown|above))?[ \t]*(?:are[ \t]+|:[ \t]*)?(?:in[ \t]+)?"
    + _ZONE
    + r"(?![A-Za-z])"
    # "以下时间均为北京时间", "时间为 UTC", "时间按北京时间"
    + r"|时间(?:均|都|全部|一律)?(?:为|是|按|采用|使用)[ \t]*"
    + _ZONE
    # a column header that is only a zone: "北京时间", "UTC"
    + r"|^[ \t]*"
    + _ZONE
    + r"[ \t]*$",
    re.I,
)


_ZONE_NOTE = re.compile(r"[(（][ \t]*" + _ZONE + r"[ \t]*[)）]", re.I)


def is_zone_note(text: str, position: int) -> bool:
    """Whether a parenthesis at text[position] only names the zone of the time before it ("10:41 (UTC)")."""
    return _ZONE_NOTE.match(text, position) is not None


def declared_zone(text: str) -> str:
    """The zone a heading, a label, a line or a table column header declares for the clock times under
    it ("## Timeline (UTC)", "All times are UTC.", "开始时间（北京时间）", "以下时间均为北京时间", "(5-minute
    buckets, UTC)"), as written, or "" when it declares none. A zone beside a time ("at 02:41 UTC") declares
    nothing, nor does a parenthesis naming two zones ("(UTC; Shanghai time in brackets)") or local time."""
    for m in _DECLARED.finditer(text):
        word = next(g for g in m.groups() if g)
        if offset_of(word) is None:
            continue
        before, after = text[max(0, m.start() - 12) : m.start()], text[m.end() : m.end() + 12]
        if _CLOCK.search(before + " " + after):
            continue  # the zone of a time beside it, not of the section
        if len(_ANY_ZONE.findall(m.group(0))) > 1 or _LOCAL.search(m.group(0)):
            continue  # "(UTC; Shanghai time in brackets)": two zones, each for some of the times
        return word
    return ""


_ANY_ZONE = re.compile(r"(?<![A-Za-z])" + _ZONE + r"(?![A-Za-z])", re.I)
_LOCAL = re.compile(r"\blocal\b|本地|当地", re.I)


def with_zone(text: str, zone: str) -> str:
    """text with the declared zone written after each clock time that names none of its own ("UTC
    06:12–06:17" names UTC for both ends)."""
    if not zone:
        return text
    out, last = [], 0
    for m, (offset, _) in clock_zones(text):  # a range's end takes the zone its other end names
        if offset is None:
            out.append(text[last : m.end()] + f" ({zone})")
            last = m.end()
    out.append(text[last:])
    return "".join(out)


_ARROW = re.compile(r"→|->")


def _past_hour(clock: re.Match[str]) -> str:
    """A clock time's minute and second as written (":42:03" of "16:42:03.118")."""
    return clock.group(0)[len(clock.group(1)) :][:6]


_RANGE_JOINER = re.compile(r"[ \t]*(?:[-–—~～→]|->|to|until|till|through|and|vs\.?|versus|到|至|对比)[ \t]*$", re.I)


def clock_zones(text: str) -> list[tuple[re.Match[str], tuple[Optional[int], int]]]:
    """The clock times of a text, each with its zone (draft_zone) and where it ends. The two ends of a
    range share the zone either end names: "UTC 01:00–01:30", "between 02:40 and 02:55 UTC"."""
    found = [(m, draft_zone(text, m.start(), m.end())) for m in _CLOCK.finditer(text)]
    for i in range(len(found) - 1):
        (first, (a, a_end)), (second, (b, b_end)) = found[i], found[i + 1]
        joint = text[a_end : second.start()]
        if _RANGE_JOINER.match(joint) is None:
            continue
        if _ARROW.search(joint) and _past_hour(first) == _past_hour(second) and first.group(1) != second.group(1):
            continue  # "16:42:03 → 08:42:03 UTC": the same minute and second, hours apart: one instant in two zones
        if a is None and b is not None:
            found[i] = (first, (b, a_end))
        elif b is None and a is not None:
            found[i + 1] = (second, (a, b_end))
    return found


class EvidenceZones:
    """The operator's zones for naive evidence timestamps, by tool name or topic ("query_logs=Asia/Shanghai")."""

    def __init__(self, zones: Optional[Mapping[str, str]] = None) -> None:
        self._zones = {key.lower(): zoneinfo.ZoneInfo(name) for key, name in (zones or {}).items()}

    @classmethod
    def parse(cls, entries: tuple[str, ...]) -> "EvidenceZones":
        """From "key=Zone" entries; raises ValueError naming a bad entry or an unknown zone."""
        zones = {}
        for entry in entries:
            key, sep, name = entry.partition("=")
            if not sep or not key.strip() or not name.strip():
                raise ValueError(f"{entry!r}: use TOOL_OR_TOPIC=ZONE, for example query_logs=Asia/Shanghai")
            try:
                zoneinfo.ZoneInfo(name.strip())
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                raise ValueError(f"{entry!r}: {name.strip()!r} is not a known time zone") from None
            zones[key.strip()] = name.strip()
        return cls(zones)

    def __bool__(self) -> bool:
        return bool(self._zones)

    def offset(self, row: EvidenceRow) -> Optional[int]:
        """Minutes east of UTC of the row's naive timestamps, or None when they are read as written
        (NOT_AS_WRITTEN when they fall outside the UTC window their own call asked for)."""
        if not self._zones:
            return outside_the_window(row)
        zone = self._zones.get(row.tool_name.lower())
        if zone is None:
            params = row.params
            for key in ("logTopic", "log_topic", "topic", "index", "service"):
                value = params.get(key) if isinstance(params, dict) else None
                if isinstance(value, str) and value.lower() in self._zones:
                    zone = self._zones[value.lower()]
                    break
        if zone is None:
            return outside_the_window(row)
        return _offset_at(zone, _first_date(row.preview))


_DATE = re.compile(r"(20[0-9]{2})-([01][0-9])-([0-3][0-9])")


def _first_date(text: str) -> Optional[datetime.date]:
    m = _DATE.search(text[:4096])
    if m is None:
        return None
    try:
        return datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


@functools.lru_cache(maxsize=256)
def _offset_at(zone: zoneinfo.ZoneInfo, day: Optional[datetime.date]) -> int:
    """The zone's offset on that day (at noon; today when the row names no date), in minutes."""
    when = datetime.datetime.combine(day or datetime.date.today(), datetime.time(12), tzinfo=zone)
    offset = when.utcoffset() or datetime.timedelta(0)
    return int(offset.total_seconds() // 60)


NO_ZONES = EvidenceZones()

NOT_AS_WRITTEN = -(10**6)
"""A row's naive timestamps are in an unknown zone that is not UTC: its own call asked for a UTC window
("startTime": "2026-02-20T16:00:00Z") that none of them falls in as written ("2026-02-21 02:14:37"). A
draft's zoned time ("02:14:37 UTC") is then not shown by them; an unzoned one still is, by its written value."""
_WINDOW_KEYS = (("starttime", "start", "from", "since", "start_time"), ("endtime", "end", "to", "until", "end_time"))
_UTC_STAMP = re.compile(
    r"(20[0-9]{2}-[01][0-9]-[0-3][0-9])[T ]([0-2][0-9]:[0-5][0-9](?::[0-5][0-9])?)(?:\.[0-9]+)?(?:Z|[+]00:?00)$"
)
_NAIVE_STAMP = re.compile(
    r"(?<![0-9])(20[0-9]{2}-[01][0-9]-[0-3][0-9])[T ]([0-2][0-9]:[0-5][0-9](?::[0-5][0-9])?)(?![0-9.]*[ \t]*(?:Z|[+-][0-9]{2}:?[0-9]{2}|UTC)|[0-9])"
)


def outside_the_window(row: EvidenceRow) -> Optional[int]:
    """NOT_AS_WRITTEN when every naive timestamp of the row falls outside the UTC window its call asked for,
    read as written; None otherwise."""
    params = row.params if isinstance(row.params, dict) else {}
    lowered = {str(k).lower(): v for k, v in params.items()}
    bounds = []
    for keys in _WINDOW_KEYS:
        value = next((lowered[k] for k in keys if isinstance(lowered.get(k), str)), None)
        m = _UTC_STAMP.match(value.strip()) if value else None
        if m is None:
            return None
        bounds.append(datetime.datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}"))
    stamps = [datetime.datetime.fromisoformat(f"{d}T{t}") for d, t in _NAIVE_STAMP.findall(row.preview[:8000])]
    slack = datetime.timedelta(minutes=1)
    if stamps and all(not (bounds[0] - slack <= t <= bounds[1] + slack) for t in stamps):
        return NOT_AS_WRITTEN
    return None
