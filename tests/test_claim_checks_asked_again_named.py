"""A state said to hold now of a subject the claim names ("db-primary is still failing with ConnectionTimeout",
"目前仍然 …"; test_claim_checks_asked_again.py has an unnamed cluster's) when a call was asked about it again
later (the same tool, the same parameters): the latest answer decides, so an earlier answer's record no longer
grounds it when the latest shows the subject without it. Said of the earlier check, or
asked once, it still grounds. Written from heldout52 thanos_components-04 after its first contact; domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ASKED = {"method": "GET", "url": "http://billing-api.internal:8081/actuator/health"}


def health(db_status: str, error: str = "") -> str:
    db = {"name": "db-primary", "status": db_status} | ({"error": error} if error else {})
    return json.dumps(
        {"status": "DOWN" if db_status == "DOWN" else "UP", "checks": [db, {"name": "redis-cache", "status": "UP"}]}
    )


FIRST = EvidenceRow("h-1", "http_check", Outcome.INDIRECT_SUPPORT, health("DOWN", "ConnectionTimeout"), ASKED)
AGAIN = EvidenceRow("h-2", "http_check", Outcome.INDIRECT_SUPPORT, health("UP"), ASKED)


def statuses(draft: str, rows: list[EvidenceRow]) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["db-primary is still failing with ConnectionTimeout.", "db-primary 目前仍然报 ConnectionTimeout。"]
)
def test_a_state_said_to_hold_now_is_read_against_the_latest_answer(draft: str) -> None:
    assert statuses(draft, [FIRST, AGAIN]) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft", ["db-primary is still failing with ConnectionTimeout.", "db-primary 目前仍然报 ConnectionTimeout。"]
)
def test_asked_once_the_answer_grounds_it(draft: str) -> None:
    assert statuses(draft, [FIRST]) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The first health check showed db-primary failing with ConnectionTimeout.",
        "第一次健康检查里 db-primary 报了 ConnectionTimeout。",
    ],
)
def test_said_of_the_earlier_answer_it_grounds(draft: str) -> None:
    assert statuses(draft, [FIRST, AGAIN]) == [ClaimStatus.GROUNDED]
