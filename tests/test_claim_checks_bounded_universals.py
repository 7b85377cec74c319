"""A universal bound over the records of one listing ("the top 5 tables are all above 20% dead tuples",
"排名前 5 的表死元组比例都在 20% 以上", "all checks answered under 300 ms"): each record in range must meet the
bound; one that does not, beside others that do, contradicts the claim. The first N records when the claim
counts them. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DEAD_TUPLES = (
    "     relname      | n_dead_tup | dead_pct\n"
    "------------------+------------+----------\n"
    " order_events     |  98220410  |     41.2\n"
    " carts            |  11907655  |     26.5\n"
    " coupons          |   2118093  |     22.8\n"
    " customers        |     51006  |      4.1\n"
    "(4 rows)\n"
)
CHECKS = (
    "region       status  http_code  time_ms\n"
    "us-east-1    ok      200        212\n"
    "eu-west-1    ok      200        188\n"
    "ap-south-1   ok      200        1480\n"
)


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("sql-1", "run_sql", Outcome.DIRECT_SUPPORT, DEAD_TUPLES, {"sql": "SELECT relname ... LIMIT 4"}),
        EvidenceRow("hc-1", "http_check", Outcome.DIRECT_SUPPORT, CHECKS, {"url": "https://pay.example/health"}),
    ]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("排名前 4 的表死元组比例都在 20% 以上。", True),
        ("The top 4 tables all have over 20% dead tuples.", True),
        ("排名前 3 的表死元组比例都在 20% 以上。", False),  # the first three are
        ("The top 3 tables all have over 20% dead tuples.", False),
        ("All three regions answered in under 300 ms.", True),
        ("三个区域的拨测耗时都在 300 ms 以下。", True),
        ("All three regions answered in under 2 s.", False),
        ("三个区域的拨测耗时都在 2 秒以内。", False),
    ],
)
def test_a_universal_bound_holds_of_every_record_in_range(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found


SLOWLOG = {
    "success": True,
    "logs": [
        {
            "timestamp": "2026-10-02T09:12:03Z",
            "level": "WARN",
            "service": "cart-service",
            "message": "slow GET 2001 ms",
        },
        {
            "timestamp": "2026-10-02T09:12:05Z",
            "level": "WARN",
            "service": "cart-service",
            "message": "slow GET 2003 ms",
        },
        {
            "timestamp": "2026-10-02T09:14:41Z",
            "level": "WARN",
            "service": "pricing-service",
            "message": "slow MGET 501 ms",
        },
        {
            "timestamp": "2026-10-02T09:15:10Z",
            "level": "WARN",
            "service": "cart-service",
            "message": "slow GET 2002 ms",
        },
    ],
    "total": 4,
}


def slow_commands() -> EvidenceRow:
    return EvidenceRow("lg-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(SLOWLOG), {"keyword": "slow"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # a universal that says how many it ranges over: a record of that listing not naming it contradicts it
        ("All four come from cart-service.", True),
        ("这 4 条慢命令都来自 cart-service。", True),
        ("All three slow GETs come from cart-service.", False),  # three of them do; the fourth is another's
        ("这 3 条慢 GET 都来自 cart-service。", False),
        # the count of the clause the quantifier follows
        ("09:12–09:16 共 4 条慢命令，全部来自 cart-service。", True),
        ("09:12–09:16 共 3 条慢 GET，全部来自 cart-service。", False),
    ],
)
def test_a_universal_of_a_stated_size_ranges_over_that_listing(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, [slow_commands()]) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found


@pytest.mark.parametrize(
    "draft",
    [
        # the range is what the quantifier's own clause says of them, not a name before it or members listed after
        "cart-service logged a slow GET (all four are WARN).",
        "All four are slow commands: cart-service 2001 ms, cart-service 2003 ms and others.",
        "4 条慢命令都是 WARN：其中 cart-service 有 3 条。",
    ],
)
def test_names_outside_the_quantifiers_clause_are_not_its_range(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [slow_commands()]) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED not in found, found


@pytest.mark.parametrize(
    "draft",
    [
        # "都" opening its clause sums up the things listed before it, each with its own figures
        "cart-service 有 3 条慢 GET，pricing-service 有 1 条慢 MGET，都属于可接受范围。",
        "cart-service logged 3 slow GETs, pricing-service 1 slow MGET, 都在预期之内。",
    ],
)
def test_a_summing_up_is_no_range_each_record_must_show(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [slow_commands()]) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED not in found, found


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # a later clause's own universal ranges over its listing too
        ("The checks passed from all three regions, and every region answered in under 300 ms.", True),
        ("三个区域的拨测都返回 200，而且每个区域的耗时都在 300 ms 以下。", True),
        ("The checks passed from all three regions, and every region answered in under 2 s.", False),
        ("三个区域的拨测都返回 200，而且每个区域的耗时都在 2 秒以内。", False),
    ],
)
def test_a_later_clauses_universal_is_checked_too(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found


@pytest.mark.parametrize(
    "draft",
    [
        # a consequence, or names joined before "都", share a predicate: no listing to range over
        "三个区域的拨测都返回 200，所以 us-east-1 和 eu-west-1 都在 300 ms 以下。",
        "All three regions returned 200, so every region answered under 300 ms in us-east-1 and eu-west-1.",
    ],
)
def test_a_later_consequence_is_no_range(draft: str) -> None:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED not in found, found


def poll_timeouts() -> list[EvidenceRow]:
    entries = [
        {
            "timestamp": "2026-10-02T09:04:12Z",
            "level": "WARN",
            "service": "cart-service",
            "message": "poll timeout has expired",
        },
        {
            "timestamp": "2026-10-02T09:11:40Z",
            "level": "WARN",
            "service": "cart-service",
            "message": "poll timeout has expired",
        },
    ]
    logs = EvidenceRow(
        "lg-2", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"success": True, "logs": entries, "total": 2}), {}
    )
    series = [
        {"metric": {"service": "cart-service"}, "value": [1767225600, "8"]},
        {"metric": {"service": "pricing-service"}, "value": [1767225600, "8"]},
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": series}}
    rebalances = EvidenceRow(
        "pm-r", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "sum by (service) (rebalances)"}
    )
    return [rebalances, logs]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # the listing of that size is the one whose records hold the quoted message counted
        ("共 2 条 `poll timeout has expired`，全部来自 cart-service。", False),
        ("There were 2 `poll timeout has expired` lines, all 2 of them from cart-service.", False),
    ],
)
def test_a_sized_range_is_the_listing_of_what_it_counts(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, poll_timeouts()) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found


def _alert(name: str, instance: str, severity: str, state: str = "active") -> dict:
    return {
        "labels": {"alertname": name, "instance": instance, "severity": severity, "cluster": "prod-ap"},
        "status": {"state": state, "silencedBy": [], "inhibitedBy": []},
        "startsAt": "2026-05-02T11:02:00Z",
    }


def _alerts(last_severity: str, last_state: str = "active") -> EvidenceRow:
    body = [
        _alert("KafkaBrokerDown", "kafka-2:9308", "critical"),
        _alert("EtcdNoLeader", "etcd-1:2379", "critical"),
        _alert("DiskAlmostFull", "10.9.4.12", "critical"),
        _alert("ClockSkew", "10.9.4.40", last_severity, last_state),
    ]
    return EvidenceRow(
        "am-9", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {"filter": "cluster=prod-ap"}
    )


@pytest.mark.parametrize(
    ("draft", "last_severity", "last_state", "contradicted"),
    [
        # a universal of a stated size says each record's level or state: one other record denies it
        ("Four alerts are firing on prod-ap, and all of them are critical.", "warning", "active", True),
        ("prod-ap 上共 4 条告警，全部是 critical。", "warning", "active", True),
        ("Four alerts are firing on prod-ap, and all of them are critical.", "critical", "active", False),
        ("prod-ap 上共 4 条告警，全部是 critical。", "critical", "active", False),
        ("There are 4 critical alerts on prod-ap, and all four are active.", "critical", "suppressed", True),
        ("prod-ap 上共 4 条 critical 告警，全部处于 active 状态。", "critical", "suppressed", True),
    ],
)
def test_a_sized_universal_of_a_level_or_state_is_each_records(
    draft: str, last_severity: str, last_state: str, contradicted: bool
) -> None:
    found = [c.status for c in check_draft(draft, [_alerts(last_severity, last_state)]) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found


def latencies(low: str) -> EvidenceRow:
    result = [
        {"metric": {"__name__": "resque_queue_latency_seconds", "queue": q}, "value": [1791000000, v]}
        for q, v in (("urgent", "0.08"), ("default", "0.64"), ("bulk", low))
    ]
    return EvidenceRow(
        "lat-1",
        "query_metrics",
        Outcome.INDIRECT_SUPPORT,
        json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}}),
        {"query": "resque_queue_latency_seconds"},
    )


@pytest.mark.parametrize(
    "draft",
    [
        "Every queue is under a second right now.",
        "All queues are below a second at the moment (urgent 0.08 s, default 0.64 s).",
        "所有队列的延迟都不到一秒。",
        "每个队列现在都低于 0.9 秒（urgent 0.08 秒，default 0.64 秒）。",
    ],
)
@pytest.mark.parametrize(("bulk", "contradicted"), [("0.31", False), ("41.7", True)])
def test_a_bound_in_words_or_with_examples_holds_of_every_record(draft: str, bulk: str, contradicted: bool) -> None:
    """ "under a second", "不到一秒": one unit of time as a bound; members' values given as examples keep it."""
    statuses = [c.status for c in check_draft(draft, [latencies(bulk)])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


FACETS = {
    "results": [
        {"facet": "cart-api-3", "host": "cart-api-3", "err_pct": 7.4, "count": 5120},
        {"facet": "cart-api-1", "host": "cart-api-1", "err_pct": 0.6, "count": 5011},
        {"facet": "cart-api-2", "host": "cart-api-2", "err_pct": 0.2, "count": 4987},
    ]
}


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("Over the last 30 minutes every host is above the 2% threshold.", True),
        ("过去 30 分钟里所有主机的错误率都高于 2%。", True),
        ("Over the last 30 minutes every host stayed under 8%.", False),
        ("过去 30 分钟里每台主机的错误率都低于 8%。", False),
        # the worst one named as an example of the range, not the range
        ("Over the last 30 minutes every host is above the 2% threshold, with cart-api-3 the worst at 7.4%.", True),
        ("过去 30 分钟里所有主机的错误率都高于 2%，其中 cart-api-3 最高，为 7.4%。", True),
        ("Over the last 30 minutes every host stayed under 8%, with cart-api-3 the highest at 7.4%.", False),
    ],
)
def test_a_bound_over_the_window_the_call_asked_holds_of_every_record(draft: str, contradicted: bool) -> None:
    # the window ("over the last 30 minutes") is what the call asked, no value of the records beside the bound
    row = EvidenceRow(
        "nr-1", "nrql", Outcome.INDIRECT_SUPPORT, json.dumps(FACETS), {"query": "FACET host SINCE 30 minutes ago"}
    )
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found
