"""Units of evidence: the smallest pieces of tool output a claim can rest on.

A unit is one log entry (an element of a `logs` array, or one log line), one
alert, one metric series, one knowledge chunk, or one item of another tool's
result list. Every fact of a claim must be found in ONE unit, so facts from
different entries never combine into support.

Each unit carries the strength of the row it comes from:

- DIRECT / INDIRECT: a successful row whose outcome supports (a HIGH-relevance
  knowledge match is DIRECT, MEDIUM INDIRECT);
- WEAK: a no-hit row, a deduplicated row, or LOW / NONE-relevance knowledge;
- FAILED: the failure of a failed row (its error), which grounds statements
  about that failure and nothing else.

Each row also yields a QUESTION unit from its input parameters: it grounds
claims about what was asked (a threshold, a time range, a topic), never about
what was found.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import re
from typing import Any, Callable, Iterable, Iterator, Optional

from evidence_trace.server.domain.model import EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.payloads import (
    ERROR_LEVELS,
    iter_dicts,
    parse_json_preview,
    parse_log_line,
)
from evidence_trace.server.domain.verifier.facts import _UNIT_WORDS, Dimension, normalize

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


@dataclasses.dataclass(frozen=True)
class Unit:
    """One unit of evidence.

    ref: where in the row the unit is ("logs[2]", "line 3", "alerts[0]",
        "result[1]", "chunk 2", "error", "input").
    text: the unit as text (verbatim for lines, compact JSON for objects).
    level: a log entry's level, upper-case; "" otherwise.
    state: an alert's state (firing, pending, inactive, resolved); "" otherwise.
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

    @functools.cached_property
    def numbers(self) -> tuple[Number, ...]:
        return tuple(self.read_numbers())

    @functools.cached_property
    def lowered(self) -> str:
        return normalize(self.text[:MAX_UNIT_TEXT]).lower()

    @functools.cached_property
    def minutes(self) -> frozenset[int]:
        """Times of day the unit states (as written, and in UTC for a time with an offset)."""
        found = set()
        for m in _CLOCK_IN_TEXT.finditer(self.text[:MAX_UNIT_TEXT]):
            written = int(m.group(1)) * 60 + int(m.group(2))
            found.add(written)
            zone = m.group(3)
            if zone and zone not in ("Z", "z") and zone[0] in "+-":
                sign = 1 if zone[0] == "+" else -1
                hours, _, mins = zone[1:].partition(":")
                offset = int(hours[:2]) * 60 + int(mins or hours[2:4] or 0)
                found.add((written - sign * offset) % (24 * 60))
        return frozenset(found)

    @functools.cached_property
    def prose(self) -> str:
        """What the unit says in words: for a JSON object, its string values joined by " ; "
        (no keys, no JSON punctuation), lower-case."""
        text = self.text[:MAX_UNIT_TEXT]
        if text.startswith(("{", "[")):
            try:
                value = json.loads(self.text)
            except ValueError:
                return self.lowered
            return normalize(" ; ".join(_strings(value))).lower()[:MAX_UNIT_TEXT]
        return self.lowered

    @property
    def excerpt(self) -> str:
        text = " ".join(self.text.split())
        return text if len(text) <= UNIT_EXCERPT else text[: UNIT_EXCERPT - 1] + "\u2026"


_CLOCK_IN_TEXT = re.compile(
    r"(?<![0-9:])([0-2]?[0-9]):([0-5][0-9])(?::[0-5][0-9](?:[.,][0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?(?![0-9])")


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


def family_of(tool_name: str) -> Family:
    name = tool_name.lower()
    if any(word in name for word in ("trace", "tempo", "jaeger", "span", "zipkin")):
        return Family.TRACES
    if "log" in name:
        return Family.LOGS
    if any(word in name for word in ("metric", "prom", "alert", "monitor")):
        return Family.METRICS
    if any(word in name for word in ("knowledge", "rag", "retriev", "doc", "search_kb", "kb")):
        return Family.KNOWLEDGE
    return Family.OTHER


def row_strength(row: EvidenceRow, family: Family) -> Strength:
    """The strength of a row's units.

    A log entry, an alert or a metric sample of a successful row that supports
    shows what it shows directly, whatever the row's outcome says about the
    incident as a whole. Knowledge is only as strong as its relevance: HIGH is
    direct, MEDIUM indirect, LOW and NONE weak.
    """
    if row.outcome == Outcome.FAILED:
        return Strength.FAILED
    if row.outcome in (Outcome.NO_HIT, Outcome.DEDUPED, Outcome.UNSPECIFIED):
        return Strength.WEAK
    if row.relevance in (RelevanceLevel.LOW, RelevanceLevel.NONE):
        return Strength.WEAK
    if family == Family.KNOWLEDGE or row.relevance == RelevanceLevel.MEDIUM:
        if row.relevance == RelevanceLevel.HIGH or (row.relevance == RelevanceLevel.UNSPECIFIED and
                                                    row.outcome == Outcome.DIRECT_SUPPORT):
            return Strength.DIRECT
        return Strength.INDIRECT
    return Strength.DIRECT


def units_of(row: EvidenceRow) -> list[Unit]:
    """The units of one stored row, its QUESTION unit last."""
    family = family_of(row.tool_name)
    strength = row_strength(row, family)
    make = functools.partial(Unit, row.invocation_id, row.tool_name, family=family, strength=strength)
    units: list[Unit] = []
    if strength == Strength.FAILED:
        text = " ".join(part for part in (row.error_kind_label, row.error_message, row.preview) if part)
        def failure_numbers(text: str = text, row: EvidenceRow = row) -> list[Number]:
            found = [*_numbers_in_text(text), *_numbers_of(row.params, "")]
            if row.duration_ms:
                found.append(Number(float(row.duration_ms), Dimension.TIME, 1.0))
            return found

        units.append(make(ref="error", kind="error", text=text, read_numbers=failure_numbers))
    else:
        for ref, kind, text, level, state, numbers in _pieces(row, family):
            units.append(make(ref=ref, kind=kind, text=text, level=level, state=state, read_numbers=numbers))
            if len(units) >= MAX_UNITS_PER_ROW:
                break
    if row.params:
        text = json.dumps(row.params, ensure_ascii=False, sort_keys=True, default=str)
        units.append(Unit(row.invocation_id, row.tool_name, "input", "input", family, Strength.QUESTION,
                          text, read_numbers=functools.partial(_numbers_of, row.params, "")))
    return units


_ECHOED_KEYS = frozenset({"region", "query", "logtopic", "log_topic", "topic", "limit", "from", "to", "start", "end",
                          "step", "matchedquery", "matched_query"})
_Piece = tuple[str, str, str, str, str, Callable[[], Iterable[Number]]]


def _pieces(row: EvidenceRow, family: Family) -> Iterator[_Piece]:
    preview = row.preview
    payload = parse_json_preview(preview)
    hint = _metric_hint(row)
    if payload is None:
        yield from _text_pieces(preview, family)
        return
    value = payload.value
    if isinstance(value, list):
        yield from _list_pieces("result", value, hint)
        return
    if not isinstance(value, dict):
        return
    data = value.get("data")
    if isinstance(data, dict) and isinstance(data.get("result"), list):  # Prometheus query(_range)
        metric_name = hint
        for index, item in enumerate(iter_dicts(data["result"])):
            yield _series_piece(f"result[{index}]", item, metric_name)
        return
    if isinstance(data, dict) and isinstance(data.get("alerts"), list):  # Prometheus /api/v1/alerts
        for index, alert in enumerate(iter_dicts(data["alerts"])):
            yield _alert_piece(f"alerts[{index}]", alert)
        return
    lists = [(key, item) for key, item in value.items() if isinstance(item, list) and item]
    # What the tool echoes of its question (region, query, topic) is not a finding.
    scalars = {key: item for key, item in value.items() if not isinstance(item, (list, dict))
               and key.lower() not in _ECHOED_KEYS}
    if not lists:
        yield "result", "object", _compact(value), _level(value), _state(value), functools.partial(_numbers_of, value, hint)
        return
    if scalars:
        yield "header", "header", _compact(scalars), "", "", functools.partial(_numbers_of, scalars, hint)
    for key, items in lists:
        yield from _list_pieces(key, items, hint)


def _list_pieces(key: str, items: list[Any], hint: str) -> Iterator[_Piece]:
    for index, item in enumerate(items):
        ref = f"{key}[{index}]"
        if isinstance(item, dict):
            if "labels" in item and ("state" in item or "status" in item):
                yield _alert_piece(ref, item)
            elif "metric" in item and ("value" in item or "values" in item):
                yield _series_piece(ref, item, hint)
            else:
                kind = "log entry" if ("level" in item or "message" in item or "msg" in item) else "item"
                yield ref, kind, _compact(item), _level(item), _state(item), functools.partial(_numbers_of, item, hint)
        elif isinstance(item, str):
            entry = parse_log_line(item)
            level = entry.level if entry is not None else ""
            yield ref, "item", item, level, "", functools.partial(_numbers_in_text, item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            yield ref, "item", str(item), "", "", functools.partial(tuple, (Number(float(item)),))


def _series_piece(ref: str, item: dict[str, Any], hint: str) -> _Piece:
    labels: dict[str, Any] = item["metric"] if isinstance(item.get("metric"), dict) else {}
    name = str(labels.get("__name__", "")) or hint
    raw = [item["value"]] if "value" in item else item.get("values")
    samples = [(s[0], s[1]) for s in raw if isinstance(s, list) and len(s) == 2] if isinstance(raw, list) else []
    values = [value for _, value in samples]
    dimension, factor = _name_hint(name)
    numbers = []
    for stamp, value in samples:
        number = _float(value)
        if number is not None:
            numbers.append(Number(number, dimension, factor, _minute_of(stamp), sample=True))
    label_text = ", ".join(f'{k}="{v}"' for k, v in labels.items() if k != "__name__")
    text = f"{name}{{{label_text}}} " + " ".join(str(v) for v in values[:50])
    return ref, "series", text, "", "", lambda: [*numbers, *_numbers_of(labels, "")]


def _minute_of(stamp: Any) -> Optional[int]:
    seconds = _float(stamp)
    if seconds is None or not 0 <= seconds < 1e11:
        return None
    return int(seconds // 60) % (24 * 60)


def _alert_piece(ref: str, alert: dict[str, Any]) -> _Piece:
    state = _state(alert)

    def numbers() -> list[Number]:
        # The alert's value is a sample of its expression: unitless, in the claim's unit.
        found = list(_numbers_of({k: v for k, v in alert.items() if k != "value"}, ""))
        value = _float(alert.get("value"))
        if value is not None:
            found.append(Number(value, key="value", sample=True))
        return found

    return ref, "alert", _compact(alert), "", state, numbers


def _text_pieces(preview: str, family: Family) -> Iterator[_Piece]:
    if family == Family.KNOWLEDGE or (family == Family.OTHER and not _looks_like_log(preview)
                                      and not _looks_like_records(preview)):
        for index, chunk in enumerate(_chunks(preview)):
            yield f"chunk {index + 1}", "chunk", chunk, "", _text_state(chunk), functools.partial(_numbers_in_text, chunk)
        return
    for index, line in enumerate(preview.splitlines()):
        if not line.strip():
            continue
        entry = parse_log_line(line)
        level = entry.level if entry is not None else ""
        yield f"line {index + 1}", "log line", line, level, _text_state(line), functools.partial(_numbers_in_text, line)


_CHUNK_BREAK = re.compile(r"\n[ \t]*(?:-{3,}|={3,}|\*{3,})[ \t]*\n|\n\s*\n(?=[ \t]*(?:\[\d+\]|#|Document|Source|Chunk|来源|文档))")


def _chunks(text: str) -> list[str]:
    return [chunk.strip() for chunk in _CHUNK_BREAK.split(text) if chunk.strip()]


def _looks_like_records(text: str) -> bool:
    """Several lines and no paragraphs: a listing (kubectl output, events), one record a line."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and "\n\n" not in text.strip() and not any(len(line) > 400 for line in lines)


def _looks_like_log(text: str) -> bool:
    lines = [line for line in text.splitlines()[:5] if line.strip()]
    leveled = sum(1 for line in lines if (entry := parse_log_line(line)) is not None and entry.level)
    return bool(lines) and leveled * 2 >= len(lines)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _level(item: dict[str, Any]) -> str:
    for key in ("level", "severity", "log_level", "levelname", "Level"):
        raw = item.get(key)
        if isinstance(raw, str) and raw.strip():
            level = raw.strip().upper()
            return "WARN" if level == "WARNING" else level
    return ""


_STATE_WORDS = {"firing": "firing", "active": "firing", "pending": "pending", "inactive": "inactive",
                "resolved": "resolved", "ok": "resolved", "suppressed": "suppressed"}


def _state(item: dict[str, Any]) -> str:
    for key in ("state", "status"):
        raw = item.get(key)
        if isinstance(raw, dict):
            raw = raw.get("state")
        if isinstance(raw, str) and raw.strip().lower() in _STATE_WORDS:
            return _STATE_WORDS[raw.strip().lower()]
    return ""


def _text_state(text: str) -> str:
    lowered = text.lower()
    for word in ("firing", "pending", "resolved"):
        if re.search(rf"\b{word}\b", lowered):
            return word
    return ""


_SELECTOR_PARTS = re.compile(r"\{[^}]*\}|\[[^\]]*\]|\"[^\"]*\"")
_ARITHMETIC = re.compile(r"[a-z0-9_)\]}]\s*[-+*/]\s*[a-z0-9_(]|^\s*[0-9.]+\s*[-+*/]", re.I)


_RATE_FUNCTION = re.compile(r"\b(?:rate|irate|increase|deriv|delta|idelta)\s*\(")


def _metric_hint(row: EvidenceRow) -> str:
    """The metric a query reads, when its values keep that metric's unit (no arithmetic)."""
    params = row.params
    for key in ("query", "promql", "metric", "metric_name", "metricName", "expr"):
        value = params.get(key)
        if isinstance(value, str) and value:
            bare = _SELECTOR_PARTS.sub("", value)
            # rate() of a seconds counter is a ratio, of a bytes counter a rate: not the metric's unit.
            quantile = "histogram_quantile" in bare  # a quantile of a rate keeps the metric's unit
            return "" if _ARITHMETIC.search(bare) or (_RATE_FUNCTION.search(bare) and not quantile) else value
    return ""


_NAME_HINTS = (
    (re.compile(r"(?:_|\b)(?:milliseconds|millis|ms)(?:_|\b)", re.I), Dimension.TIME, 1.0),
    (re.compile(r"(?:_|\b)(?:seconds|secs|sec|duration|latency)(?:_|\b)|Seconds\b", re.I), Dimension.TIME, 1000.0),
    (re.compile(r"(?:_|\b)bytes(?:_|\b)|Bytes\b", re.I), Dimension.BYTES, 1.0),
    (re.compile(r"(?:_|\b)(?:ratio|utili[sz]ation|fraction)(?:_|\b)", re.I), Dimension.RATIO, 1.0),
    (re.compile(r"(?:_|\b)(?:percent|pct|percentage|usage)(?:_|\b)|Percent\b", re.I), Dimension.RATIO, 0.01),
)
_KEY_SUFFIX = re.compile(
    r"(?:_|(?<=[a-z])(?=[A-Z]))((?i:ms|millis|sec|secs|seconds|s|bytes|pct|percent|mb|mib|gb|gib|kb|rpm|rps|qps))$")


def _name_hint(name: str) -> tuple[Optional[Dimension], float]:
    for pattern, dimension, factor in _NAME_HINTS:
        if pattern.search(name):
            return dimension, factor
    return None, 1.0


def _key_hint(key: str) -> tuple[Optional[Dimension], float]:
    m = _KEY_SUFFIX.search(key)
    if m:
        unit = m.group(1).lower()
        unit = {"millis": "ms", "pct": "%", "percent": "%"}.get(unit, unit)
        if unit in _UNIT_WORDS:
            return _UNIT_WORDS[unit]
    return _name_hint(key)


def _numbers_of(value: Any, hint: str, key: str = "", depth: int = 0) -> Iterator[Number]:
    if depth > 8:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _numbers_of(v, hint, str(k), depth + 1)
    elif isinstance(value, list):
        for v in value[:MAX_UNITS_PER_ROW]:
            yield from _numbers_of(v, hint, key, depth + 1)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return
        dimension, factor = _key_hint(key) if key else _name_hint(hint)
        yield Number(float(value), dimension, factor, key=key.lower())
    elif isinstance(value, str):
        number = _float(value)
        if number is not None:
            dimension, factor = _key_hint(key) if key else _name_hint(hint)
            yield Number(number, dimension, factor, key=key.lower())
        else:
            yield from _numbers_in_text(value)


_TEXT_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
    r"|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?"
    r"|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
    re.I,
)
_TEXT_UNITS = "|".join(sorted((re.escape(u) for u in _UNIT_WORDS if u != "m"), key=len, reverse=True))
_TEXT_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9_.])([0-9]+(?:\.[0-9]+)?)[ \t]?(" + _TEXT_UNITS + r"|(?-i:m))(?![A-Za-z0-9_])", re.I)
_TEXT_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?)(?![0-9])")
_BOUND_BEFORE = re.compile(r"(?:>=?|<=?|≥|≤|\bmore than|\bless than|\bover|\bunder|\bat least|\bat most|超过|大于|"
                           r"小于|不少于|不超过)\s*$", re.I)
_KEYED_NUMBER = re.compile(r"([A-Za-z][A-Za-z0-9_]*)[\"']?[ \t]*[:=][ \t]*[\"']?([0-9]+(?:\.[0-9]+)?)(?![0-9])")


def _numbers_in_text(text: str) -> Iterator[Number]:
    text = normalize(text)
    cleared = _TEXT_TIME.sub(lambda m: " " * len(m.group(0)), text)
    for m in _TEXT_QUANTITY.finditer(cleared):
        unit = m.group(2).lower()
        if unit in _UNIT_WORDS:
            unit_dimension, unit_factor = _UNIT_WORDS[unit]
            yield Number(float(m.group(1)), unit_dimension, unit_factor)
    for m in _KEYED_NUMBER.finditer(cleared):
        key_dimension, key_factor = _key_hint(m.group(1))
        if key_dimension is not None:
            yield Number(float(m.group(2)), key_dimension, key_factor)
    for m in _TEXT_NUMBER.finditer(cleared):
        bound = _BOUND_BEFORE.search(cleared, max(0, m.start() - 16), m.start()) is not None
        yield Number(float(m.group(1).replace(",", "")), bound=bound)


def numbers_in_text(text: str) -> Iterator[Number]:
    """The numbers a text states, with their units where it names one (first the unit-bearing ones)."""
    return _numbers_in_text(text)


def _float(raw: Any) -> Optional[float]:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        return float(raw) if math.isfinite(raw) else None
    if isinstance(raw, str) and 0 < len(raw) <= 32:
        try:
            value = float(raw.strip())
        except ValueError:
            return None
        return value if math.isfinite(value) else None
    return None


def error_units(units: Iterable[Unit]) -> list[Unit]:
    return [u for u in units if u.level in ERROR_LEVELS]
