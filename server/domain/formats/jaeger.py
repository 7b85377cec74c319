"""jaeger_trace: a Jaeger query API trace, `{"data": [{"traceID", "spans": [...], "processes": {...}}]}`
(`/api/traces/{id}`, `/api/traces?service=…`).

Unit: one span (`data[0].spans[3]`): its operation, its service (the span's `processID` looked up in the
trace's `processes`, which is where Jaeger keeps `serviceName` and the process's `hostname`), its duration in
microseconds, and its tags and its process's read as fields (`http.status_code`, `db.statement`, `hostname`). Level: ERROR when a tag says the span failed (`error`
true, `otel.status_code` ERROR), and that is its problem. A response with no span is no hit.
"""

from __future__ import annotations

import functools
from typing import Any, Iterator

from evidence_trace.server.domain.formats.fields import level_of, problem_of
from evidence_trace.server.domain.formats.json_records import compact
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_of, span_duration


def _traces(preview: Preview) -> list[dict[str, Any]]:
    value = preview.value
    data = value.get("data") if isinstance(value, dict) else None
    return [t for t in data if isinstance(t, dict)] if isinstance(data, list) else []


def _recognise(preview: Preview) -> bool:
    traces = _traces(preview)
    return bool(traces) and all(isinstance(t.get("spans"), list) and "traceID" in t for t in traces)


def _tag_list(owner: Any) -> list[Any]:
    tags = owner.get("tags") if isinstance(owner, dict) else None
    return tags if isinstance(tags, list) else []


def _failed(tags: dict[str, Any]) -> bool:
    return tags.get("error") in (True, "true") or str(tags.get("otel.status_code", "")).upper() == "ERROR"


def records(preview: Preview) -> Iterator[Record]:
    for t, trace in enumerate(_traces(preview)):
        found = trace.get("processes")
        processes: dict[str, Any] = found if isinstance(found, dict) else {}
        for s, span in enumerate(trace["spans"]):
            if not isinstance(span, dict):
                continue
            process = processes.get(str(span.get("processID")), {})
            service = process.get("serviceName", "") if isinstance(process, dict) else ""
            # the process's tags (hostname, ip) are the span's too; the span's own win
            raw_tags = [*_tag_list(process), *_tag_list(span)]
            tags = {tag["key"]: tag.get("value") for tag in raw_tags if isinstance(tag, dict) and "key" in tag}
            item = {"operationName": span.get("operationName", ""), "serviceName": service, **tags}
            failed = _failed(tags)
            yield Record(
                f"data[{t}].spans[{s}]",
                "log entry" if failed else "item",
                compact({**item, "spanID": span.get("spanID"), "duration": span.get("duration")}),
                level="ERROR" if failed else level_of(tags),
                subject=str(service),
                numbers=functools.partial(_span_numbers, span.get("duration"), tags),
                problem=("error" if failed else "") or problem_of(tags),
                path=("data", t, "spans", s),
            )


def _span_numbers(duration: Any, tags: dict[str, Any]) -> list[Number]:
    found = list(_numbers_of(tags, ""))
    if isinstance(duration, (int, float)) and not isinstance(duration, bool):
        found.append(span_duration(duration))
    return found


FORMAT = Format("jaeger_trace", _recognise, records)
