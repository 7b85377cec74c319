"""Claim checks on how a claim names its subject and its numbers: a pod after a peer address,
a gRPC method as metrics label it, a compound word written with a hyphen, a rate's window,
a fraction of a count, a generic rule of thumb (domain only, offline; each both ways, in
both languages)."""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


def prom(query: str, *series: tuple[dict, str], threshold: float | None = None) -> EvidenceRow:
    body = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": m, "value": [1796866560, v]} for m, v in series]},
    }
    params: dict = {"query": query, "time": "2026-12-10T01:36:00Z"}
    if threshold is not None:
        params["threshold"] = threshold
    return EvidenceRow("prom-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def lines(*text: str, id: str = "logs-1") -> EvidenceRow:
    return EvidenceRow(id, "query_logs", Outcome.DIRECT_SUPPORT, "\n".join(text), {"query": "app:dns-forwarder"})


def java_logs(*entries: dict) -> EvidenceRow:
    body = {"success": True, "logs": list(entries), "total": len(entries), "message": "ok"}
    return EvidenceRow("logs-2", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body, indent=2), {"query": "*"})


COREDNS = lines(
    "2026-12-10T01:35:12.418Z dns-forwarder-6d4b75cb6d-7xq2w [ERROR] plugin/errors: 2 api.partner-bank.com. A: "
    "read udp 10.244.3.41:53714->10.1.0.2:53: i/o timeout"
)
SERVFAIL = prom(
    'sum by (pod) (rate(coredns_dns_responses_total{rcode="SERVFAIL"}[5m]))',
    ({"pod": "dns-forwarder-6d4b75cb6d-7xq2w"}, "38.6"),
    ({"pod": "dns-forwarder-6d4b75cb6d-m9vzt"}, "0.4"),
    threshold=5,
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        (
            "dns-forwarder-6d4b75cb6d-7xq2w 在 01:35:12 UTC 记录 ERROR，转发到 10.1.0.2:53 时 i/o timeout。"
            "该 Pod 的 SERVFAIL 速率为 38.6 次/秒（01:36 UTC 的 5 分钟速率）。",
            Decision.ACCEPT,
        ),
        (
            "dns-forwarder-6d4b75cb6d-7xq2w 在 01:35:12 UTC 记录 ERROR，转发到 10.1.0.2:53 时 i/o timeout。"
            "该 Pod 的 SERVFAIL 速率为 0.4 次/秒（01:36 UTC 的 5 分钟速率）。",
            Decision.LOW_CONFID,
        ),
        (
            "dns-forwarder-6d4b75cb6d-7xq2w logged an ERROR at 01:35:12 UTC: a query forwarded to 10.1.0.2:53 "
            "timed out. That pod's SERVFAIL rate is 38.6/s (5m rate at 01:36 UTC).",
            Decision.ACCEPT,
        ),
        (
            "dns-forwarder-6d4b75cb6d-7xq2w logged an ERROR at 01:35:12 UTC: a query forwarded to 10.1.0.2:53 "
            "timed out. That pod's SERVFAIL rate is 0.4/s (5m rate at 01:36 UTC).",
            Decision.LOW_CONFID,
        ),
    ],
)
def test_that_pod_is_the_pod_named_before_not_the_peer_address_after_it(draft: str, decision: Decision) -> None:
    assert judge(draft, COREDNS, SERVFAIL) == decision


P99 = prom(
    'histogram_quantile(0.99, sum by (le, grpc_method) (rate(grpc_server_handling_seconds_bucket{grpc_service="fx.v1.Rates"}[5m])))',
    ({"grpc_method": "GetRate"}, "0.8124"),
    ({"grpc_method": "ListPairs"}, "0.0412"),
    threshold=0.8,
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("p99 server handling time for `/fx.v1.Rates/GetRate` is 812 ms at 01:36 UTC.", Decision.ACCEPT),
        ("p99 server handling time for `/fx.v1.Rates/ListPairs` is 812 ms at 01:36 UTC.", Decision.REJECT),
        ("`/fx.v1.Rates/GetRate` 的 p99 处理耗时为 812 ms（01:36 UTC）。", Decision.ACCEPT),
        ("`/fx.v1.Other/GetRate` 的 p99 处理耗时为 812 ms（01:36 UTC）。", Decision.REJECT),
    ],
)
def test_a_full_grpc_method_is_found_as_metrics_label_it(draft: str, decision: Decision) -> None:
    assert judge(draft, P99) == decision


ES = java_logs(
    {
        "timestamp": "2026-12-12 14:01:47",
        "level": "WARN",
        "service": "elasticsearch",
        "instance": "es-data-5",
        "message": "flood stage disk watermark [95%] exceeded on [es-data-5] free: 18.2gb[3.6%]",
    },
    {
        "timestamp": "2026-12-12 14:03:11",
        "level": "ERROR",
        "service": "catalog-bulk-loader",
        "instance": "catalog-bulk-loader-7c5d9b8f6-2wqlx",
        "message": "Bulk 写入失败: index [products-v7] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded "
        "flood-stage watermark], cluster-block exception, failed items: 500/500",
    },
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("es-data-5 logged a WARN at 14:01:47 that the flood-stage watermark [95%] was exceeded.", Decision.ACCEPT),
        (
            "es-data-5 logged a WARN at 14:01:47 that the cluster-block watermark [95%] was exceeded.",
            Decision.LOW_CONFID,
        ),
        (
            "catalog-bulk-loader-7c5d9b8f6-2wqlx 在 14:03:11 记录 ERROR：写入 products-v7 被拒绝，500/500 条失败。",
            Decision.ACCEPT,
        ),
        (
            "catalog-bulk-loader-7c5d9b8f6-2wqlx 在 14:03:11 记录 ERROR：写入 products-v7 被拒绝，400/500 条失败。",
            Decision.REJECT,
        ),
        ("At 14:03:11 catalog-bulk-loader-7c5d9b8f6-2wqlx logged an ERROR: 500/500 items failed.", Decision.ACCEPT),
        ("At 14:03:11 catalog-bulk-loader-7c5d9b8f6-2wqlx logged an ERROR: 50/500 items failed.", Decision.REJECT),
    ],
)
def test_hyphenated_words_and_fractions_of_a_count_are_read_as_written(draft: str, decision: Decision) -> None:
    assert judge(draft, ES) == decision


NGINX = lines(
    "2026/12/09 03:12:44 [error] 31#31: *88213 upstream timed out (110: Connection timed out) while reading "
    'response header from upstream, upstream: "http://10.30.2.8:8080/api/quote"',
    id="nginx-1",
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        (
            "nginx logged an upstream timeout from 10.30.2.8:8080. A 504 usually means proxy_read_timeout was hit.",
            Decision.ACCEPT,
        ),
        ("nginx 记录了 10.30.2.8:8080 的上游超时。504 通常意味着 proxy_read_timeout 被触发。", Decision.ACCEPT),
        ("nginx logged an upstream timeout from 10.30.2.8:8080. proxy_read_timeout is 60 s.", Decision.LOW_CONFID),
        ("nginx 记录了 10.30.2.8:8080 的上游超时。proxy_read_timeout 是 60 秒。", Decision.LOW_CONFID),
    ],
)
def test_a_rule_of_thumb_is_a_hedge_and_a_stated_setting_is_a_claim(draft: str, decision: Decision) -> None:
    assert judge(draft, NGINX) == decision
