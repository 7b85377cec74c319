"""A call that asked for the subject by name (`get-queue-attributes --queue-url …/label-print-dlq`) answers for
it, though its answer names the subject only in what was asked: another row that names the subject in passing
(the source queue's redrive policy, whose own count is another queue's) does not contradict the value that call
shows. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

URL = "https://sqs.us-east-2.amazonaws.com/100200300400/"
SOURCE = {
    "Attributes": {
        "QueueArn": "arn:aws:sqs:us-east-2:100200300400:label-print",
        "ApproximateNumberOfMessages": "9120",
        "VisibilityTimeout": "120",
        "RedrivePolicy": json.dumps(
            {"deadLetterTargetArn": "arn:aws:sqs:us-east-2:100200300400:label-print-dlq", "maxReceiveCount": 4}
        ),
    }
}
DLQ = {"Attributes": {"ApproximateNumberOfMessages": "37", "ApproximateNumberOfMessagesNotVisible": "0"}}
ROWS = [
    EvidenceRow(
        "q-1",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps(SOURCE, indent=2),
        {"args": f"sqs get-queue-attributes --queue-url {URL}label-print --attribute-names All"},
    ),
    EvidenceRow(
        "q-2",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps(DLQ, indent=2),
        {"args": f"sqs get-queue-attributes --queue-url {URL}label-print-dlq --attribute-names All"},
    ),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "After 4 receives a message moves to label-print-dlq, which holds 37 messages.",
        "消息接收 4 次后进入 label-print-dlq，label-print-dlq 里现在有 37 条消息。",
    ],
)
def test_the_value_the_asked_call_shows_is_not_contradicted_by_a_passing_mention(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "After 4 receives a message moves to label-print-dlq, which holds 41 messages.",
        "消息接收 4 次后进入 label-print-dlq，label-print-dlq 里现在有 52 条消息。",
    ],
)
def test_a_value_no_call_shows_is_still_not_grounded(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft)
