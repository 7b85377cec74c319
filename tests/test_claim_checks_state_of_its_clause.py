"""A state said of a name in its own clause ("bob paused it at 09:10, and nightly-report's state is now ENABLED",
"alice 调用了 ResumeJob，nightly-report 当前状态为 ENABLED") is read against the records of that name: the job's own
record with `state: PAUSED` contradicts it, although the clause before names someone the job's record does not.
Before, every name of the claim had to be in the record, so a state said after an actor's clause was never read.
Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

AUDIT = EvidenceRow(
    "audit-1",
    "gcloud_logging_read",
    Outcome.INDIRECT_SUPPORT,
    "TIMESTAMP                 METHOD_NAME                                         PRINCIPAL_EMAIL\n"
    "2027-04-08T09:41:02.117Z  google.cloud.scheduler.v1.CloudScheduler.ResumeJob  dana.cho@example.org\n",
    {"filter": 'protoPayload.resourceName:"jobs/nightly-report"'},
)


def describe(state: str) -> EvidenceRow:
    return EvidenceRow(
        "job-1",
        "gcloud",
        Outcome.INDIRECT_SUPPORT,
        "httpTarget:\n"
        "  httpMethod: POST\n"
        "  uri: https://reports.internal.example.org/run\n"
        "attemptDeadline: 600s\n"
        "name: projects/ops-prod/locations/europe-west1/jobs/nightly-report\n"
        "retryConfig:\n"
        "  maxDoublings: 4\n"
        "  minBackoffDuration: 10s\n"
        "schedule: 30 2 * * *\n"
        f"state: {state}\n"
        "timeZone: Europe/Madrid\n",
        {"command": "scheduler jobs describe nightly-report --location=europe-west1"},
    )


def statuses(draft: str, state: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (AUDIT, describe(state))) if c.kind == ClaimKind.FACT]


DRAFTS = [
    "dana.cho@example.org called ResumeJob at 09:41:02 UTC, and nightly-report's state is now ENABLED.",
    "dana.cho@example.org 在 09:41:02 UTC 调用了 ResumeJob，nightly-report 当前状态为 ENABLED。",
]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_state_its_own_record_gives_otherwise_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, "PAUSED")


@pytest.mark.parametrize("draft", DRAFTS)
def test_the_state_its_own_record_gives_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, "ENABLED")


def test_a_record_of_the_name_with_that_state_beside_others_is_no_contradiction() -> None:
    # the workflow's record gives on_hold; its jobs' records, which name the project too, give other states
    workflow = EvidenceRow(
        "wf-1",
        "circleci_api",
        Outcome.INDIRECT_SUPPORT,
        '{"name": "deploy", "project_slug": "gh/acme/ledger-api", "status": "on_hold", "pipeline_number": 2207}',
        {"path": "/workflow/8c1e"},
    )
    jobs = EvidenceRow(
        "jobs-1",
        "circleci_api",
        Outcome.INDIRECT_SUPPORT,
        '{"items": [{"name": "build", "project_slug": "gh/acme/ledger-api", "status": "success"}, '
        '{"name": "approve-prod", "project_slug": "gh/acme/ledger-api", "status": "on_hold", "type": "approval"}]}',
        {"path": "/workflow/8c1e/job"},
    )
    for draft in (
        "ledger-api's deploy workflow (pipeline 2207) status is on_hold: build succeeded.",
        "ledger-api 的 deploy workflow（pipeline 2207）状态是 on_hold：build 已成功。",
    ):
        found = [c.status for c in check_draft(draft, (workflow, jobs)) if c.kind == ClaimKind.FACT]
        assert ClaimStatus.CONTRADICTED not in found, draft
