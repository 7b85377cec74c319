"""A zone said before a date and its time ("北京时间 09-13 01:03:44", "Beijing time Sep 13 01:03") is the time's zone,
as it is before a time alone or before "9 月 13 日": the time is converted, and its date is checked in that zone
(01:03 on the 13th in Beijing is 17:03 UTC on the 12th). Before, the month-day between them hid the zone, the time
was read as written, and a correct restatement across midnight was ungrounded. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TRAIL = {
    "Events": [
        {
            "EventTime": "2026-10-04T18:22:51Z",
            "EventName": "DeleteBucketPolicy",
            "Username": "infra-bot",
            "Resources": [{"ResourceName": "acme-invoices-prod"}],
        }
    ]
}


def status(draft: str) -> ClaimStatus:
    row = EvidenceRow("ct-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(TRAIL, indent=2), {})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "infra-bot 在 2026-10-04 18:22:51 UTC（北京时间 10-05 02:22:51）调用了 DeleteBucketPolicy。",
            ClaimStatus.GROUNDED,
        ),
        ("infra-bot 在北京时间 10-05 02:22:51 调用了 DeleteBucketPolicy。", ClaimStatus.GROUNDED),
        ("infra-bot called DeleteBucketPolicy at Beijing time Oct 5 02:22:51.", ClaimStatus.GROUNDED),
        (
            "infra-bot 在 2026-10-04 18:22:51 UTC（北京时间 10-04 02:22:51）调用了 DeleteBucketPolicy。",
            ClaimStatus.UNGROUNDED,
        ),
        ("infra-bot 在北京时间 10-05 03:22:51 调用了 DeleteBucketPolicy。", ClaimStatus.UNGROUNDED),
        ("infra-bot called DeleteBucketPolicy at Beijing time Oct 4 02:22:51.", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_zone_before_a_date_and_its_time_is_the_time_s_zone(draft: str, expected: ClaimStatus) -> None:
    assert status(draft) == expected
