"""A thing said not to have happened ("no write failures", "没有写入失败") is read against the counters the subject's
records keep of it: `write_failures: 7` contradicts it, `sync_retries: 0` agrees, a limit (`write_failure_threshold: 10`)
counts nothing, another subject's counter says nothing of this one, and one word alone ("no restarts") is read by
the other checks. Domain only, offline; payloads and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

JOBS = {
    "jobs": [
        {
            "name": "orders-sync",
            "state": "RUNNING",
            "records_written": 120394,
            "write_failures": 7,
            "sync_retries": 0,
            "write_failure_threshold": 10,
        },
        {
            "name": "billing-sync",
            "state": "RUNNING",
            "records_written": 8812,
            "write_failures": 0,
            "sync_retries": 3,
            "write_failure_threshold": 10,
        },
    ]
}


def status(draft: str) -> ClaimStatus:
    row = EvidenceRow("jobs-1", "sync_api", Outcome.INDIRECT_SUPPORT, json.dumps(JOBS, indent=2), {})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    "draft",
    [
        "orders-sync is RUNNING and there are no write failures.",
        "orders-sync 在运行，没有写入失败。",
        "billing-sync has had no sync retries.",
        "billing-sync 没有同步重试。",
    ],
)
def test_a_counter_above_zero_contradicts_a_denial(draft: str) -> None:
    assert status(draft) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "orders-sync has had no sync retries.",
        "orders-sync 没有同步重试。",
        "billing-sync is RUNNING and there are no write failures.",
        "billing-sync 在运行，没有写入失败。",
    ],
)
def test_a_counter_at_zero_or_a_limit_does_not(draft: str) -> None:
    assert status(draft) != ClaimStatus.CONTRADICTED
