"""A record that names the unit of its plain figures in a field of its own (CloudWatch's datapoint
`{"Maximum": 14.0, "Unit": "Seconds"}`, OpenTelemetry's `"unit": "ms"`): its figures are in that unit, so
"14 秒" is shown and "14 分钟" is not. Domain only, offline; phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def datapoints() -> EvidenceRow:
    points = [
        {"Timestamp": "2026-10-03T07:15:00+00:00", "Maximum": 37.0, "Unit": "Seconds"},
        {"Timestamp": "2026-10-03T07:20:00+00:00", "Maximum": 52.0, "Unit": "Seconds"},
    ]
    body = {"Label": "ApproximateAgeOfOldestMessage", "Datapoints": points}
    args = "cloudwatch get-metric-statistics --namespace AWS/SQS --metric-name ApproximateAgeOfOldestMessage"
    return EvidenceRow("cw-1", "aws_cli", Outcome.DIRECT_SUPPORT, json.dumps(body), {"args": args})


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [datapoints()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("At 07:20 UTC the oldest message had waited 52 seconds.", True),
        ("07:20 UTC 时最老的消息已经等了 52 秒。", True),
        ("At 07:20 UTC the oldest message had waited 52 minutes.", False),
        ("07:20 UTC 时最老的消息已经等了 52 分钟。", False),
    ],
)
def test_a_records_unit_field_gives_its_figures_unit(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == {ClaimStatus.GROUNDED}) is grounded
