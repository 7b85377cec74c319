"""A run said to have succeeded while its own record says it has not finished ("STATUS Running", "phase:
Pending") is contradicted; its steps' records, named after it, speak for the steps, not for the run; a success
of counted things is none of the run's, and a finished run's success still grounds. Written in the
session of heldout52 after its first contact (tekton_pipelines-06); domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LIST = """NAME                 STATUS      AGE   DURATION   PRIORITY
etl-nightly-x7k2p    Running     4m    4m         0
etl-nightly-q9d3m    Succeeded   1d    38m        0
etl-nightly-b2v8n    Failed      2d    12m        0
"""
STEPS = json.dumps(
    {
        "steps": [
            {"name": "etl-nightly-x7k2p-extract", "phase": "Succeeded", "duration": "3m02s"},
            {"name": "etl-nightly-x7k2p-load", "phase": "Running"},
        ]
    }
)
ROWS = [
    EvidenceRow("a-1", "argo", Outcome.INDIRECT_SUPPORT, LIST, {"args": "list -n etl"}),
    EvidenceRow("a-2", "argo", Outcome.INDIRECT_SUPPORT, STEPS, {"args": "get etl-nightly-x7k2p -o json"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The workflow etl-nightly-x7k2p has succeeded.",
        "etl-nightly-x7k2p completed successfully.",
        "今晚的 etl-nightly-x7k2p 已经执行成功。",
    ],
)
def test_a_run_said_to_succeed_while_its_own_record_runs_is_contradicted(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "etl-nightly-q9d3m has succeeded.",
        "昨天的 etl-nightly-q9d3m 已经执行成功。",
        "etl-nightly-x7k2p is still Running.",
        "etl-nightly-x7k2p 仍处于 Running。",
    ],
)
def test_a_finished_run_said_to_succeed_or_a_running_one_said_to_run_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "etl-nightly-x7k2p: 1 of 2 steps succeeded so far.",  # the steps' success, not the run's
        "etl-nightly-x7k2p 目前 2 个步骤中 1 个执行成功。",
    ],
)
def test_a_success_of_counted_things_is_no_success_of_the_run(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("etl-nightly-q9d3m is Succeeded.", True),
        ("etl-nightly-q9d3m 的状态是 Succeeded。", True),
        ("etl-nightly-b2v8n is Succeeded.", False),
        ("etl-nightly-b2v8n 的状态是 Succeeded。", False),
    ],
)
def test_succeeded_said_as_a_state_is_read_against_the_runs_own_record(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded
