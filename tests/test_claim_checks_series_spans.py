"""A duration a claim tells as the span of a series it read ("grew from 612 s to 2,927 s in 25 minutes", "用了 40 分钟
从 1,480 涨到 12,906", "历时 25 分钟") is shown by a series of the session whose samples span exactly that long, first to last.
Before, no unit stated the figure, so a correct reading of a CloudWatch or Prometheus series stayed ungrounded.
A span no series has is not grounded. Domain only, offline; rows and phrasings written for these tests, both ways
and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CLOUDWATCH = {
    "MetricDataResults": [
        {
            "Id": "tgt",
            "Label": "CDCLatencyTarget",
            "Timestamps": [f"2027-03-02T02:{m:02d}:00+00:00" for m in (55, 50, 45, 40, 35, 30)],
            "Values": [2927.0, 2391.0, 1838.0, 1240.0, 905.0, 612.0],
            "StatusCode": "Complete",
        }
    ]
}
START = 1804053600  # 2027-03-02T10:00:00Z
PROMETHEUS = {
    "status": "success",
    "data": {
        "resultType": "matrix",
        "result": [
            {
                "metric": {"__name__": "queue_depth", "queue": "invoices"},
                "values": [[START + 600 * i, str(v)] for i, v in enumerate((1480, 3900, 7010, 10200, 12906))],
            }
        ],
    },
}
ROWS = [
    EvidenceRow("c-1", "cloudwatch_get_metric_data", Outcome.INDIRECT_SUPPORT, json.dumps(CLOUDWATCH), {"period": 300}),
    EvidenceRow(
        "p-1",
        "query_metrics",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(PROMETHEUS),
        {"query": 'queue_depth{queue="invoices"}'},
    ),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "CDCLatencyTarget grew from 612 s to 2,927 s in 25 minutes.",
        "CDCLatencyTarget 从 612 s 涨到了 2,927 s，历时 25 分钟。",
        "The invoices queue depth grew from 1,480 to 12,906 in 40 minutes.",
        "invoices 队列深度用了 40 分钟从 1,480 涨到 12,906。",
    ],
)
def test_the_span_of_the_series_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "CDCLatencyTarget grew from 612 s to 2,927 s in 35 minutes.",
        "CDCLatencyTarget 从 612 s 涨到了 2,927 s，历时 45 分钟。",
        "The invoices queue depth grew from 1,480 to 12,906 in 50 minutes.",
        "invoices 队列深度用了 30 分钟从 1,480 涨到 12,906。",
    ],
)
def test_another_span_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
