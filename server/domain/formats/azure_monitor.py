"""Azure Monitor metrics: `az monitor metrics list`'s and the REST API's response, one record a time series.

    {"interval": "PT5M", "value": [{"name": {"value": "TotalLatency", "localizedValue": "Total Latency"},
      "unit": "MilliSeconds", "timeseries": [{"metadatavalues": [{"name": {"value": "pop"}, "value": "SIN"}],
      "data": [{"timeStamp": "2026-09-21T09:00:00Z", "average": 182.4}, ...]}]}]}

Each data point gives its time and its value under the aggregation asked for (`average`, `total`, `maximum`,
`minimum`, `count`), which a reader of JSON records would read as one record a point, with no metric and no
unit. It is read as a Prometheus range series is (`json_records.series_record`): one record a time series and
aggregation (`value[0].timeseries[0].maximum`, labelled `aggregation="maximum"`), its samples each a number at its minute, in the metric's `unit` (MilliSeconds,
Seconds, Bytes, Percent), its name and its dimensions (`metadatavalues`) as its labels, so "09:10 | 611 ms"
grounds on the TotalLatency series at 09:10 and not on another metric's 611 at another time.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from evidence_trace.server.domain.formats.cloudwatch import epoch
from evidence_trace.server.domain.formats.json_records import series_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.thresholds import crossing, threshold

_AGGREGATIONS = ("average", "total", "maximum", "minimum", "count")


def _metrics(preview: Preview) -> Optional[list[Any]]:
    value = preview.value
    metrics = value.get("value") if isinstance(value, dict) else None
    if not isinstance(metrics, list) or not metrics:
        return None
    return metrics if all(isinstance(m, dict) and isinstance(m.get("timeseries"), list) for m in metrics) else None


def _recognise(preview: Preview) -> bool:
    return _metrics(preview) is not None


def _name(metric: dict[str, Any]) -> str:
    name = metric.get("name")
    return str(name.get("value", "")) if isinstance(name, dict) else str(name or "")


def _samples(data: list[Any], aggregation: str) -> list[list[Any]]:
    """[epoch seconds, value] of each data point that gives the aggregation."""
    return [
        [epoch(p.get("timeStamp")), p[aggregation]]
        for p in data
        if isinstance(p, dict) and isinstance(p.get(aggregation), (int, float))
    ]


def records(preview: Preview) -> Iterator[Record]:
    """One record a metric's time series and aggregation; one with a sample beyond the query's threshold
    (input_params) has that as its problem, as CloudWatch's results do."""
    limit = threshold(preview.params)
    for m, metric in enumerate(_metrics(preview) or []):
        name = _name(metric)
        hint = f"{name} {metric.get('unit', '')}".strip()  # "TotalLatency MilliSeconds": the unit the name gives
        for t, series in enumerate(metric["timeseries"]):
            if not isinstance(series, dict) or not isinstance(series.get("data"), list):
                continue
            labels = {"__name__": hint}
            for meta in series.get("metadatavalues") or ():
                if isinstance(meta, dict) and isinstance(meta.get("name"), dict):
                    labels[str(meta["name"].get("value", ""))] = meta.get("value", "")
            # one series an aggregation asked for ("--aggregation Average Maximum": each point gives both)
            for aggregation in _AGGREGATIONS:
                samples = _samples(series["data"], aggregation)
                if samples:  # (none at all: no data in the interval)
                    item = {"metric": {**labels, "aggregation": aggregation}, "values": samples}
                    ref = f"value[{m}].timeseries[{t}].{aggregation}"
                    yield crossing(series_record(ref, item, hint, ("value", m, "timeseries", t)), limit)


FORMAT = Format("azure_monitor_metrics", _recognise, records)
