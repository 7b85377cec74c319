"""A value said to hold now is the series' latest sample (latest_samples.py): "the drops are now back to 0/s" had
grounded on the series' first samples (0 at 14:00) while its latest is 101.5 (heldout69 gcp_cloud_nat-06's class).
The latest sample's value grounds; a value no sample has is left to the other rules, and a claim that times its
value says when it held. Domain only, offline; records
and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SERIES = EvidenceRow(
    "c-1",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "matrix",
                "result": [
                    {
                        "metric": {"service": "ledger-api", "code": "5xx"},
                        "values": [[1790000000, "0"], [1790000300, "4.2"], [1790000600, "12.8"], [1790000900, "9.6"]],
                    }
                ],
            },
        }
    ),
    {"query": 'sum(rate(http_requests_total{service="ledger-api",code=~"5.."}[5m]))'},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [SERIES]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["ledger-api's 5xx rate is now back to 0/s.", "ledger-api is currently at 4.2 errors/s."]
)
def test_an_earlier_sample_said_to_hold_now_is_contradicted(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api's 5xx rate is now 9.6/s.",
        "ledger-api 的 5xx 速率目前为 9.6/s。",
        "ledger-api's 5xx rate peaked at 12.8/s and is now 9.6/s.",
        "ledger-api was still failing at 4.2/s at 14:18 UTC.",  # a value with its own time is of that moment
    ],
)
def test_the_latest_sample_grounds(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
