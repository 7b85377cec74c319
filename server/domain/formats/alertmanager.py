"""alertmanager_v2: Alertmanager's GET /api/v2/alerts, a list of alerts with `status.state`.

Unit: one alert (`result[1]`); `active` is firing. An empty list is no hit.
"""

from __future__ import annotations

from typing import Iterator

from evidence_trace.server.domain.formats.json_records import alert_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record


def _recognise(preview: Preview) -> bool:
    value = preview.value
    if not isinstance(value, list):
        return False
    if not value:
        return "alert" in preview.tool_name.lower()
    first = value[0]
    return isinstance(first, dict) and "labels" in first and isinstance(first.get("status"), dict)


def records(preview: Preview) -> Iterator[Record]:
    for index, alert in enumerate(preview.value):
        if isinstance(alert, dict):
            yield alert_record(f"result[{index}]", alert, (index,))


FORMAT = Format("alertmanager_v2", _recognise, records)
