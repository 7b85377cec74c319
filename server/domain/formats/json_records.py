"""JSON records: one object (or string, or number) of a listing as a Record, a Prometheus
series or alert wherever it sits, and the scalars around a listing as its header."""

from __future__ import annotations

import functools
import json
from typing import Any, Iterator, Mapping, Optional

from evidence_trace.server.domain.formats.fields import (
    ECHOED_FIELDS,
    MESSAGE_FIELDS,
    alert_state,
    level_of,
    problem_of,
    subject_of,
)
from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Record
from evidence_trace.server.domain.payloads import JsonPath
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _float, _minute_of, _name_hint, _numbers_of


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def state_of(item: Mapping[str, Any]) -> str:
    """An alert state from `state` or `status` (Alertmanager's `status.state`)."""
    return alert_state(item.get("state")) or alert_state(item.get("status"))


def object_record(ref: str, item: dict[str, Any], hint: str, path: JsonPath, kind: str = "") -> Record:
    """A JSON object as a record: a log entry when it has a level or message, else an item."""
    if not kind:
        has_message = "level" in item or any(name in item for name in MESSAGE_FIELDS[:2])
        kind = "log entry" if has_message else "item"
    return Record(
        ref,
        kind,
        compact(item),
        level=level_of(item),
        state=state_of(item),
        subject=subject_of(item),
        numbers=functools.partial(_numbers_of, item, hint),
        problem=problem_of(item),
        path=path,
    )


def header_record(scalars: dict[str, Any], hint: str) -> Record:
    """The scalars beside a listing (a total, a status): they describe the listing, not one record of it."""
    return Record(
        "header",
        "header",
        compact(scalars),
        subject=subject_of(scalars),
        numbers=functools.partial(_numbers_of, scalars, hint),
        problem=problem_of(scalars),
        path=(),
    )


def findings(value: dict[str, Any]) -> dict[str, Any]:
    """The top-level scalars that are not the tool's echo of its question."""
    return {
        key: item
        for key, item in value.items()
        if not isinstance(item, (list, dict)) and key.lower() not in ECHOED_FIELDS
    }


def list_records(key: str, items: list[Any], hint: str, base: JsonPath) -> Iterator[Record]:
    """The records of one listing, one per element: objects, log lines, numbers."""
    for index, item in enumerate(items):
        record = element_record(f"{key}[{index}]", item, hint, base + (index,))
        if record is not None:
            yield record


def element_record(ref: str, item: Any, hint: str, path: JsonPath) -> Optional[Record]:
    """One element of a listing as a record: an alert, a series, an object, a line or a number."""
    if isinstance(item, dict):
        if "labels" in item and ("state" in item or "status" in item):
            return alert_record(ref, item, path)
        if "metric" in item and ("value" in item or "values" in item):
            return series_record(ref, item, hint, path)
        return object_record(ref, item, hint, path)
    if isinstance(item, str):
        return line_record(ref, item, kind="item", path=path, states=False)
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return Record(ref, "item", str(item), numbers=functools.partial(tuple, (Number(float(item)),)), path=path)
    return None


def series_record(ref: str, item: dict[str, Any], hint: str, path: JsonPath) -> Record:
    """A Prometheus series (`metric` labels, `value` or `values` samples): one record for all its samples."""
    labels: dict[str, Any] = item["metric"] if isinstance(item.get("metric"), dict) else {}
    name = str(labels.get("__name__", "")) or hint
    raw = [item["value"]] if "value" in item else item.get("values")
    samples = [(s[0], s[1]) for s in raw if isinstance(s, list) and len(s) == 2] if isinstance(raw, list) else []
    dimension, factor = _name_hint(name)
    numbers = []
    for stamp, value in samples:
        number = _float(value)
        if number is not None:
            numbers.append(Number(number, dimension, factor, _minute_of(stamp), sample=True))
    label_text = ", ".join(f'{k}="{v}"' for k, v in labels.items() if k != "__name__")
    text = f"{name}{{{label_text}}} " + " ".join(str(v) for _, v in samples[:50])
    return Record(
        ref,
        "series",
        text,
        # Prometheus' ALERTS series gives the alert's state as a label: the state now for an instant query,
        # never for a range (a series whose samples stop at 04:10 says nothing of a firing alert now)
        state=alert_state(labels.get("alertstate")) if "value" in item else "",
        subject=subject_of(labels),
        numbers=lambda: [*numbers, *_numbers_of(labels, "")],
        path=path,
    )


def alert_record(ref: str, alert: dict[str, Any], path: JsonPath) -> Record:
    """A Prometheus or Alertmanager alert: its state, and its value as a unitless sample."""

    def numbers() -> list[Number]:
        # The alert's value is a sample of its expression: unitless, in the claim's unit.
        found = list(_numbers_of({k: v for k, v in alert.items() if k != "value"}, ""))
        value = _float(alert.get("value"))
        if value is not None:
            found.append(Number(value, key="value", sample=True))
        return found

    labels = alert.get("labels") if isinstance(alert.get("labels"), dict) else {}
    return Record(
        ref,
        "alert",
        compact(alert),
        state=state_of(alert),
        subject=subject_of(labels) if isinstance(labels, dict) else "",
        numbers=numbers,
        path=path,
    )
