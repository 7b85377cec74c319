"""A bound that defines a target ("against the runbook's target of < 10 ms", "按预期（小于 10 ms）") is a
reference's figure: its sign is the target's, not what the claim says of its subject ("… etcd-2 is slightly
above target"), so the subject's value is no rival of it. A bound said of the subject ("etcd-2 is below
10 ms", "etcd-2 的 p99 低于 10 ms") is contradicted by the subject's value as before. Domain only, offline;
rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def fsync() -> EvidenceRow:
    result = [
        {"metric": {"instance": "etcd-1:2379"}, "value": [1791707400, "0.0071"]},
        {"metric": {"instance": "etcd-2:2379"}, "value": [1791707400, "0.0134"]},
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    query = "histogram_quantile(0.99, sum by (instance, le) (rate(etcd_disk_wal_fsync_duration_seconds_bucket[5m])))"
    return EvidenceRow("m-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [fsync()]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Against the runbook's target of < 10 ms, etcd-2 is slightly above target.",
        "按 runbook 的预期（小于 10 ms），etcd-2 略高于目标。",
    ],
)
def test_a_bound_defining_a_target_has_no_rival_in_the_subject(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.CONTRADICTED not in found


@pytest.mark.parametrize("draft", ["etcd-2 is below 10 ms.", "etcd-2 的 p99 低于 10 ms。"])
def test_a_bound_said_of_the_subject_is_contradicted_by_its_value(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]
