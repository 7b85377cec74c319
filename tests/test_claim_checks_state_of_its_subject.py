"""A part that gives its subject a state ("…, and its state is UPDATE_COMPLETE", "…，状态为 UPDATE_COMPLETE") speaks of
what the claim named before it: the state must be the one that record gives, not one another record of the listing
gives (the call's other operation, which completed).

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def operations() -> EvidenceRow:
    arn = "arn:aws:kafka:eu-west-1:111122223333:cluster/orders-msk/0c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f-2"
    body = {
        "ClusterOperationInfoList": [
            {
                "ClusterArn": arn,
                "StartTime": "2026-10-03T02:40:11.200000+00:00",
                "OperationState": "UPDATE_IN_PROGRESS",
                "OperationType": "UPDATE_BROKER_COUNT",
            },
            {
                "ClusterArn": arn,
                "StartTime": "2026-09-20T09:05:47.900000+00:00",
                "EndTime": "2026-09-20T09:31:02.100000+00:00",
                "OperationState": "UPDATE_COMPLETE",
                "OperationType": "UPDATE_BROKER_STORAGE",
            },
        ]
    }
    return EvidenceRow(
        "k-1",
        "aws_cli",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(body, indent=2),
        {"args": f"kafka list-cluster-operations-v2 --cluster-arn {arn}"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [operations()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The UPDATE_BROKER_COUNT operation on orders-msk started at 02:40:11 UTC, and its state is UPDATE_IN_PROGRESS.",
        "orders-msk 的 UPDATE_BROKER_COUNT 操作于 02:40:11 UTC 发起，目前状态为 UPDATE_IN_PROGRESS。",
    ],
)
def test_the_state_its_record_gives(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The UPDATE_BROKER_COUNT operation on orders-msk started at 02:40:11 UTC, and its state is UPDATE_COMPLETE.",
        "orders-msk 的 UPDATE_BROKER_COUNT 操作于 02:40:11 UTC 发起，目前已经完成，状态为 UPDATE_COMPLETE。",
    ],
)
def test_another_records_state_is_not_its_own(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
