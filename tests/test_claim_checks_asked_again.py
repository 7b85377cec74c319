"""A state said to hold now of a subject the claim does not name ("The cluster is still red", "集群目前仍然是 red")
is read against the latest answer of a call asked again (the same tool and parameters: two `_cluster/health`
reads): another state there, and not the claimed one, contradicts it (latest_state._asked_again). A state said
of the past, or the latest one, is not contradicted. Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def health(index: int, status: str, unassigned: int) -> EvidenceRow:
    body = {
        "cluster_name": "logs-es",
        "status": status,
        "active_primary_shards": 40 - unassigned,
        "unassigned_shards": unassigned,
    }
    return EvidenceRow(
        f"h-{index}",
        "es_request",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(body),
        {"method": "GET", "path": "/_cluster/health"},
    )


ROWS = [health(1, "yellow", 6), health(2, "green", 0)]


def contradicted(draft: str) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, ROWS))


@pytest.mark.parametrize(
    "draft", ["The cluster is still yellow with 6 unassigned shards.", "集群目前仍然是 yellow，还有 6 个未分配分片。"]
)
def test_a_state_now_is_read_against_the_call_asked_again(draft: str):
    assert contradicted(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "The cluster was yellow with 6 unassigned shards and is green now.",
        "The cluster is now green with 0 unassigned shards.",
        "集群一开始是 yellow 状态，有 6 个未分配分片。",
    ],
)
def test_a_past_state_or_the_latest_one_is_not_contradicted(draft: str):
    assert not contradicted(draft)


def test_a_call_asked_once_decides_nothing_of_now():
    assert not any(
        c.status == ClaimStatus.CONTRADICTED
        for c in check_draft("The cluster is still yellow.", [health(1, "yellow", 6)])
    )
