"""A success told at a time with no name ("it finished successfully at 11:02:47") is the record at that
time's: a status the evidence records then as a failure contradicts it; a success recorded then holds.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses_row(final: str) -> EvidenceRow:
    body = [
        {"id": 7702, "state": final, "description": f"Argo sync {final}", "created_at": "2026-11-06T11:02:47Z"},
        {"id": 7701, "state": "in_progress", "description": "Argo sync started", "created_at": "2026-11-06T10:58:03Z"},
    ]
    params = {"method": "GET", "path": "/repos/acme/billing/deployments/5521/statuses"}
    return EvidenceRow("gh-1", "github_api", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft",
    [
        "The sync began at 10:58:03 UTC and it finished successfully at 11:02:47 UTC.",
        "同步在 UTC 10:58:03 开始，11:02:47 执行成功。",
    ],
)
def test_a_success_at_a_time_is_the_record_of_that_time(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, statuses_row("failure"))
    assert ClaimStatus.CONTRADICTED not in statuses(draft, statuses_row("success"))
