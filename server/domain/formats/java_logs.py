"""java_query_logs: the Java agent's query_logs JSON, `{"success", "total", "logs": [...], ...}`.

Unit: one element of `logs` (`logs[3]`); its other top-level lists likewise; the
scalars that are not echoed parameters form the header. A response with no
entries is one record (`result`): the search's own report of finding nothing.
"""

from __future__ import annotations

from typing import Iterator

from evidence_trace.server.domain.formats.json_records import findings, header_record, list_records, object_record
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record, judge
from evidence_trace.server.domain.model import Outcome


def _recognise(preview: Preview) -> bool:
    value = preview.value
    return isinstance(value, dict) and isinstance(value.get("logs"), list)


def records(preview: Preview) -> Iterator[Record]:
    value = preview.value
    hint = preview.metric_hint
    lists = [(key, item) for key, item in value.items() if isinstance(item, list) and item]
    if not lists:  # nothing found: the response itself ("logs": [], "total": 0, its message)
        yield object_record("result", value, hint, (), kind="object")
        return
    scalars = findings(value)
    if scalars:
        yield header_record(scalars, hint)
    for key, items in lists:
        yield from list_records(key, items, hint, (key,))


def classify(preview: Preview) -> Reading:
    if not any(isinstance(item, list) and item for item in preview.value.values()):
        return Reading(Outcome.NO_HIT, note="no log entries")
    return judge(records(preview))


FORMAT = Format("java_query_logs", _recognise, records, classify)
