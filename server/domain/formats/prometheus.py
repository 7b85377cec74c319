"""Prometheus HTTP API responses: /api/v1/query (vector), /api/v1/query_range (matrix), /api/v1/alerts.

Unit: one series (`result[2]`, all its samples) or one alert (`alerts[0]`). A series
with a sample beyond the query's threshold (input_params "threshold", "comparison")
is direct, as query_metrics' own rule has it; a firing alert is direct.
"""

from __future__ import annotations

from typing import Any, Iterator

from evidence_trace.server.domain.formats.json_records import alert_record, series_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.thresholds import crossing, threshold
from evidence_trace.server.domain.payloads import iter_dicts


def _data(preview: Preview) -> Any:
    value = preview.value
    return value.get("data") if isinstance(value, dict) else None


def _result_type(preview: Preview) -> str:
    """ "vector", "matrix" (or "" when unsaid) for a query result; "streams" is Loki's."""
    data = _data(preview)
    if not isinstance(data, dict) or not isinstance(data.get("result"), list):
        return "none"
    kind = data.get("resultType")
    if isinstance(kind, str) and kind:
        return kind
    first = next(iter_dicts(data["result"]), {})
    return "streams" if "stream" in first else "matrix" if "values" in first else "vector"


def series(preview: Preview) -> Iterator[Record]:
    """The series; one with a sample beyond the query's threshold (input_params) has that as its problem."""
    data = _data(preview)
    limit = threshold(preview.params)
    for index, item in enumerate(iter_dicts(data["result"])):
        yield crossing(series_record(f"result[{index}]", item, preview.metric_hint, ("data", "result", index)), limit)


def alerts(preview: Preview) -> Iterator[Record]:
    for index, alert in enumerate(iter_dicts(_data(preview)["alerts"])):
        yield alert_record(f"alerts[{index}]", alert, ("data", "alerts", index))


def _alerts_listed(preview: Preview) -> bool:
    data = _data(preview)
    return isinstance(data, dict) and isinstance(data.get("alerts"), list)


VECTOR = Format("prometheus_vector", lambda p: _result_type(p) in ("vector", "scalar", "string"), series)
MATRIX = Format("prometheus_matrix", lambda p: _result_type(p) == "matrix", series)
ALERTS = Format("prometheus_alerts", _alerts_listed, alerts)
