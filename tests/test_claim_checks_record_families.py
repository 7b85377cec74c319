"""A count of JSON records ("4 次 SSO，来源 IP 都是 36.112.84.21", "6 sign-ins from 10.2.0.7, all failed") is read
against whole records: a record shows a fact when its own unit or an object nested in it (an Okta event's
`client`, `outcome`) does. Another count, or a value no record's parts give, is not grounded.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def event(published: str, ip: str, result: str) -> dict:
    return {
        "actor": {"type": "User", "alternateId": "li.na@corp.example", "displayName": "Li Na"},
        "client": {
            "userAgent": {
                "rawUserAgent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36",
                "os": "Windows 10",
                "browser": "CHROME",
            },
            "zone": "null",
            "device": "Computer",
            "ipAddress": ip,
            "geographicalContext": {
                "city": "Chengdu",
                "state": "Sichuan",
                "country": "China",
                "geolocation": {"lat": 30.66, "lon": 104.06},
            },
        },
        "displayMessage": "User login to Okta",
        "eventType": "user.session.start",
        "outcome": {"result": result, "reason": "INVALID_CREDENTIALS" if result == "FAILURE" else None},
        "published": published,
        "severity": "WARN" if result == "FAILURE" else "INFO",
        "target": [{"type": "AppInstance", "alternateId": "Okta Dashboard", "displayName": "Okta Dashboard"}],
    }


def sign_ins() -> EvidenceRow:
    events = [
        event("2026-05-11T07:41:09.120Z", "10.2.0.7", "FAILURE"),
        event("2026-05-11T07:42:55.801Z", "10.2.0.7", "FAILURE"),
        event("2026-05-11T07:44:30.004Z", "10.2.0.7", "FAILURE"),
        event("2026-05-11T07:49:12.650Z", "172.20.4.9", "SUCCESS"),
    ]
    query = 'filter=actor.alternateId eq "li.na@corp.example" and eventType eq "user.session.start"'
    return EvidenceRow(
        "o-1",
        "okta_api",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(events, indent=2),
        {"method": "GET", "path": "/api/v1/logs", "query": query},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [sign_ins()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "li.na@corp.example had 3 sign-ins from 10.2.0.7.",
        "li.na@corp.example 一共 3 次登录，来源 IP 都是 10.2.0.7。",
        "li.na@corp.example 从 172.20.4.9 登录了 1 次。",
    ],
)
def test_a_count_of_records_reads_their_nested_objects(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "li.na@corp.example had 4 sign-ins from 10.2.0.7.",
        "li.na@corp.example 一共 2 次登录，来源 IP 都是 10.2.0.7。",
        "li.na@corp.example 从 172.20.4.9 登录了 3 次。",
    ],
)
def test_another_count_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


def run() -> EvidenceRow:
    body = {
        "data": {
            "runOrError": {
                "__typename": "Run",
                "runId": "c07d55e1-93aa-4c1e-8f0b-6a2d19e4b7c3",
                "jobName": "hourly_ingest_job",
                "status": "FAILURE",
                "startTime": 1790416805.4,
                "endTime": 1790417342.9,
                "tags": [
                    {"key": "dagster/schedule_name", "value": "hourly_ingest_schedule"},
                    {"key": "dagster/partition", "value": "2026-09-26-10:00"},
                ],
            }
        }
    }
    query = 'query { runOrError(runId: "c07d55e1-93aa-4c1e-8f0b-6a2d19e4b7c3") { ... on Run { status tags { key value } } } }'
    return EvidenceRow("d-1", "dagster_graphql", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": query})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        (
            "Run c07d55e1 of hourly_ingest_job was started by hourly_ingest_schedule at 10:00:05 UTC and failed at 10:09:02 UTC.",
            True,
        ),
        (
            "hourly_ingest_job 的 run c07d55e1 由 hourly_ingest_schedule 触发，10:00:05 UTC 开始、10:09:02 UTC 失败。",
            True,
        ),
        (
            "Run c07d55e1 of hourly_ingest_job was started by daily_ingest_schedule at 10:00:05 UTC and failed at 10:09:02 UTC.",
            False,
        ),
        (
            "hourly_ingest_job 的 run c07d55e1 由 hourly_ingest_schedule 触发，10:00:05 UTC 开始、10:19:02 UTC 失败。",
            False,
        ),
    ],
)
def test_a_records_tags_are_its_own(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [run()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert (found == [ClaimStatus.GROUNDED]) is grounded
