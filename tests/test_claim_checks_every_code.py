"""One code said of every member of a counted set ("all three failed tasks exited with code 1", "the two
workers returned exit code 137", "三个任务都以退出码 2 退出") is read against a listing of exactly that many
records, each giving one code under the noun's key (`"exitCode": 1`, `exit_code=137`): a record that gives
another code contradicts the claim; when each gives it, they ground it. A part of the set ("two of the three"),
a code each ("codes 1, 1 and 139") and a listing of another size are not read so. Domain only, offline; rows
and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def ecs_tasks(*codes: int) -> EvidenceRow:
    """`aws ecs describe-tasks`: one task a stopped container with its exit code."""
    tasks = [
        {
            "taskArn": f"arn:aws:ecs:ap-southeast-1:318402775010:task/reports/{index}f3c9a1e",
            "lastStatus": "STOPPED",
            "stoppedReason": "Essential container in task exited",
            "containers": [{"name": "report-gen", "exitCode": code, "lastStatus": "STOPPED"}],
        }
        for index, code in enumerate(codes)
    ]
    return EvidenceRow(
        "ecs-1",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps({"tasks": tasks, "failures": []}, indent=2),
        {"command": "aws ecs describe-tasks --cluster reports --tasks …"},
    )


def job_lines(*codes: int) -> EvidenceRow:
    """A scheduler's log: one line a finished job, its exit code as a field."""
    lines = "\n".join(
        f'2026-10-03T02:1{i}:07Z level=error job=ledger-export-{i} msg="job finished" exit_code={code}'
        for i, code in enumerate(codes)
    )
    return EvidenceRow("log-1", "query_logs", Outcome.DIRECT_SUPPORT, lines, {"query": "job finished"})


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


EVERY_ONE = [
    "All three stopped tasks exited with code 1.",
    "The three report-gen tasks exited with exit code 1.",
    "三个任务都以退出码 1 退出。",
    "这 3 个任务全部以退出码 1 结束。",
]


@pytest.mark.parametrize("draft", EVERY_ONE)
def test_a_record_giving_another_code_contradicts_the_counted_set(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, ecs_tasks(1, 1, 137))


@pytest.mark.parametrize("draft", EVERY_ONE)
def test_each_record_giving_the_code_grounds_it(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ecs_tasks(1, 1, 1))


@pytest.mark.parametrize(
    "draft",
    ["Both export jobs exited with code 2.", "两个导出任务都以退出码 2 退出。", "The two jobs returned code 2."],
)
def test_log_lines_give_each_records_code_too(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, job_lines(2, 0))
    assert statuses(draft, job_lines(2, 2)) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "Two of the three stopped tasks exited with code 1.",
        "三个任务中有两个以退出码 1 退出。",
        "The three stopped tasks exited with codes 1, 1 and 137.",
        "All four stopped tasks exited with code 1.",  # a listing of another size says nothing of four
    ],
)
def test_a_part_a_code_each_or_another_size_is_not_read_as_every_one(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ecs_tasks(1, 1, 137))
