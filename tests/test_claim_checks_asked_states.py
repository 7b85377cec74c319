"""A state a call filtered its records by (`list-jobs-by-status --status Submitted`, `--field-selector
status.phase=Failed`) is the state of every record it returns: "27 个作业处于 Submitted 状态" is grounded by the 27 that
call counted, the state by what it asked. Another state, or another call's count, is not.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def counted(status: str, count: int) -> EvidenceRow:
    args = (
        f"elastictranscoder list-jobs-by-status --status {status} --region ap-south-1 "
        "--query \"length(Jobs[?PipelineId=='1700000000001-ab12cd'])\""
    )
    return EvidenceRow(f"c-{status}", "aws_cli", Outcome.INDIRECT_SUPPORT, f"{count}\n", {"args": args})


def statuses(draft: str) -> list[ClaimStatus]:
    rows = [counted("Submitted", 31), counted("Progressing", 6)]
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "流水线里还有 31 个作业处于 Submitted 状态，没开始转码。",
        "31 jobs are still in the `Submitted` state.",
        "另有 6 个作业处于 Progressing 状态。",
    ],
)
def test_a_count_in_the_state_the_call_asked_for(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "流水线里还有 31 个作业处于 Progressing 状态。",
        "6 jobs are still in the `Submitted` state.",
        "另有 31 个作业处于 Progressing 状态。",
    ],
)
def test_another_calls_count_is_not_the_states(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
