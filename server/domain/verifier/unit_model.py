"""What a unit of evidence is (Unit), how strong (Strength), which family of tool it comes
from (Family), and the numbers it states (Number); the size limits of units.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import re
from typing import Any, Callable, Iterable, Iterator, Optional

from evidence_trace.server.domain.verifier.curl_phases import CURL_TIMINGS, curl_phases
from evidence_trace.server.domain.verifier.durations import duration_seconds
from evidence_trace.server.domain.verifier.fact_model import Dimension, normalize
from evidence_trace.server.domain.verifier.record_spans import SPANNED
from evidence_trace.server.domain.verifier.zones import NOT_AS_WRITTEN

MAX_UNITS_PER_ROW = 200
MAX_UNIT_TEXT = 2000  # characters of a unit that are searched
UNIT_EXCERPT = 240  # characters of a unit quoted in a claim check


class Strength(enum.IntEnum):
    """How much a unit can support a claim; higher is stronger."""

    FAILED = 0
    QUESTION = 1
    WEAK = 2
    INDIRECT = 3
    DIRECT = 4


class Family(str, enum.Enum):
    LOGS = "logs"
    METRICS = "metrics"
    KNOWLEDGE = "knowledge"
    TRACES = "traces"
    OTHER = "other"


@dataclasses.dataclass(frozen=True)
class Number:
    """A number a unit states, with what its context says about its unit.

    dimension/factor: set when the number's key, label or metric name names a
    unit ("latency_ms", "..._seconds", "memory_bytes"); factor is base units per
    stated unit.
    """

    value: float
    dimension: Optional[Dimension] = None
    factor: float = 1.0
    minute: Optional[int] = None  # a sample's time of day (UTC), in minutes
    key: str = ""  # the JSON key the number was read from, lower-case
    bound: bool = False  # the evidence states it as a bound ("> 100", "more than 100")
    sample: bool = False  # a metric sample: unitless values there are in the metric's own unit
    age: bool = False  # a duration the text gives as how long ago ("5 (3h12m ago)", "3 分钟前"): a point, no span
    at_least: bool = False  # a lower bound the tool gives (Elasticsearch's total "relation": "gte"): never exact


@dataclasses.dataclass(frozen=True)
class Unit:
    """One unit of evidence.

    ref: where in the row the unit is ("logs[2]", "line 3", "alerts[0]",
        "result[1]", "chunk 2", "error", "input").
    text: the unit as text (verbatim for lines, compact JSON for objects).
    level: a log entry's level, upper-case; "" otherwise.
    state: an alert's state (firing, pending, inactive, resolved); "" otherwise.
    subject: what the unit is about (its service, pod, instance or host, as the
        format's field maps read it); "" when it does not say.
    """

    invocation_id: str
    tool_name: str
    ref: str
    kind: str
    family: Family
    strength: Strength
    text: str
    level: str = ""
    state: str = ""
    read_numbers: Callable[[], Iterable[Number]] = dataclasses.field(default=tuple, repr=False, compare=False)
    """Reads the unit's numbers, on first use (most units are ruled out before any number is)."""
    subject: str = ""
    naive_offset: Optional[int] = None
    """Minutes east of UTC of the unit's timestamps that carry no zone, when the operator named the
    zone of its tool or topic (zones.py); None: they are read as written."""

    @functools.cached_property
    def numbers(self) -> tuple[Number, ...]:
        found = tuple(self.read_numbers())
        # curl's timings are cumulative: each phase's length is stated too (curl_phases.py)
        phases = tuple(Number(ms, Dimension.TIME, 1.0, key=key) for key, ms in curl_phases(found))
        return found + phases

    @functools.cached_property
    def raw_values(self) -> list[float]:
        """Every number in the unit's searched text, sorted: a cheap filter before its numbers are read (and
        the lengths of curl's phases, which its text states only as differences)."""
        found = raw_numbers(self.lowered)
        if CURL_TIMINGS.search(self.lowered) is None and not SPANNED.search(self.lowered):
            return found
        # the lengths a record states only by its instants: curl's phases, its run from start to end (record_spans)
        derived = [n.value for n in self.numbers if n.key.endswith("_phase") or n.key == "start_to_end"]
        return sorted(found + derived) if derived else found

    @functools.cached_property
    def lowered(self) -> str:
        # a JSON record's escaped line breaks ("…exception\\njava.lang.OutOfMemoryError") part its words
        text = self.text[:MAX_UNIT_TEXT]
        text = text.replace("\\n", "  ").replace("\\t", "  ") if "\\" in text else text
        return normalize(text).lower()

    @functools.cached_property
    def minutes(self) -> frozenset[int]:
        """Times of day the unit states, in minutes: as written, and in UTC where known."""
        written, utc, _ = self.clock(60)
        return written | utc

    @functools.cached_property
    def seconds(self) -> frozenset[int]:
        """Times of day the unit states to the second, as written and in UTC where known."""
        written, utc, _ = self.clock(1)
        return written | utc

    def clock(self, resolution: int) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        """The unit's times of day in `resolution` seconds (60: minutes, 1: seconds): as written; in UTC
        (those with an offset or "Z", and naive ones when the zone of the unit's tool is configured);
        and naive ones whose zone nobody knows. Read once per unit and resolution."""
        return self._minute_clock if resolution == 60 else self._second_clock

    def zoned_clock(self, resolution: int, utc_said: bool) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        """clock(); for a time the draft says in UTC, without the naive times known not to be UTC
        (zones.NOT_AS_WRITTEN: outside the UTC window their own call asked for)."""
        shown, in_utc, naive = self.clock(resolution)
        return (
            (shown, in_utc, frozenset()) if utc_said and self.naive_offset == NOT_AS_WRITTEN else (shown, in_utc, naive)
        )

    @functools.cached_property
    def _minute_clock(self) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        return self._read_clock(60)

    @functools.cached_property
    def _second_clock(self) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        return self._read_clock(1)

    def _read_clock(self, resolution: int) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        written: set[int] = set()
        utc: set[int] = set()
        naive: set[int] = set()
        period = 86400 // resolution
        for m in _CLOCK_IN_TEXT.finditer(self.text[:MAX_UNIT_TEXT]):
            if resolution == 1 and m.group(3) is None:
                continue
            seconds = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + (int(m.group(3) or 0) if resolution == 1 else 0)
            value = seconds // resolution
            written.add(value)
            zone = (m.group(4) or "").strip().removesuffix(" UTC")
            if zone in ("Z", "z", "UTC", "GMT"):
                utc.add(value)
            elif zone and zone[0] in "+-":
                sign = 1 if zone[0] == "+" else -1
                hours, _, mins = zone[1:].partition(":")
                offset = int(hours[:2]) * 60 + int(mins or hours[2:4] or 0)
                utc.add((value - sign * offset * 60 // resolution) % period)
            elif self.naive_offset is not None and self.naive_offset != NOT_AS_WRITTEN:
                utc.add((value - self.naive_offset * 60 // resolution) % period)
            else:
                naive.add(value)
        for m in _EPOCH_IN_TEXT.finditer(self.text[:MAX_UNIT_TEXT]):  # an instant in epoch seconds is UTC
            utc.add((int(m.group(1)) % 86400) // resolution)
        for m in _EPOCH_FIELD.finditer(self.text[:MAX_UNIT_TEXT]):  # `"start_time": 1790052301000` (ms) is UTC
            utc.add((int(m.group(1)) % 86400) // resolution)
        return frozenset(written), frozenset(utc), frozenset(naive)

    @functools.cached_property
    def value(self) -> Any:
        """The unit's text read as JSON (a JSON record's compact form), or None when it is no JSON."""
        if not self.text.startswith(("{", "[")):
            return None
        try:
            return json.loads(self.text)
        except ValueError:
            return None

    @functools.cached_property
    def prose(self) -> str:
        """What the unit says in words: for a JSON object, its string values joined by " ; "
        (no keys, no JSON punctuation), lower-case."""
        value = self.value
        if value is None:
            return self.lowered
        return normalize(" ; ".join(_strings(value))).lower()[:MAX_UNIT_TEXT]

    @property
    def excerpt(self) -> str:
        text = " ".join(self.text.split())
        return text if len(text) <= UNIT_EXCERPT else text[: UNIT_EXCERPT - 1] + "\u2026"


_RAW_NUMBER = re.compile(r"[0-9]+(?:,[0-9]+)*(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?")


_RAW_SCALES = {"k": 1e3, "K": 1e3, "M": 1e6, "万": 1e4}
_RAW_SCALED = re.compile(r"(?<![A-Za-z0-9_.])([0-9]+(?:\.[0-9]+)?)\s?(k|K|M|万)(?![A-Za-z0-9_])")


def raw_numbers(text: str) -> list[float]:
    """Every number of a text, sorted; "1,284" is read both as 1284 (a thousands separator) and as 1 and
    284 (a CSV row's cells), so a filter on these values never drops a reading."""
    found = []
    for token in _RAW_NUMBER.findall(text):
        if "," in token:
            found.append(float(token.replace(",", "")))
            found.extend(float(part) for part in token.split(",") if part)
        else:
            found.append(float(token))
    found.extend(duration_seconds(text))  # "3m12s", "9d 4h", "00:38:12": the seconds a unit reads them as
    # a table's interval cells ("| 01:12:33.401217 |") are named by a header lines away: their seconds too
    if ":" in text:
        found.extend(int(h) * 3600 + int(m) * 60 + float(sec) for h, m, sec in _RAW_CLOCK.findall(text))
    found.extend(  # "1.2k", "3.2 万" (read as "32k"), "4.8M": the value at its scale
        float(m.group(1)) * _RAW_SCALES[m.group(2)] for m in _RAW_SCALED.finditer(text)
    )
    return sorted(found)


_RAW_CLOCK = re.compile(r"(?<![0-9:])([0-9]{1,3}):([0-5][0-9]):([0-5][0-9](?:\.[0-9]+)?)(?![0-9:])")
_CLOCK_IN_TEXT = re.compile(
    # nginx's "[02/Dec/2026:14:03:11 +0800]": an offset after a space, four digits; SQL Server's datetimeoffset
    # "07:14:52.9130000 +00:00" and Go's "07:14:52.913 +0000 UTC": an offset after a space; `date`'s and
    # systemd's "07:14:52 UTC": the zone's name
    r"(?:(?<![0-9:])|(?<=/[0-9]{4}:))([0-2]?[0-9]):([0-5][0-9])(?::([0-5][0-9])(?:[.,][0-9]+)?)?"
    r"(Z|[+-][0-9]{2}:?[0-9]{2}|(?<=[0-9]) [+-][0-9]{4}(?=\])|(?<=[0-9]) [+-][0-9]{2}:[0-9]{2}(?![0-9])"
    r"|(?<=[0-9]) [+-]0000 UTC\b|(?<=[0-9]) (?:UTC|GMT)\b)?(?![0-9])"
)

# an instant in epoch seconds that opens a log line: Nagios's and Icinga's "[1776829140] SERVICE ALERT: …"
_EPOCH_IN_TEXT = re.compile(r"^\[(1[5-9][0-9]{8})\][ \t]", re.M)
# a JSON field of an instant in epoch seconds or milliseconds (MLflow's `start_time`, Nagios' `last_check`): a figure
# of ten or thirteen digits from 2017 to 2033, under any key but an id's, a count's or a size's
_EPOCH_FIELD = re.compile(
    r"\"(?![^\"]*(?:[Ii]d|ID|[Cc]ount|[Bb]ytes|[Ss]ize|[Tt]otal)\")[A-Za-z_]+\"[ \t]*:[ \t]*\"?(1[5-9][0-9]{8})(?:[0-9]{3})?(?:\.[0-9]+)?\"?(?![0-9])"
)


def _strings(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 8:
        return
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, depth + 1)
    elif isinstance(value, str):
        yield value
