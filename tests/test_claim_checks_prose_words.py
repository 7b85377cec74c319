"""Words that look like findings but are prose: a hyphenated prefix and a word ("per-broker", "non-leader")
names no service; a series named for an event (`…_restarts_total`) at 0 shows no such event; "not from all
495 errors" contrasts which errors, it denies none; a claim that quotes the query that came back empty
("`ALERTS{alertname="X"}` 查询结果为空") tells of that call, not of a failed call about the same alert. Each
class is also tested the other way. Domain only, offline; rows and phrasings written for these tests, both
languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, rows: list[EvidenceRow]) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


def vector(query: str, *pairs: tuple[str, str]) -> EvidenceRow:
    result = [{"metric": {"pod": pod}, "value": [1, value]} for pod, value in pairs]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    outcome = Outcome.INDIRECT_SUPPORT if result else Outcome.NO_HIT
    return EvidenceRow(
        "q-" + str(abs(hash(query)) % 1000), "query_metrics", outcome, json.dumps(body), {"query": query}
    )


GAUGE = vector("sum by (broker) (kafka_server_replicamanager_underreplicatedpartitions)", ("kafka-0", "2"))


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The per-broker gauge puts 2 under-replicated partitions on kafka-0.", False),
        ("per-broker 指标显示 kafka-0 上有 2 个副本不足的分区。", False),
        ("The kafka-broker-7 gauge puts 2 under-replicated partitions on kafka-0.", True),
    ],
)
def test_a_prefix_and_a_word_is_no_service(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, [GAUGE])) is invented


RESTARTS = 'kube_pod_container_status_restarts_total{namespace="pay"}'


@pytest.mark.parametrize(
    "draft",
    [
        "`kube_pod_container_status_restarts_total` is 0 for both pods: no container restarted.",
        "两个 pod 的 `kube_pod_container_status_restarts_total` 都是 0，没有容器重启。",
    ],
)
def test_a_series_named_for_an_event_shows_it_only_above_zero(draft: str) -> None:
    at_zero = vector(RESTARTS, ("pay-1", "0"), ("pay-2", "0"))
    restarted = vector(RESTARTS, ("pay-1", "0"), ("pay-2", "3"))
    assert ClaimStatus.CONTRADICTED not in statuses(draft, [at_zero])
    assert ClaimStatus.CONTRADICTED in statuses(draft, [restarted])


LOGS = json.dumps(
    {
        "success": True,
        "logs": [
            {"timestamp": "2027-01-09T03:12:00Z", "level": "ERROR", "service": "edge", "message": "upstream reset"}
        ],
        "total": 495,
    }
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The upstream address comes from a 5-line sample, not from all 495 errors.", False),
        ("The edge service logged no errors.", True),
        ("edge 服务没有任何错误日志。", True),
    ],
)
def test_a_contrast_of_which_errors_is_no_denial(draft: str, contradicted: bool) -> None:
    row = EvidenceRow("l-1", "query_logs", Outcome.DIRECT_SUPPORT, LOGS, {"service": "edge"})
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [row])) is contradicted


def alert_calls() -> list[EvidenceRow]:
    failed = EvidenceRow(
        "am-1",
        "alertmanager_alerts",
        Outcome.FAILED,
        "",
        {"filter": ['alertname="CacheDown"']},
        error_message="GET /api/v2/alerts: 503 Service Unavailable",
        error_kind=ErrorKind.EXECUTION_ERROR,
    )
    return [failed, vector('ALERTS{alertname="CacheDown"}'), vector("redis_up", ("cache-0", "1"))]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ('cache-0 的 redis_up 是 1，`ALERTS{alertname="CacheDown"}` 查询结果为空。', False),
        ('cache-0 reports redis_up 1, and the `ALERTS{alertname="CacheDown"}` query came back empty.', False),
        ("The Alertmanager query for CacheDown came back empty.", True),  # that call failed
    ],
)
def test_the_empty_call_a_claim_quotes_is_the_one_it_tells_of(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, alert_calls()) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]
    assert (ClaimStatus.CONTRADICTED in found) is contradicted, found


EVENTS = (
    "LAST SEEN   TYPE      REASON    OBJECT                     MESSAGE\n"
    "4m          Warning   Evicted   pod/batch-run-7c9d-k2x8q   The node was low on resource: ephemeral-storage.\n"
    "4m          Warning   Evicted   pod/batch-run-7c9d-p5m2z   The node was low on resource: ephemeral-storage.\n"
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The web pod was not evicted — only the two batch pods were.", False),
        ("web 的 pod 没有被驱逐，只有两个 batch pod 被驱逐了。", False),
        ("No pod was evicted.", True),
        ("没有 pod 被驱逐。", True),
    ],
)
def test_a_denial_with_its_exception_told_is_not_contradicted_by_the_exception(draft: str, contradicted: bool) -> None:
    row = EvidenceRow("ev-1", "kubectl", Outcome.DIRECT_SUPPORT, EVENTS, {"args": "get events -n jobs"})
    found = [c.status for c in check_draft(draft, [row])]
    assert (ClaimStatus.CONTRADICTED in found) is contradicted, found


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        ("v4.2.0 was created at 13:22 UTC on 6 May by ops-bot.", False),
        ("Deployed May 6 2026 by ops-bot.", False),
        ("v4.2.0 于 6 May 13:22 UTC 由 ops-bot 创建。", False),
        ("The 6 May deploy may be the cause.", True),
        ("A slow broker-2 may be slowing the fetches.", True),
        ("6 May 的发布可能是原因。", True),
    ],
)
def test_the_month_may_is_no_hedge(text: str, hedged: bool) -> None:
    from evidence_trace.server.domain.verifier.claims import split_claims

    assert (split_claims(text)[0].kind == ClaimKind.HEDGE) is hedged
