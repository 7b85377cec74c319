"""CloudWatch GetMetricData: `aws cloudwatch get-metric-data`'s `MetricDataResults`, one record a result.

    {"MetricDataResults": [{"Id": "cpu", "Label": "CPUUtilization Average",
      "Timestamps": ["2026-09-25T10:05:00+00:00", "2026-09-25T10:00:00+00:00"],
      "Values": [71.5, 48.2], "StatusCode": "Complete"}], "Messages": []}

A result gives its samples as two lists, `Timestamps[i]` the time of `Values[i]`, which a reader of JSON
records cannot pair: each value would be a number of the whole result with no time. It is read as a
Prometheus range series is (`json_records.series_record`): one record per result (`MetricDataResults[0]`),
its samples each a number at its minute, its `Id` and `Label` as its labels, so "10:05 | 71.5%" grounds on
the cpu result at 10:05 and not on the 5xx result's 71 at another time. The subject is the result's label.
A result with a sample beyond the query's threshold (input_params "threshold", "comparison") is direct, as
Prometheus' series are.
`get-metric-statistics`' `Datapoints` are records with their own `Timestamp` and are left to generic_json.
"""

from __future__ import annotations

import datetime
from typing import Any, Iterator, Optional

from evidence_trace.server.domain.formats.json_records import series_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.thresholds import crossing, threshold


def _results(preview: Preview) -> Optional[list[Any]]:
    """The response's `MetricDataResults`, or None when it has none (an empty list is a response of no data)."""
    value = preview.value
    results = value.get("MetricDataResults") if isinstance(value, dict) else None
    return results if isinstance(results, list) else None


def _paired(result: Any) -> bool:
    return (
        isinstance(result, dict)
        and isinstance(result.get("Timestamps"), list)
        and isinstance(result.get("Values"), list)
        and len(result["Timestamps"]) == len(result["Values"])
    )


def _recognise(preview: Preview) -> bool:
    results = _results(preview)
    return results is not None and all(_paired(r) for r in results)


def epoch(stamp: Any) -> Any:
    """An ISO 8601 time as epoch seconds (naive read as UTC, as CloudWatch writes UTC); else as given."""
    if not isinstance(stamp, str):
        return stamp
    try:
        moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.timestamp()


def records(preview: Preview) -> Iterator[Record]:
    """One record a result; one with a sample beyond the query's threshold (input_params) has that as its problem."""
    limit = threshold(preview.params)
    for index, result in enumerate(_results(preview) or []):
        labels = {k: result[k] for k in ("Id", "Label") if isinstance(result.get(k), str)}
        samples = [[epoch(t), v] for t, v in zip(result["Timestamps"], result["Values"])]
        if not samples:
            continue  # no datapoints in the period: nothing of it to read (all empty: no hit)
        if all(isinstance(s[0], float) for s in samples):
            samples.sort(key=lambda s: s[0])  # oldest first, as a range query's samples are (the CLI's newest first)
        item = {"metric": labels, "values": samples}
        name = str(labels.get("Label", "")) or preview.metric_hint
        yield crossing(series_record(f"MetricDataResults[{index}]", item, name, ("MetricDataResults", index)), limit)


FORMAT = Format("cloudwatch_metric_data", _recognise, records)
