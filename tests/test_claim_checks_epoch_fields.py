"""A JSON field of an instant in epoch seconds or milliseconds states a time, in UTC (unit_model._EPOCH_FIELD).

MLflow's `"start_time": 1790052301000`, Nagios' `"last_check": 1780148410000`: a record with such a field had stated
no time at all, so a claim of it at any time grounded on it ("llm-eval-nightly is still RUNNING: it started at
12:45:01 UTC", where the field says 04:45:01 UTC). The time the field gives, in UTC or in another zone said, grounds;
another does not; an id, a count or a size of ten digits is no instant. Domain only, offline; records and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RUN = EvidenceRow(
    "c-1",
    "mlflow_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"run_name": "churn-train-weekly", "status": "RUNNING", "start_time": 1790929322000}),  # 08:22:02 UTC
    {"path": "/api/2.0/mlflow/runs/get"},
)
ACCOUNT = EvidenceRow(
    "c-2",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"QueueName": "ingest-dlq", "ApproximateNumberOfMessages": "3", "OwnerId": "1790929322"}),
    {"args": "sqs get-queue-attributes --queue-url ingest-dlq"},
)


def statuses(draft: str, row: EvidenceRow = RUN) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "churn-train-weekly is still RUNNING: it started at 08:22:02 UTC.",
        "churn-train-weekly 仍在 RUNNING，北京时间 16:22:02 开始运行。",
    ],
)
def test_the_time_the_field_gives_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "churn-train-weekly is still RUNNING: it started at 16:22:02 UTC.",
        "churn-train-weekly 仍在 RUNNING，UTC 时间 16:22:02 开始运行。",
    ],
)
def test_another_time_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


def test_an_id_of_ten_digits_is_no_instant() -> None:
    assert statuses("ingest-dlq held 3 messages at 11:40:05 UTC.", ACCOUNT) == [ClaimStatus.GROUNDED]
