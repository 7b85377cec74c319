"""A run said to have succeeded ("build #745 succeeded", "#745 已经构建成功", "部署成功") while its own record says it is
still going (`state="running"`, `"status": "in_progress"`) is contradicted, however the record names it: by a
name, or by the id the claim gives. A run still going may carry a success word already: TeamCity writes
`status="SUCCESS"` beside `state="running"` until something fails. An XML listing is read one record an
element (formats/xml_documents.py), so each build's number binds to its own state. A finished record of the
run that succeeded, or a claim that it is still running, stands. Domain only, offline; payloads and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BUILDS_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<builds count="3"><build id="511204" buildTypeId="Payments_Deploy" number="1312" status="SUCCESS" '
    'state="running" running="true" percentageComplete="41" branchName="main"/>'
    '<build id="511187" buildTypeId="Payments_Deploy" number="1311" status="SUCCESS" state="finished" '
    'branchName="main"/>'
    '<build id="511150" buildTypeId="Payments_Deploy" number="1310" status="FAILURE" state="finished" '
    'branchName="main"/></builds>'
)
RUNS_JSON = {
    "workflow_runs": [
        {"id": 9921301, "run_number": 2210, "name": "release", "status": "in_progress", "conclusion": None},
        {"id": 9921177, "run_number": 2209, "name": "release", "status": "completed", "conclusion": "success"},
    ]
}


def xml_row() -> EvidenceRow:
    return EvidenceRow("tc-1", "http_get", Outcome.INDIRECT_SUPPORT, BUILDS_XML, {"url": "/app/rest/builds"})


def json_row() -> EvidenceRow:
    return EvidenceRow("gh-1", "github_api", Outcome.INDIRECT_SUPPORT, json.dumps(RUNS_JSON, indent=2), {})


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("Build #1312 succeeded.", xml_row),
        ("#1312 已经构建成功。", xml_row),
        ("The deploy #1312 completed successfully, unlike #1310 which failed.", xml_row),
        ("最新的 #1312 部署成功了，之前的 #1310 是 FAILURE。", xml_row),
        ("Workflow run #2210 of release succeeded.", json_row),
        ("release 的 #2210 已经执行成功。", json_row),
    ],
)
def test_a_success_said_of_a_run_still_going_is_contradicted(draft: str, row) -> None:
    assert status(draft, row()) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("Build #1311 succeeded.", xml_row),
        ("#1311 已经构建成功。", xml_row),
        ("Build #1312 is still running, at 41%.", xml_row),
        ("#1312 还在跑，进度 41%。", xml_row),
        ("Workflow run #2209 of release succeeded.", json_row),
        ("release 的 #2209 已经执行成功。", json_row),
    ],
)
def test_a_finished_success_or_a_run_said_to_be_going_stands(draft: str, row) -> None:
    assert status(draft, row()) == ClaimStatus.GROUNDED


@pytest.mark.parametrize("draft", ["Build #1310 succeeded.", "#1310 构建成功了。"])
def test_a_failed_build_of_the_listing_still_contradicts_a_success(draft: str) -> None:
    assert status(draft, xml_row()) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("#1310 failed, and #1311 succeeded.", ClaimStatus.GROUNDED),
        ("#1310 失败了，#1311 构建成功。", ClaimStatus.GROUNDED),
        ("#1310 failed, and #1312 succeeded.", ClaimStatus.CONTRADICTED),  # #1312 is still running
        ("#1310 失败了，#1312 构建成功。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_failure_and_a_success_told_of_two_builds_read_each_build(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, xml_row()) == expected
