"""A count under what it counts is keyed by both (unit_numbers._numbers_of): DataSync's
`"FilesFailed": {"Transfer": 37}` counts failed files, so "37 files failed during the transfer phase" is shown, where
it had been CONTRADICTED by `"FilesTransferred": 18415` (heldout68 aws_datasync_tasks-01, correct). Another count of
failed files is still not shown. Domain only, offline; records and phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

EXECUTION = EvidenceRow(
    "c-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "TaskExecutionArn": "arn:aws:datasync:eu-central-1:1:task/task-0f1e/execution/exec-0b7c2d9e4f1a3b5c6",
            "Status": "ERROR",
            "EstimatedFilesToTransfer": 9120,
            "FilesTransferred": 9094,
            "FilesFailed": {"Prepare": 0, "Transfer": 26, "Verify": 0},
        }
    ),
    {"args": "datasync describe-task-execution --task-execution-arn exec-0b7c2d9e4f1a3b5c6"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [EXECUTION]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "In exec-0b7c2d9e4f1a3b5c6, 26 files failed during the transfer phase.",
        "exec-0b7c2d9e4f1a3b5c6 在传输阶段有 26 个文件失败。",
    ],
)
def test_the_nested_count_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "In exec-0b7c2d9e4f1a3b5c6, 31 files failed during the transfer phase.",
        "exec-0b7c2d9e4f1a3b5c6 在传输阶段有 31 个文件失败。",
    ],
)
def test_another_count_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
