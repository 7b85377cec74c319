"""Azure Monitor metrics (`az monitor metrics list`, the REST API's `value[].timeseries[].data[]`) are read one
record a time series and aggregation, each data point a sample at its minute in the metric's `unit`: "09:10 | 611
ms" grounds on the TotalLatency series' average at 09:10, "最大值 99.6%" on the maximum series, and a figure of
another time, another metric or another aggregation does not. Before, each data point was a record with no metric
and no unit, so no figure with a unit grounded. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def _metric(name: str, unit: str, points: list[tuple[str, dict]]) -> dict:
    return {
        "name": {"value": name, "localizedValue": name},
        "unit": unit,
        "timeseries": [{"metadatavalues": [], "data": [{"timeStamp": f"2027-04-08T{t}:00Z", **v} for t, v in points]}],
        "errorCode": "Success",
    }


RESPONSE = {
    "interval": "PT5M",
    "timespan": "2027-04-08T09:00:00Z/2027-04-08T09:15:00Z",
    "value": [
        _metric(
            "TotalLatency",
            "MilliSeconds",
            [("09:00", {"average": 171.2}), ("09:05", {"average": 164.9}), ("09:10", {"average": 588.6})],
        ),
        _metric(
            "dtu_consumption_percent",
            "Percent",
            [
                ("09:00", {"average": 41.3, "maximum": 57.0}),
                ("09:05", {"average": 77.4, "maximum": 99.6}),
                ("09:10", {"average": 83.0, "maximum": 100.0}),
            ],
        ),
    ],
}
ROWS = [
    EvidenceRow(
        "m-1", "azure_cli", Outcome.INDIRECT_SUPPORT, json.dumps(RESPONSE), {"command": "az monitor metrics list"}
    )
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "TotalLatency averaged 588.6 ms at 09:10 UTC.",
        "09:10 UTC 的 TotalLatency 平均是 589 ms。",
        "dtu_consumption_percent peaked at a maximum of 99.6% at 09:05 UTC.",
        "09:05 UTC dtu_consumption_percent 的最大值是 99.6%。",
    ],
)
def test_a_sample_of_the_series_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "TotalLatency averaged 588.6 ms at 09:00 UTC.",
        "09:10 UTC 的 TotalLatency 平均是 858 ms。",
        "dtu_consumption_percent peaked at a maximum of 96.9% at 09:05 UTC.",
        "09:05 UTC dtu_consumption_percent 的最大值是 99.9%。",
    ],
)
def test_another_time_or_figure_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
