"""A state said to hold now is the state the subject's latest record shows: with two `kubectl get pods` calls,
"目前仍处于 CrashLoopBackOff" is contradicted by the later one showing the pod Running, while "was in
CrashLoopBackOff" (then) is not. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

FIRST = (
    "NAME                          READY   STATUS             RESTARTS     AGE\n"
    "ledger-5f7c9d8b6-2kx4p        0/1     CrashLoopBackOff   4 (51s ago)  6m\n"
)
LATER = (
    "NAME                          READY   STATUS             RESTARTS       AGE\n"
    "ledger-5f7c9d8b6-2kx4p        1/1     Running            5 (3m10s ago)  13m\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    params = {"args": "get pods -n ledger"}
    return (
        EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, FIRST, params),
        EvidenceRow("k-2", "kubectl", Outcome.INDIRECT_SUPPORT, LATER, params),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("ledger-5f7c9d8b6-2kx4p 目前仍处于 CrashLoopBackOff，已经重启 5 次。", ClaimStatus.CONTRADICTED),
        ("ledger-5f7c9d8b6-2kx4p is still in CrashLoopBackOff.", ClaimStatus.CONTRADICTED),
        ("ledger-5f7c9d8b6-2kx4p is now Running.", ClaimStatus.GROUNDED),
        ("ledger-5f7c9d8b6-2kx4p 现在是 Running。", ClaimStatus.GROUNDED),
    ],
)
def test_a_state_said_to_hold_now_is_the_latest_records(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft) == [status]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-5f7c9d8b6-2kx4p was in CrashLoopBackOff at first.",
        "ledger-5f7c9d8b6-2kx4p 一开始处于 CrashLoopBackOff。",
    ],
)
def test_a_state_then_is_not_contradicted_by_a_later_one(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
