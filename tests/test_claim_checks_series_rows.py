"""One moment across the series of one metric call (series_rows.bind_series_at_time).

A draft often restates a metric call as a table, one row a timestamp ("| 19:25 | 45,230 | 240 | 160 |"), or says
two series' values at one time ("10:10 时请求 61,340、4xx 5,120"). Each value is a sample of a different series of
that call at that minute: together they ground the row. A value another minute shows, a value only another call
shows, or a value of one host's series said of another host does not.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_STAMPS = ["2026-10-27T19:15:00+00:00", "2026-10-27T19:10:00+00:00", "2026-10-27T19:05:00+00:00"]


def _result(ident: str, label: str, values: list[float]) -> dict[str, object]:
    return {"Id": ident, "Label": label, "Timestamps": _STAMPS, "Values": values, "StatusCode": "Complete"}


CLOUDWATCH = EvidenceRow(
    "cw-1",
    "cloudwatch_get_metric_data",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "MetricDataResults": [
                _result("req", "Requests", [66020.0, 61340.0, 43850.0]),
                _result("e4", "4xxStatusResponses", [7930.0, 5120.0, 205.0]),
                _result("conc", "Concurrency", [250.0, 250.0, 142.0]),
            ],
            "Messages": [],
        },
        indent=2,
    ),
    {"args": "cloudwatch get-metric-data --metric-data-queries file://search-api.json", "service": "search-api"},
)
# another call: the database's connections, five-minute samples of its own
PROMETHEUS = EvidenceRow(
    "prom-1",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "matrix",
                "result": [
                    {
                        "metric": {"instance": "pg-main-0:9187", "state": "active"},
                        "values": [[1793127900, "388"], [1793128200, "412"], [1793128500, "97"]],
                    },
                    {
                        "metric": {"instance": "pg-main-1:9187", "state": "active"},
                        "values": [[1793127900, "21"], [1793128200, "19"], [1793128500, "23"]],
                    },
                ],
            },
        }
    ),
    {"query": 'pg_stat_activity_count{state="active"}', "start": "19:00", "end": "19:15", "step": "5m"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [CLOUDWATCH, PROMETHEUS]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "| Bucket | Requests | 4xx | Concurrency |\n|---|---|---|---|\n| 19:10 UTC | 61,340 | 5,120 | 250 |",
        "| 19:05 UTC | 43,850 | 205 | 142 |",
        "At 19:15 UTC search-api took 66,020 requests and returned 7,930 4xx responses.",
        "19:10 UTC 时 search-api 的请求数与 4xx 分别为 61,340 和 5,120。",
        "| 时间 (UTC) | 请求 | 4xx |\n|---|---|---|\n| 19:15 | 66,020 | 7,930 |",
    ],
)
def test_the_values_of_one_row_are_samples_of_the_calls_series_at_its_time(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        # 7,930 is the 4xx of 19:15, not of 19:10
        "| Bucket | Requests | 4xx | Concurrency |\n|---|---|---|---|\n| 19:10 UTC | 61,340 | 7,930 | 250 |",
        "19:10 UTC 时 search-api 的请求数与 4xx 分别为 61,340 和 7,930。",
        # 388 is a sample of another call (the database's connections), never of the request series
        "At 19:05 UTC search-api took 43,850 requests with 388 in flight.",
        "19:10 UTC 时请求数 61,340 和活跃连接 388 个。",
        # a name of one series binds its own value: 412 is pg-main-0's, never pg-main-1's
        "At 19:10 UTC pg-main-1 had 412 active connections and 19 idle ones.",
        "19:10 UTC 时 pg-main-1 的活跃连接数与空闲连接数分别为 412 和 19。",
    ],
)
def test_a_value_of_another_minute_call_or_series_does_not_bind(draft: str) -> None:
    found = statuses(draft)
    assert found and not all(s == ClaimStatus.GROUNDED for s in found)
