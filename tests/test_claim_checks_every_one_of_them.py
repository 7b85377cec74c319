"""A universal over what the claim counted before ("3,874 502s, and every one of them is on shop-weu-02", "共有
3,874 个 502，它们都在 shop-weu-02 上") ranges over those records; the name after its verb is where they are, not the
range. Before, the check ranged over every record naming that origin, and the origin's 200s contradicted a correct
answer. A wrong origin is still not grounded. Domain only, offline; rows and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RESULT = [
    {"httpStatusCode_s": "200", "originName_s": "shop-weu-01.origin.example.com", "requests": "48211"},
    {"httpStatusCode_s": "502", "originName_s": "shop-weu-02.origin.example.com", "requests": "3874"},
    {"httpStatusCode_s": "200", "originName_s": "shop-weu-02.origin.example.com", "requests": "2106"},
    {"httpStatusCode_s": "504", "originName_s": "shop-neu-01.origin.example.com", "requests": "41"},
]
ROWS = [
    EvidenceRow(
        "q-1", "log_analytics", Outcome.INDIRECT_SUPPORT, json.dumps(RESULT), {"query": "summarize by origin, status"}
    )
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "There were 3,874 502s in the window, and every one of them is on shop-weu-02.",
        "窗口内共有 3,874 个 502，它们都在 shop-weu-02 上。",
    ],
)
def test_the_records_counted_before_are_the_range(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "There were 3,874 502s in the window, and every one of them is on shop-neu-01.",
        "窗口内共有 3,874 个 502，它们都在 shop-weu-01 上。",
    ],
)
def test_another_origin_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
