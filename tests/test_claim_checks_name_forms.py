"""Names a claim writes in another form than the rows, and names it never finds:

- a code span is read whole: the text between two spans ("`x-cache: MISS`/`x-timer: S1`") is no name;
- a word the rows inflect otherwise ("被 OOMKill" where they say OOMKilled) names what they name;
- a name a regular expression of the session matches ("gpu-worker-17" under a silence's
  `instance=~"gpu-worker-1[0-9]:9100"`) is named by it; one it does not match is invented;
- names that share a domain, written once ("a0/a2.nic.io"), are each named when the rows name each;
- a setting's bound (`pm.max_children`, `max_connections`) names a setting, not an entity;
- a dotted name goes on past a dot: "order.created" is not "order.created.retry";
- a URL's digits ("%3E+0.05" in an alert's generatorURL) are no values.

Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def curl() -> EvidenceRow:
    text = (
        "< HTTP/2 503\n< x-served-by: cache-ams-21045-AMS\n< x-cache: MISS\n< x-timer: S1733200000.1,VS0,VE1002\n"
        "<title>503 first byte timeout</title>"
    )
    return EvidenceRow("c-1", "http_check", Outcome.DIRECT_SUPPORT, text, {"url": "https://shop.example.net/"})


@pytest.mark.parametrize(
    "draft",
    [
        "The edge answered `HTTP/2 503` with `x-cache: MISS`/`x-served-by: cache-ams-21045-AMS`.",
        "边缘节点（`x-served-by: cache-ams-21045-AMS`）：`HTTP/2 503`，`x-cache: MISS`。",
    ],
)
def test_the_text_between_two_code_spans_is_no_name(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, curl())


def kubelet_log() -> EvidenceRow:
    text = "Dec 03 03:25:02 node-7 kubelet[812]: pod ledger-0 container app OOMKilled (exit 137)"
    return EvidenceRow("j-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "journalctl -u kubelet"})


@pytest.mark.parametrize("draft", ["03:25:02 ledger-0 的容器被 OOMKill 了。", "At 03:25:02 ledger-0 hit an OOMKill."])
def test_a_word_the_rows_inflect_otherwise_is_named(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, kubelet_log())


@pytest.mark.parametrize("draft", ["03:25:02 ledger-0 的容器被 OOMKill 了。", "At 03:25:02 ledger-0 hit an OOMKill."])
def test_a_word_the_rows_never_say_in_any_form_is_still_invented(draft: str) -> None:
    text = "Dec 03 03:25:02 node-7 kubelet[812]: pod ledger-0 container app Error (exit 1)"
    row = EvidenceRow("j-2", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "journalctl -u kubelet"})
    assert ClaimStatus.INVENTED in statuses(draft, row)


def silence() -> EvidenceRow:
    body = [
        {
            "id": "9d0c6a1e-52b4-4f0e-8a61-2d7e9f3b1c40",
            "status": {"state": "active"},
            "createdBy": "ops-bot",
            "comment": "firmware rollout",
            "matchers": [{"name": "instance", "value": "gpu-worker-1[0-9]:9100", "isRegex": True, "isEqual": True}],
            "startsAt": "2026-12-03T08:00:00Z",
            "endsAt": "2026-12-03T12:00:00Z",
        }
    ]
    return EvidenceRow("am-1", "alertmanager_silences", Outcome.INDIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    "draft",
    [
        "The silence covers gpu-worker-17 (its matcher is a regex), created by ops-bot.",
        "这个静默由 ops-bot 创建，正则匹配覆盖了 gpu-worker-17。",
    ],
)
def test_a_name_a_sessions_pattern_matches_is_named(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, silence())


@pytest.mark.parametrize(
    "draft",
    ["The silence covers gpu-worker-27, created by ops-bot.", "这个静默由 ops-bot 创建，覆盖了 gpu-worker-27。"],
)
def test_a_name_no_pattern_matches_is_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, silence())


def dig_trace() -> EvidenceRow:
    text = (
        "io.\t172800\tIN\tNS\ta0.nic.io.\nio.\t172800\tIN\tNS\ta2.nic.io.\nio.\t172800\tIN\tNS\tb0.nic.io.\n"
        ";; Received 836 bytes from 198.41.0.4#53(a.root-servers.net) in 12 ms"
    )
    return EvidenceRow("d-1", "dig", Outcome.INDIRECT_SUPPORT, text, {"args": "+trace shop.io"})


@pytest.mark.parametrize(
    "draft", ["The `.io` servers (`a0/a2/b0.nic.io`) answered.", "`.io` 的服务器（`a0/a2.nic.io`）正常应答。"]
)
def test_names_sharing_a_domain_written_once_are_each_named(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, dig_trace())


@pytest.mark.parametrize(
    "draft", ["The `.io` servers (`a0/z9.nic.io`) answered.", "`.io` 的服务器（`a0/z9.nic.io`）正常应答。"]
)
def test_a_shared_domain_name_the_rows_lack_is_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, dig_trace())


def fpm_log() -> EvidenceRow:
    text = "2026/12/03 09:14:02 [error] 31#31: *8812 recv() failed (104: Connection reset by peer) upstream: 10.2.9.14"
    return EvidenceRow("n-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "tail /var/log/nginx/error.log"})


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Connections to 10.2.9.14 are reset; `pm.max_children` exhaustion is one usual cause.", False),
        ("到 10.2.9.14 的连接被重置，常见原因之一是 `max_children` 用尽。", False),
        ("Connections to 10.2.9.14 are reset by `fpm-pool-7`.", True),
        ("到 10.2.9.14 的连接被 `fpm-pool-7` 重置。", True),
    ],
)
def test_a_settings_bound_names_a_setting_not_an_entity(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, fpm_log())) is invented


def queues() -> EvidenceRow:
    text = (
        "name\tmessages_ready\tmessages_unacknowledged\tconsumers\n"
        "order.created\t35120\t0\t0\norder.created.retry\t0\t0\t3\norder.paid\t7\t2\t6\n"
    )
    return EvidenceRow("q-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "rabbitmqctl list_queues"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("order.created.retry has 3 consumers.", True),
        ("order.created.retry 有 3 个 consumer。", True),
        ("order.created has 3 consumers.", False),
        ("order.created 有 3 个 consumer 在线。", False),
    ],
)
def test_a_dotted_name_is_not_a_longer_dotted_name(draft: str, grounded: bool) -> None:
    assert (statuses(draft, queues()) == [ClaimStatus.GROUNDED]) is grounded


def alert(annotations: dict[str, str]) -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "HighErrorRatio", "service": "search-gw", "severity": "critical"},
            "annotations": annotations,
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "startsAt": "2026-12-03T08:40:20Z",
            "generatorURL": "http://prometheus-0:9090/graph?g0.expr=sum%28rate%28x%5B5m%5D%29%29+%3E+0.05&g0.tab=1",
        }
    ]
    return EvidenceRow("am-2", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize("draft", ["search-gw's error ratio is 5%.", "search-gw 的错误率是 5%。"])
def test_a_urls_digits_are_no_values(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, alert({"summary": "search-gw errors"}))


@pytest.mark.parametrize("draft", ["search-gw's error ratio is 5%.", "search-gw 的错误率是 5%。"])
def test_a_value_the_alert_states_still_grounds(draft: str) -> None:
    assert statuses(draft, alert({"summary": "search-gw error ratio is 5%"})) == [ClaimStatus.GROUNDED]


def ratio_alert(summary: str) -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "HighErrorRatio", "service": "search-gw"},
            "annotations": {"summary": summary},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
        }
    ]
    return EvidenceRow("am-3", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("search-gw's error ratio is currently 5%.", False),  # the alert states a threshold, not the ratio
        ("search-gw 目前的错误率是 5%。", False),
        ("search-gw's error ratio is above the 5% threshold.", True),
        ("search-gw 的错误率超过了 5% 的告警线。", True),
        ("HighErrorRatio fires when search-gw's error ratio is above 5%.", True),
    ],
)
def test_a_percentage_an_alert_gives_as_a_bound_is_a_threshold_not_the_value(draft: str, grounded: bool) -> None:
    row = ratio_alert("search-gw error ratio above 5%")
    assert (statuses(draft, row) == [ClaimStatus.GROUNDED]) is grounded


def worker_logs() -> EvidenceRow:
    entries = [
        {"timestamp": "2026-12-03T15:59:44Z", "level": "WARN", "service": "ranker", "message": "heap at 93%"},
        {"timestamp": "2026-12-03T15:59:52Z", "level": "WARN", "service": "ranker", "message": "heap at 95%"},
    ]
    return EvidenceRow("w-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"success": True, "logs": entries}), {})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The latest ranker warn/error lines (15:59:44–15:59:52) report the heap at 95%.", False),
        ("ranker 最近的 WARN 或 ERROR 日志（15:59:44–15:59:52）显示堆到了 95%。", False),
        ("The latest ranker ERROR lines (15:59:44–15:59:52) report the heap at 95%.", True),
        ("ranker 最近的 ERROR 日志（15:59:44–15:59:52）显示堆到了 95%。", True),
    ],
)
def test_joined_levels_are_shown_by_either(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, worker_logs())) is contradicted


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("ranker's heap is at 95%, after which you would expect an OutOfMemoryError.", False),
        ("ranker 的堆到了 95%，离 OOMKilled 已经很近。", False),
        ("ranker's heap is at 95% and it already threw an OutOfMemoryError.", True),
        ("ranker 的堆到了 95%，已经被 OOMKilled。", True),
    ],
)
def test_a_name_of_what_may_come_is_not_invented(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, worker_logs())) is invented


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("search-gw's p99 is currently about 500ms.", False),  # the alert states the threshold, not the p99
        ("search-gw 当前 p99 约 500ms。", False),
        ("search-gw's p99 has been above 500ms.", True),
        ("search-gw 的 p99 超过了 500ms 的阈值。", True),
    ],
)
def test_a_duration_an_alert_gives_as_a_bound_is_not_the_value_now(draft: str, grounded: bool) -> None:
    row = ratio_alert("search-gw p99 latency above 500ms")
    assert (statuses(draft, row) == [ClaimStatus.GROUNDED]) is grounded


def cert_alert() -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "CertExpiringSoon", "host": "billing.corp-cn.net"},
            "annotations": {"description": "TLS certificate for billing.corp-cn.net expires in less than 21 days."},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
        }
    ]
    return EvidenceRow("am-4", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # what is left is a value found: the alert's "less than 21 days" is its threshold
        ("billing.corp-cn.net's certificate has 21 days left.", False),
        ("billing.corp-cn.net 的证书还剩 21 天。", False),
        ("billing.corp-cn.net's certificate expires in less than 21 days.", True),
        ("billing.corp-cn.net 的证书将在不到 21 天内过期。", True),
    ],
)
def test_a_span_said_to_be_left_is_a_value_not_the_bound(draft: str, grounded: bool) -> None:
    assert (statuses(draft, cert_alert()) == [ClaimStatus.GROUNDED]) is grounded


def p95_series() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"route": "/v1/quote"}, "value": [1796866560, "0.8125"]},
                {"metric": {"route": "/v1/price"}, "value": [1796866560, "0.6402"]},
            ],
        },
    }
    query = 'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{service="pricer"}[5m]))) > 0.6'
    return EvidenceRow("prom-p95", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the same figure as the threshold, then as the value found: the found one must be shown
        (
            "Two pricer routes are over the 600 ms p95 target: /v1/quote and /v1/price, both with a p95 of 600 ms.",
            False,
        ),
        ("pricer 的 /v1/quote 和 /v1/price 都超过了 600 ms 的 p95 目标，两者的 p95 为 600 ms。", False),
        ("Two pricer routes are over the 600 ms p95 target: /v1/quote and /v1/price.", True),
        ("pricer 的 /v1/quote 和 /v1/price 都超过了 600 ms 的 p95 目标。", True),
    ],
)
def test_a_threshold_and_the_same_value_found_are_two_facts(draft: str, grounded: bool) -> None:
    assert (statuses(draft, p95_series()) == [ClaimStatus.GROUNDED]) is grounded
