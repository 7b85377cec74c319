"""A span told by its two ends: "19:41:01 UTC 开始、19:47:12 UTC 结束（约 6 分钟）", "started at … and ended at …,
about 6 minutes", "下一次运行在 06:45:00，距查询时（06:38:12）约 7 分钟" (intervals._RELATIVE).

The duration is the writer's subtraction of the two times the claim states: it holds when it equals their gap at
the precision it is written, and the times are checked as ever. Before, "开始 … 结束", "started … ended" and "距"
were no words of a gap, so a claim with more than two times left its duration a fact no record shows.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

OPERATION = EvidenceRow(
    "op-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "name": "projects/acme/locations/us-central1/operations/operation-1757878861",
            "metadata": {
                "verb": "maintenance",
                "target": "orders-primary",
                "createTime": "2026-09-14T19:41:01Z",
                "endTime": "2026-09-14T19:47:12Z",
            },
            "done": True,
        },
        indent=2,
    ),
    {"args": "alloydb operations describe operation-1757878861"},
)
RESTART = EvidenceRow(
    "log-1",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    "2026-09-14T19:46:58Z LOG:  database system is ready to accept connections (orders-primary)\n",
    {"service": "orders-primary"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [OPERATION, RESTART]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "orders-primary 的维护在 19:41:01 UTC 开始、19:47:12 UTC 结束（约 6 分钟），数据库在 19:46:58 UTC 恢复连接。",
        "The maintenance on orders-primary started at 19:41:01 UTC and ended at 19:47:12 UTC, about 6 minutes; "
        "the database accepted connections again at 19:46:58 UTC.",
    ],
)
def test_a_duration_that_is_the_gap_between_its_ends_is_the_writers_subtraction(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "orders-primary 的维护在 19:41:01 UTC 开始、19:47:12 UTC 结束（约 16 分钟），数据库在 19:46:58 UTC 恢复连接。",
        "The maintenance on orders-primary started at 19:41:01 UTC and ended at 19:47:12 UTC, about 16 minutes; "
        "the database accepted connections again at 19:46:58 UTC.",
    ],
)
def test_a_duration_that_is_not_their_gap_is_a_fact_to_show(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.UNGROUNDED in found
