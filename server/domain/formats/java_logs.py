"""java_query_logs: the Java agent's query_logs JSON, `{"success", "total", "logs": [...], ...}`.

Unit: one element of `logs` (`logs[3]`); its other top-level lists likewise; the
scalars that are not echoed parameters form the header.
"""

from __future__ import annotations

from typing import Iterator

from evidence_trace.server.domain.formats.json_records import findings, header_record, list_records
from evidence_trace.server.domain.formats.model import Format, Preview, Record


def _recognise(preview: Preview) -> bool:
    value = preview.value
    return isinstance(value, dict) and isinstance(value.get("logs"), list)


def records(preview: Preview) -> Iterator[Record]:
    value = preview.value
    hint = preview.metric_hint
    scalars = findings(value)
    lists = [(key, item) for key, item in value.items() if isinstance(item, list) and item]
    if scalars:
        yield header_record(scalars, hint)
    for key, items in lists:
        yield from list_records(key, items, hint, (key,))


FORMAT = Format("java_query_logs", _recognise, records)
