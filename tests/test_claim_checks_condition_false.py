"""A condition named for an event and set False shows no such event (special_checks._shows_event).

`KernelDeadlock False … KernelHasNoDeadlock` in a node's conditions says the kernel has no deadlock: a claim
denying one ("没有把节点标成 KernelDeadlock", "worker-7 had no deadlock") was CONTRADICTED by the condition's very
name. A condition set True, or a line that tells the event, still contradicts the denial. Domain only, offline;
records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_HEADER = "  Type                    Status  LastHeartbeatTime                 Reason                   Message\n"


def conditions(status: str, reason: str, message: str) -> EvidenceRow:
    return EvidenceRow(
        "c-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "Conditions:\n"
        + _HEADER
        + f"  KernelDeadlock          {status}   Tue, 01 Dec 2026 09:12:40 +0000   {reason}   {message}\n"
        + "  FrequentKubeletRestart  False   Tue, 01 Dec 2026 09:12:40 +0000   NoFrequentKubeletRestart   ok\n",
        {"args": "describe node worker-7"},
    )


QUIET = conditions("False", "KernelHasNoDeadlock", "kernel has no deadlock")
STUCK = conditions("True ", "DockerHung", "task docker:7 blocked, deadlock detected")


def contradicted(draft: str, row: EvidenceRow) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "worker-7 had no deadlock: KernelDeadlock is False.",
        "NPD 没有把 worker-7 标成 KernelDeadlock（该 condition 为 False）。",
        "worker-7 上没有死锁。",
    ],
)
def test_a_condition_set_false_does_not_contradict_the_denial(draft: str) -> None:
    assert not contradicted(draft, QUIET)


@pytest.mark.parametrize("draft", ["worker-7 had no deadlock.", "worker-7 上没有死锁。"])
def test_a_condition_set_true_still_contradicts_it(draft: str) -> None:
    assert contradicted(draft, STUCK)
