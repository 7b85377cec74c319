"""How long a record ran is shown by its own start and end instants. CI tools, job APIs and schedulers give a
run's `started_at` and `completed_at` (GitHub Actions), `startTime` and `completionTime` (a Kubernetes Job),
`Start` and `Finish` columns (a CLI table) and leave the subtraction to the reader: "the build job took 6m41s",
"耗时约 12 分钟" is shown by the record whose end is that long after its start, at the precision stated; another
duration is not, nor is one bound to another record's span. An alert's `startsAt` / `endsAt` is no run (a firing
alert's `endsAt` is a resolve timeout in the future). Domain only, offline; payloads and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

JOBS = {
    "total_count": 3,
    "jobs": [
        {
            "id": 29117403381,
            "name": "lint",
            "status": "completed",
            "conclusion": "success",
            "started_at": "2026-11-03T09:14:05Z",
            "completed_at": "2026-11-03T09:15:17Z",
        },
        {
            "id": 29117403512,
            "name": "build",
            "status": "completed",
            "conclusion": "success",
            "started_at": "2026-11-03T09:15:20Z",
            "completed_at": "2026-11-03T09:22:01Z",
        },
        {
            "id": 29117403640,
            "name": "integration-tests",
            "status": "completed",
            "conclusion": "failure",
            "started_at": "2026-11-03T09:22:04Z",
            "completed_at": "2026-11-03T09:34:49Z",
        },
    ],
}

K8S_JOB = """apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-reindex-29375040
  namespace: search
status:
  startTime: "2026-11-04T02:00:03Z"
  completionTime: "2026-11-04T02:47:31Z"
  succeeded: 1
"""

RUNS_TABLE = (
    "RunId   Pipeline        Result     Start                       Finish\n"
    "------  --------------  ---------  --------------------------  --------------------------\n"
    "88412   web-release     succeeded  2026-11-02 21:40:11.204000  2026-11-02 22:03:56.870000\n"
    "88397   web-release     succeeded  2026-11-02 14:05:42.019000  2026-11-02 14:17:08.512000\n"
)

ALERT = [
    {
        "labels": {"alertname": "DiskFillingUp", "instance": "db-7:9100"},
        "status": {"state": "active"},
        "startsAt": "2026-11-05T08:10:00Z",
        "endsAt": "2026-11-05T08:14:00Z",
    }
]


def jobs() -> EvidenceRow:
    return EvidenceRow("gh-1", "github_api", Outcome.INDIRECT_SUPPORT, json.dumps(JOBS, indent=2), {})


def k8s_job() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.INDIRECT_SUPPORT, K8S_JOB, {"args": "get job -o yaml"})


def runs() -> EvidenceRow:
    return EvidenceRow("az-1", "az_cli", Outcome.INDIRECT_SUPPORT, RUNS_TABLE, {"args": "pipelines runs list"})


def alerts() -> EvidenceRow:
    return EvidenceRow("am-1", "alertmanager", Outcome.INDIRECT_SUPPORT, json.dumps(ALERT, indent=2), {})


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The build job took 6m41s.", ClaimStatus.GROUNDED),
        ("build 这个 job 耗时 6 分 41 秒。", ClaimStatus.GROUNDED),
        ("integration-tests ran for about 12.75 minutes before it failed.", ClaimStatus.GROUNDED),
        ("lint finished in 72 seconds.", ClaimStatus.GROUNDED),
        ("lint 用了 72 秒。", ClaimStatus.GROUNDED),
        ("The build job took 7m41s.", ClaimStatus.UNGROUNDED),
        ("build 这个 job 耗时 8 分 41 秒。", ClaimStatus.UNGROUNDED),
        ("lint finished in 27 seconds.", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_job_s_run_is_its_end_less_its_start(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, jobs()) == expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("integration-tests took 6m41s.", ClaimStatus.UNGROUNDED),  # the build job's span
        ("integration-tests 耗时 6 分 41 秒。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_span_binds_to_its_own_record(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, jobs()) == expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("nightly-reindex-29375040 ran for 47 minutes 28 seconds.", ClaimStatus.GROUNDED),
        ("nightly-reindex-29375040 跑了约 47 分钟。", ClaimStatus.GROUNDED),
        ("nightly-reindex-29375040 ran for 57 minutes 28 seconds.", ClaimStatus.UNGROUNDED),
        ("nightly-reindex-29375040 跑了约 74 分钟。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_kubernetes_job_s_start_and_completion(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, k8s_job()) == expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Pipeline run 88412 took 23m45s.", ClaimStatus.GROUNDED),
        ("88397 这次运行耗时 11 分 26 秒。", ClaimStatus.GROUNDED),
        ("Pipeline run 88412 took 11m26s.", ClaimStatus.UNGROUNDED),  # 88397's
        ("88397 这次运行耗时 23 分 45 秒。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_table_row_s_start_and_finish_cells(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, runs()) == expected


@pytest.mark.parametrize(
    "draft", ["DiskFillingUp on db-7 fired for 4 minutes.", "db-7 的 DiskFillingUp 告警持续了 4 分钟。"]
)
def test_an_alert_s_starts_and_ends_are_no_run(draft: str) -> None:
    assert status(draft, alerts()) == ClaimStatus.UNGROUNDED
