"""A bare "duration" or "elapsed" field is seconds in some tools and milliseconds in others (Jenkins'
`"duration": 412331` is 6 min 52 s; a job runner's `"duration": 412` is 412 s): a claim's duration holds
under either reading, and under neither when it is another length. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def build(duration: int) -> EvidenceRow:
    body = {"fullDisplayName": "payments-deploy #1187", "number": 1187, "result": "SUCCESS", "duration": duration}
    return EvidenceRow("jk-1", "jenkins_api", Outcome.DIRECT_SUPPORT, json.dumps(body), {"path": "/lastBuild/api/json"})


@pytest.mark.parametrize(
    ("draft", "duration", "grounded"),
    [
        ("Build #1187 succeeded after about 8m14s.", 494210, True),  # milliseconds
        ("构建 #1187 成功，耗时约 8 分 14 秒。", 494210, True),
        ("Build #1187 succeeded after about 8m14s.", 494, True),  # seconds
        ("构建 #1187 成功，耗时约 8 分 14 秒。", 494, True),
        ("Build #1187 succeeded after about 12 minutes.", 494210, False),
        ("构建 #1187 成功，耗时约 3 分钟。", 494, False),
    ],
)
def test_a_bare_duration_field_is_seconds_or_milliseconds(draft: str, duration: int, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [build(duration)]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found
