"""A JSON field that names its size unit in the plural, as AWS's APIs do (`SizeInMBs`, `BufferSizeInGBs`,
`ThroughputInKBs`), gives its figure in that unit (unit_numbers._KEY_SUFFIX): "a buffer of 64 MB" is the 64 of
`"SizeInMBs": 64`, as "120 s" was already the 120 of `"IntervalInSeconds": 120`. Another size is not shown. Domain
only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

STREAM = {
    "DeliveryStreamName": "clicks-to-s3",
    "DeliveryStreamStatus": "ACTIVE",
    "BufferingHints": {"SizeInMBs": 128, "IntervalInSeconds": 300},
}
DOMAIN = {"DomainStatus": {"DomainName": "logs-prod", "EBSOptions": {"VolumeSize": 512, "ThroughputInKBs": 250}}}
ROWS = [
    EvidenceRow("f-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(STREAM), {"command": "firehose describe"}),
    EvidenceRow("o-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(DOMAIN), {"command": "opensearch describe"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "clicks-to-s3 buffers up to 128 MB or 300 s before it writes to S3.",
        "clicks-to-s3 的缓冲是 128 MB / 300 秒。",
        "logs-prod 的 EBS 吞吐是 250 KB。",
    ],
)
def test_a_size_under_a_plural_unit_key_is_in_that_unit(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["clicks-to-s3 buffers up to 64 MB or 300 s.", "clicks-to-s3 的缓冲是 1 GB / 300 秒。"]
)
def test_another_size_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
