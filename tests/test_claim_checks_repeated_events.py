"""A denial of a repetition ("no second failover", "has not restarted again", "没有再次切换") is not
contradicted by the one occurrence the evidence shows; a denial of the event itself still is.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SENTINEL = (
    "1:X 06 Nov 2026 09:12:03.901 # +failover-end master auth-db 10.6.1.21 6379\n"
    "1:X 06 Nov 2026 09:12:04.118 # +switch-master auth-db 10.6.1.21 6379 10.6.1.22 6379\n"
    "1:X 06 Nov 2026 09:12:04.120 * +slave slave 10.6.1.21:6379 10.6.1.21 6379 @ auth-db 10.6.1.22 6379\n"
)


def sentinel() -> EvidenceRow:
    return EvidenceRow(
        "s-1", "ssh_exec", Outcome.DIRECT_SUPPORT, SENTINEL, {"command": "grep switch-master sentinel.log"}
    )


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [sentinel()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft",
    [
        "auth-db has had no second failover since 09:12.",
        "auth-db did not fail over again after that.",
        "auth-db 之后没有再次切换。",
        "auth-db 暂无二次切换。",
    ],
)
def test_a_denied_repetition_is_not_contradicted_by_one_occurrence(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize("draft", ["auth-db has had no failover.", "auth-db 没有发生切换。"])
def test_a_denied_event_is_contradicted_by_its_occurrence(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
