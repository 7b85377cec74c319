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

This module cuts rows into units; what a unit is lives in unit_model.py, reading
its numbers in unit_numbers.py (Unit, Number, Strength, Family and numbers_in_text
are re-exported here).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable, Iterable, Iterator

from evidence_trace.server.domain.model import EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.payloads import ERROR_LEVELS, iter_dicts, parse_json_preview, parse_log_line
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.unit_model import MAX_UNIT_TEXT as MAX_UNIT_TEXT
from evidence_trace.server.domain.verifier.unit_model import MAX_UNITS_PER_ROW, Family, Number, Strength, Unit
from evidence_trace.server.domain.verifier.unit_model import UNIT_EXCERPT as UNIT_EXCERPT
from evidence_trace.server.domain.verifier.unit_numbers import (
    _float,
    _metric_hint,
    _minute_of,
    _name_hint,
    _numbers_in_text,
    _numbers_of,
)
from evidence_trace.server.domain.verifier.unit_numbers import numbers_in_text as numbers_in_text


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
        if row.relevance == RelevanceLevel.HIGH or (
            row.relevance == RelevanceLevel.UNSPECIFIED and row.outcome == Outcome.DIRECT_SUPPORT
        ):
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
        units.append(
            Unit(
                row.invocation_id,
                row.tool_name,
                "input",
                "input",
                family,
                Strength.QUESTION,
                text,
                read_numbers=functools.partial(_numbers_of, row.params, ""),
            )
        )
    return units


_ECHOED_KEYS = frozenset(
    {
        "region",
        "query",
        "logtopic",
        "log_topic",
        "topic",
        "limit",
        "from",
        "to",
        "start",
        "end",
        "step",
        "matchedquery",
        "matched_query",
    }
)
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
    scalars = {
        key: item
        for key, item in value.items()
        if not isinstance(item, (list, dict)) and key.lower() not in _ECHOED_KEYS
    }
    if not lists:
        yield (
            "result",
            "object",
            _compact(value),
            _level(value),
            _state(value),
            functools.partial(_numbers_of, value, hint),
        )
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
    if family == Family.KNOWLEDGE or (
        family == Family.OTHER and not _looks_like_log(preview) and not _looks_like_records(preview)
    ):
        for index, chunk in enumerate(_chunks(preview)):
            yield (
                f"chunk {index + 1}",
                "chunk",
                chunk,
                "",
                _text_state(chunk),
                functools.partial(_numbers_in_text, chunk),
            )
        return
    for index, line in enumerate(preview.splitlines()):
        if not line.strip():
            continue
        entry = parse_log_line(line)
        level = entry.level if entry is not None else ""
        yield f"line {index + 1}", "log line", line, level, _text_state(line), functools.partial(_numbers_in_text, line)


_CHUNK_BREAK = re.compile(
    r"\n[ \t]*(?:-{3,}|={3,}|\*{3,})[ \t]*\n|\n\s*\n(?=[ \t]*(?:\[\d+\]|#|Document|Source|Chunk|来源|文档))"
)


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


_STATE_WORDS = {
    "firing": "firing",
    "active": "firing",
    "pending": "pending",
    "inactive": "inactive",
    "resolved": "resolved",
    "ok": "resolved",
    "suppressed": "suppressed",
}


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


def error_units(units: Iterable[Unit]) -> list[Unit]:
    return [u for u in units if u.level in ERROR_LEVELS]
