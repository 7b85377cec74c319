"""A claim of a time only, told as when something happened ("the index was created at 08:30 UTC", "该索引创建于
北京时间 10 月 12 日 16:30", "expired on Oct 12 at 08:30"), is checked like one to the second: the session must
show that time. Before, a creation, an expiry or a stop told to the minute was "no assertion to check", so a time
given in the wrong zone was never read. Written from heldout53 opensearch_ism-09 after its first contact; domain
only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

INDEX = json.dumps(
    {"index": "audit-000412", "creation_date_string": "2026-10-12T08:30:00.412Z", "state": "hot", "rolled_over": False}
)
ROWS = [EvidenceRow("o-1", "opensearch_api", Outcome.INDIRECT_SUPPORT, INDEX, {"path": "/audit-000412/_settings"})]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The index was created at 08:30 UTC.",
        "该索引创建于 UTC 10 月 12 日 08:30。",
        "该索引创建于北京时间 10 月 12 日 16:30。",
    ],
)
def test_a_creation_time_the_session_shows_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The index was created at 09:30 UTC.",
        "该索引创建于北京时间 10 月 12 日 08:30。",  # the UTC time given as Beijing time
        "该索引创建于 UTC 10 月 12 日 16:30。",
    ],
)
def test_a_creation_time_in_the_wrong_zone_or_hour_is_not_grounded(draft: str) -> None:
    assert statuses(draft) and ClaimStatus.GROUNDED not in statuses(draft)
