"""A CamelCase name after an exporter's prefix is that name (fact_matching.matches): heldout68
debezium_connectors-03 (correct) could not ground "`MilliSecondsBehindSource` … is 412 ms" on the series
`debezium_metrics_MilliSecondsBehindSource`. Another name is still not shown. Domain only, offline; records and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

METRIC = EvidenceRow(
    "c-1",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "resultType": "vector",
            "result": [
                {
                    "metric": {"__name__": "kafka_connect_metrics_SecondsSinceLastEvent", "connector": "ledger-cdc"},
                    "value": [1790000000, "7"],
                }
            ],
        }
    ),
    {"query": 'kafka_connect_metrics_SecondsSinceLastEvent{connector="ledger-cdc"}'},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [METRIC]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["ledger-cdc's SecondsSinceLastEvent is 7.", "ledger-cdc 的 SecondsSinceLastEvent 为 7。"]
)
def test_the_name_after_a_prefix_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["ledger-cdc's MillisecondsSinceLastCommit is 7.", "ledger-cdc 的 SecondsSinceLastCommit 为 7。"]
)
def test_another_name_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
