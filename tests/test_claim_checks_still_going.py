"""A run said to be going now, when the session asked about it twice: the latest answer decides. "Workflow run
88123 is still running" is contradicted when the same call, asked again, shows the run ended (a terminal state,
or an end time) after the first answer showed it in progress. A time the latest record gives too (the run's
start) does not date the claim; a time only the earlier answer matches does ("at 10:05 it was still running").
Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PARAMS = {"path": "/repos/acme/deploy-api/actions/runs/88123"}
GOING = {
    "id": 88123,
    "name": "deploy-api release",
    "head_branch": "main",
    "status": "in_progress",
    "conclusion": None,
    "run_started_at": "2027-04-08T10:02:14Z",
}
ENDED = {**GOING, "status": "completed", "conclusion": "failure", "updated_at": "2027-04-08T10:19:51Z"}
# a nested state, as Bitbucket and Azure DevOps give it
NESTED_GOING = {"build_number": 311, "state": {"name": "IN_PROGRESS", "stage": {"name": "RUNNING"}}}
NESTED_ENDED = {
    "build_number": 311,
    "state": {"name": "COMPLETED", "result": {"name": "STOPPED"}},
    "completed_on": "2027-04-08T11:40:02Z",
}
NESTED_PARAMS = {"path": "/repositories/acme/ledger-ui/pipelines/311"}


def rows(first: dict, last: dict, params: dict) -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("call-1", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(first, indent=2), params),
        EvidenceRow("call-2", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(last, indent=2), params),
    )


def statuses(draft: str, evidence: tuple[EvidenceRow, ...]) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, evidence) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Workflow run 88123 of deploy-api is still running.",
        "deploy-api's run 88123 (started 10:02:14 UTC) is currently in progress.",
        "Workflow run #88123 of deploy-api hasn't finished yet.",
        "deploy-api 的运行 88123 目前仍在运行。",
        "deploy-api 的运行 #88123 还没跑完。",
    ],
)
def test_a_run_the_latest_answer_shows_ended_is_not_going_now(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, rows(GOING, ENDED, PARAMS))


@pytest.mark.parametrize(
    "draft", ["Pipeline #311 of ledger-ui is still running.", "ledger-ui 的流水线 #311 仍在运行中。"]
)
def test_a_nested_state_is_read_too(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, rows(NESTED_GOING, NESTED_ENDED, NESTED_PARAMS))


@pytest.mark.parametrize(
    "draft", ["Workflow run 88123 of deploy-api is still running.", "deploy-api 的运行 88123 目前仍在运行。"]
)
def test_a_run_still_going_in_the_latest_answer_is_going(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, rows(GOING, GOING, PARAMS))


@pytest.mark.parametrize(
    "draft",
    [
        "At 10:05 UTC workflow run 88123 of deploy-api was still running.",
        "北京时间 18:05，deploy-api 的运行 88123 仍在运行。",
        "Workflow run 88123 of deploy-api has ended with a failure.",
        "deploy-api 的运行 88123 已经结束，结论是 failure。",
    ],
)
def test_a_dated_or_finished_claim_is_not_read_so(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, rows(GOING, ENDED, PARAMS))


# a listing of the workflow's runs, then the run's own endpoint: two questions, the later answer decides
LISTING = {
    "workflow_runs": [
        {
            "run_number": 640,
            "display_title": "nightly-build",
            "status": "in_progress",
            "started": "2027-04-09T01:00:05Z",
        },
        {"run_number": 639, "display_title": "nightly-build", "status": "completed", "conclusion": "success"},
    ]
}
RUN_ENDED = {"run_number": 640, "display_title": "nightly-build", "status": "completed", "conclusion": "failure"}


def two_calls(first: dict, last: dict) -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow(
            "list-1", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(first, indent=2), {"path": "/runs?limit=2"}
        ),
        EvidenceRow("run-1", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(last, indent=2), {"path": "/runs/640"}),
    )


@pytest.mark.parametrize(
    "draft",
    [
        "nightly-build run #640 is still running, far longer than #639.",
        "nightly-build 的 #640 目前仍在运行，比 #639 慢很多。",
    ],
)
def test_a_later_call_of_another_question_decides_too(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, two_calls(LISTING, RUN_ENDED))


@pytest.mark.parametrize("draft", ["nightly-build run #640 is still running.", "nightly-build 的 #640 目前仍在运行。"])
def test_a_later_call_that_shows_it_going_agrees(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, two_calls(RUN_ENDED, LISTING))
