"""A gap an empty call left, with values beside it: "the runbook search returned nothing, and the firing alert
shows drift of 0.42% against a 0.1% threshold". The empty call shows the gap; the values it did not ask
(nor report of itself) must be shown by the evidence as any claim's are, so a wrong value beside a true gap
is never grounded. A count of the calls ("两次查询") is the gap's own. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def rows() -> tuple[EvidenceRow, ...]:
    alert = [
        {
            "labels": {"alertname": "PayoutReconDrift", "severity": "warning", "team": "payouts"},
            "annotations": {"description": "Payout reconciliation drift is 0.42% (threshold 0.1%)."},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "startsAt": "2026-10-09T04:12:00Z",
        }
    ]
    return (
        EvidenceRow("kb-1", "lookup_knowledge", Outcome.NO_HIT, "", {"query": "PayoutReconDrift runbook"}),
        EvidenceRow("kb-2", "lookup_knowledge", Outcome.NO_HIT, "", {"query": "payout reconciliation drift runbook"}),
        EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(alert), {"active": True}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind.name in ("FACT", "GAP")]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        (
            "The runbook search for PayoutReconDrift returned nothing, and the firing alert shows drift of 0.42% "
            "against a 0.1% threshold.",
            ClaimStatus.GROUNDED,
        ),
        (
            "知识库查询 PayoutReconDrift 的 runbook 没有返回任何文档，告警显示漂移 0.42%（阈值 0.1%）。",
            ClaimStatus.GROUNDED,
        ),
        (
            "The runbook search for PayoutReconDrift returned nothing, and the firing alert shows drift of 0.95% "
            "against a 0.3% threshold.",
            ClaimStatus.UNGROUNDED,
        ),
        (
            "知识库查询 PayoutReconDrift 的 runbook 没有返回任何文档，告警显示漂移 0.95%（阈值 0.3%）。",
            ClaimStatus.UNGROUNDED,
        ),
    ],
)
def test_values_beside_a_gap_must_be_shown(draft: str, status: ClaimStatus) -> None:
    assert status in statuses(draft)
    assert (ClaimStatus.GROUNDED in statuses(draft)) is (status == ClaimStatus.GROUNDED)


@pytest.mark.parametrize(
    "draft", ["Both knowledge-base searches returned no documents.", "两次查询知识库都没有返回任何文档。"]
)
def test_a_count_of_the_calls_is_the_gaps_own(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


def pool_rows() -> tuple[EvidenceRow, ...]:
    entries = [
        {"level": "ERROR", "service": "cart-api", "message": "Could not get a resource from the pool (redis)"},
        {"level": "INFO", "service": "cart-api", "message": "started cart-api v7.4.0"},
    ]
    body = {"success": True, "logs": entries, "total": 2}
    return (EvidenceRow("lg-7", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "cart-api"}),)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # a cause given for what failed is a cause: its link must be shown
        ("这是因为 v7.4.0 调小了连接池，导致高峰期拿不到 Redis 连接。", ClaimStatus.UNGROUNDED),
        (
            "This is because v7.4.0 shrank the pool, which is why cart-api could not get a Redis connection.",
            ClaimStatus.UNGROUNDED,
        ),
        # a consequence drawn from what failed is the gap it leaves
        (
            "cart-api 报了 ERROR（Could not get a resource from the pool），所以也拿不到它当时的连接池信息。",
            ClaimStatus.GROUNDED,
        ),
    ],
)
def test_a_cause_given_for_a_failure_needs_its_link(draft: str, status: ClaimStatus) -> None:
    found = [c.status for c in check_draft(draft, pool_rows()) if c.kind.name in ("FACT", "GAP", "CAUSAL")]
    assert found[:1] == [status]


def timed_out_search() -> EvidenceRow:
    return EvidenceRow(
        "q-9",
        "query_logs",
        Outcome.FAILED,
        "",
        {"service": "user-center", "keyword": "OutOfMemoryError"},
        error_message="查询失败: Elasticsearch 请求超时 (timeout=30000ms)",
        error_kind=ErrorKind.TIMEOUT,
    )


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("按关键词 OutOfMemoryError 检索日志结果为空，没有 OOM 的迹象。", ClaimStatus.CONTRADICTED),
        ("The log search for OutOfMemoryError came back empty.", ClaimStatus.CONTRADICTED),
        ("按关键词 OutOfMemoryError 检索日志时超时了，没能确认有没有 OOM。", ClaimStatus.GROUNDED),
        ("The log search for OutOfMemoryError timed out, so OOMs are not ruled out.", ClaimStatus.GROUNDED),
    ],
)
def test_an_exceptions_name_searched_for_is_not_how_the_call_went(draft: str, status: ClaimStatus) -> None:
    checks = [c for c in check_draft(draft, (timed_out_search(),)) if c.kind == ClaimKind.GAP]
    assert checks and checks[0].status == status
