"""Rivals, ranges and parts of names read no further than the claim says:

- a setting's value follows its name closely ("max replicas: 15"), never across a phrase ("running at max
  replicas for longer than 15 minutes") or a URL escape ("current_replicas+%3D%3D");
- a count of none is not rivalled by a record that says it too ("no servers could be reached" beside
  "(1 server found)");
- "all" ranges over its own clause, not over what a consequence after it names ("…，所以 A 和 B 都是 X");
- a name given by its end or start ("ending in 12F39E77", "以 12F39E77 结尾") is part of a name the rows
  give whole; a route built of the session's names ("/connectors/<a named connector>/tasks/1/restart")
  invents nothing.

Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def hpa_alert(annotation: str) -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "KubeHpaMaxedOut", "horizontalpodautoscaler": "web", "namespace": "shop"},
            "annotations": {"description": annotation},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "generatorURL": "http://prom:9090/graph?g0.expr=kube_horizontalpodautoscaler_status_current_replicas"
            "+%3D%3D+kube_horizontalpodautoscaler_spec_max_replicas",
        }
    ]
    return EvidenceRow("am-h", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {"active": True})


@pytest.mark.parametrize(
    "draft",
    [
        "KubeHpaMaxedOut fires for web: current replicas 6 = max replicas 6.",
        "KubeHpaMaxedOut 告警：web 的 current replicas 6，max replicas 6。",
    ],
)
def test_a_setting_is_not_rivalled_across_a_phrase_or_a_url_escape(draft: str) -> None:
    row = hpa_alert("HPA shop/web has been running at max replicas for longer than 15 minutes.")
    assert ClaimStatus.CONTRADICTED not in statuses(draft, row)


@pytest.mark.parametrize(
    "draft", ["KubeHpaMaxedOut fires for web: max replicas 6.", "KubeHpaMaxedOut 告警：web 的 max replicas 6。"]
)
def test_a_setting_is_rivalled_by_the_value_after_its_name(draft: str) -> None:
    row = hpa_alert("HPA shop/web is at its max replicas: 15 for 20 minutes.")
    assert ClaimStatus.CONTRADICTED in statuses(draft, row)


DIG_TIMEOUT = (
    "; <<>> DiG 9.18.24 <<>> @10.9.0.53 pay.example.net A +time=2 +tries=1\n"
    "; (1 server found)\n"
    ";; global options: +cmd\n"
    ";; connection timed out; no servers could be reached\n\n"
    "; <<>> DiG 9.18.24 <<>> @10.9.0.54 pay.example.net A +time=2 +tries=1\n"
    "; (1 server found)\n"
    ";; global options: +cmd\n"
    ";; connection timed out; no servers could be reached\n"
)


def dig(text: str) -> EvidenceRow:
    params = {"host": "edge-3", "command": "dig @10.9.0.53 pay.example.net A; dig @10.9.0.54 pay.example.net A"}
    return EvidenceRow("dig-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text, params)


@pytest.mark.parametrize(
    "draft",
    [
        "| pay.example.net | 10.9.0.53 | timed out, no servers reached |",
        "pay.example.net via 10.9.0.54: timed out, no servers reached.",
    ],
)
def test_a_count_of_none_is_not_rivalled_by_a_record_that_says_it_too(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, dig(DIG_TIMEOUT))


def test_a_count_of_none_is_not_grounded_by_another_count_of_its_noun() -> None:
    answered = "; <<>> DiG 9.18.24 <<>> @10.9.0.53 pay.example.net A\n; (2 servers found)\n;; ANSWER SECTION:\n"
    draft = "For pay.example.net, dig at 10.9.0.53 reported no servers found."
    assert statuses(draft, dig(answered)) == [ClaimStatus.UNGROUNDED]


CAT_INDICES = (
    "health status index            uuid                   pri rep docs.count store.size pri.store.size\n"
    "yellow open   orders-2026.10.04 Zr3mQp0aT8uN2bE5sW1xkA   2   1    4120533      3.1gb          3.1gb\n"
    "green  open   orders-2026.10.03 Lk8vXe2rQy6pM0cJ4tH7nB   2   1    9981204     12.8gb          6.4gb\n"
)


def cat_indices() -> EvidenceRow:
    return EvidenceRow("es-cat", "es_cat", Outcome.INDIRECT_SUPPORT, CAT_INDICES, {"path": "_cat/indices/orders-*?v"})


@pytest.mark.parametrize(
    "draft",
    [
        "orders-2026.10.04 is yellow: its 2 replica shards are all unassigned, so store.size and pri.store.size "
        "are both 3.1gb.",
        "orders-2026.10.04 是 yellow：2 个副本分片全部未分配，所以 store.size 和 pri.store.size 都是 3.1gb。",
    ],
)
def test_all_ranges_over_its_clause_not_over_a_consequence(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, cat_indices())


PODS = (
    "NAME                            READY   STATUS             RESTARTS   AGE\n"
    "checkout-api-7d9f8b6c5-2kx4p    1/1     Running            0          2d\n"
    "checkout-api-7d9f8b6c5-9wq7m    0/1     CrashLoopBackOff   7          2d\n"
)


@pytest.mark.parametrize(
    "draft",
    [
        "All checkout-api pods are Running, so the rollout is done.",
        "checkout-api 的 pod 全部 Running，所以发布已经完成。",
    ],
)
def test_all_in_its_own_clause_is_still_checked_before_a_consequence(draft: str) -> None:
    row = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n shop"})
    assert ClaimStatus.CONTRADICTED in statuses(draft, row)


def consumer_log() -> EvidenceRow:
    entry = {
        "level": "WARN",
        "service": "settle-consumer",
        "message": "msgId=0A1F00C2B7E84D5A9C3312F39E77 reconsumeTimes=16, moved to %DLQ%settle_group",
    }
    body = {"success": True, "logs": [entry], "total": 1}
    return EvidenceRow("logs-9", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": "DLQ"})


@pytest.mark.parametrize(
    "draft",
    [
        "One message (msgId ending in 12F39E77) was moved to %DLQ%settle_group after 16 retries.",
        "有一条消息（msgId 以 12F39E77 结尾）重试 16 次后进了死信队列 %DLQ%settle_group。",
        "尾号 12F39E77 的消息进了死信队列 %DLQ%settle_group。",
    ],
)
def test_a_name_given_by_its_end_is_part_of_a_name_the_rows_give(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, consumer_log())


@pytest.mark.parametrize(
    "draft",
    [
        "One message (msgId 7D00AA1B) was moved to %DLQ%settle_group after 16 retries.",
        "消息 7D00AA1B 重试 16 次后进了死信队列 %DLQ%settle_group。",
    ],
)
def test_a_name_the_rows_never_give_is_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, consumer_log())


def connector_status() -> EvidenceRow:
    body = {
        "name": "pg-refunds-sink",
        "connector": {"state": "RUNNING", "worker_id": "10.4.2.17:8083"},
        "tasks": [{"id": 1, "state": "FAILED", "trace": "org.apache.kafka.connect.errors.DataException"}],
    }
    return EvidenceRow("kc-1", "http_request", Outcome.DIRECT_SUPPORT, json.dumps(body), {"url": "/connectors/status"})


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Task 1 of pg-refunds-sink is FAILED; `POST /connectors/pg-refunds-sink/tasks/1/restart` restarts it.", False),
        (
            "pg-refunds-sink 的 task 1 是 FAILED，可以用 `POST /connectors/pg-refunds-sink/tasks/1/restart` 重启。",
            False,
        ),
        ("Task 1 of pg-refunds-sink is FAILED; `POST /connectors/pg-ledger-sink/tasks/1/restart` restarts it.", True),
        ("pg-refunds-sink 的 task 1 是 FAILED，可以用 `POST /connectors/pg-ledger-sink/tasks/1/restart` 重启。", True),
    ],
)
def test_a_route_built_of_the_sessions_names_invents_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, connector_status())) is invented


def scorer_log() -> EvidenceRow:
    line = "2026-03-02 09:14:05,118 WARN  [risk-model] batch took 48211 ms (model=xgb-v7, geoipcache latency p99=83ms)"
    return EvidenceRow("lk-1", "loki_query_range", Outcome.INDIRECT_SUPPORT, line, {"query": '{app="risk-scorer"}'})


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("geoip-cache p99 latency in that line is 83 ms.", False),
        ("这一行里 geoip-cache 的 p99 延迟是 83 ms。", False),
        ("geoip-store p99 latency in that line is 83 ms.", True),
        ("这一行里 geoip-store 的 p99 延迟是 83 ms。", True),
    ],
)
def test_a_hyphenated_name_a_record_writes_joined_is_mentioned(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, scorer_log())) is invented


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The 48 s batch is close to the default `upstream-read-timeout` of 60 s.", False),
        ("48 秒的批次接近默认的 `max-batch-size` 上限。", False),
        ("The 48 s batch ran on `risk-scorer-gpu-7`.", True),
        ("48 秒的批次跑在 `risk-scorer-gpu-7` 上。", True),
    ],
)
def test_a_settings_name_is_no_entity_to_invent(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, scorer_log())) is invented


def release_logs() -> EvidenceRow:
    entries = [
        {
            "level": "ERROR",
            "service": "ledger",
            "version": "3.4.1",
            "message": "recovered panic: assignment to nil map",
        },
        {"level": "INFO", "service": "ledger", "version": "3.4.0", "message": "request served in 12 ms"},
    ]
    body = {"success": True, "logs": entries, "total": 2}
    return EvidenceRow("lg-3", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "ledger"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The 3.4.0 pod logged no panic.", False),
        ("3.4.0 版本的 pod 没有 panic。", False),
        ("The 3.4.1 pod logged no panic.", True),
        ("3.4.1 版本的 pod 没有 panic。", True),
        # the others than the one named: not the listing's every record
        ("Apart from the 3.4.1 pod, no other pod logged a panic.", False),
        ("除了 3.4.1 的 pod，其他 pod 没有出现 panic。", False),
    ],
)
def test_a_version_names_whose_event_is_denied(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, release_logs())) is contradicted


DIG_ANSWER = (
    "; <<>> DiG 9.18.28 <<>> @10.20.0.3 ledger.svc.ap.internal\n"
    ";; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 5120\n"
    ";; ANSWER SECTION:\n"
    "ledger.svc.ap.internal.\t45\tIN\tA\t10.20.7.31\n\n"
    ";; Query time: 4 msec\n"
)


def dig_answer() -> EvidenceRow:
    params = {"command": "dig @10.20.0.3 ledger.svc.ap.internal"}
    return EvidenceRow("dig-2", "ssh_exec", Outcome.INDIRECT_SUPPORT, DIG_ANSWER, params)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("ledger.svc.ap.internal resolves to 10.20.7.31 with a 45 s TTL.", ClaimStatus.GROUNDED),
        ("ledger.svc.ap.internal 解析到 10.20.7.31，TTL 45 秒。", ClaimStatus.GROUNDED),
        # another TTL of the answer the claim names is a rival
        ("ledger.svc.ap.internal resolves to 10.20.7.31 with a 300 s TTL.", ClaimStatus.CONTRADICTED),
        ("ledger.svc.ap.internal 解析到 10.20.7.31，TTL 是 300 秒。", ClaimStatus.CONTRADICTED),
        # the TTL is no rival of how long the query took
        ("ledger.svc.ap.internal answered 10.20.7.31 in about 9 ms.", ClaimStatus.UNGROUNDED),
        ("ledger.svc.ap.internal 大约 9 ms 就返回了 10.20.7.31。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_dns_answers_ttl_is_read_and_rivals_only_a_ttl(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, dig_answer()) == [status]


def gc_logs() -> EvidenceRow:
    entries = [
        {"service": "ledger-api", "level": "WARN", "message": "GC pause (G1 Compaction Pause) 2987ms"},
        {"service": "ledger-api", "level": "WARN", "message": "GC pause (G1 Compaction Pause) 3121ms"},
        {"service": "ledger-api", "level": "ERROR", "message": "score request timed out after 3000ms"},
    ]
    body = {"success": True, "logs": entries, "total": 3}
    return EvidenceRow("logs-4", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "ledger-api"})


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api 的堆基本占满，CPU 都耗在 GC 上，所以 3000ms 的请求超时了。",
        "ledger-api's heap is nearly full and all its CPU goes to GC, so requests time out at 3000ms.",
    ],
)
def test_a_value_a_consequence_states_is_not_one_each_unit_must_show(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, gc_logs())


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api 的日志都是 3000ms 超时，所以请求失败了。",
        "Every ledger-api entry is a timeout after 3000ms, so requests failed.",
    ],
)
def test_a_value_in_the_quantified_clause_is_still_one_each_unit_must_show(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, gc_logs())


def df() -> EvidenceRow:
    text = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme1n1    500G  469G   32G  94% /data\n"
        "/dev/nvme2n1    200G  194G  6.2G  97% /var/log\n"
    )
    return EvidenceRow("df-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "df -h", "host": "kafka-3"})


def facts_and_hedges(draft: str) -> list[tuple[ClaimKind, ClaimStatus]]:
    return [(c.kind, c.status) for c in check_draft(draft, (df(),)) if c.kind in (ClaimKind.FACT, ClaimKind.HEDGE)]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        (
            "/data on kafka-3 is 94% full with 32G left, so the broker will likely fail writes soon.",
            ClaimStatus.GROUNDED,
        ),
        ("/data on kafka-3 is 97% full with 6.2G left, so the broker will likely fail writes soon.", None),
        ("kafka-3 的 /data 已用 94%，只剩 32G，所以 broker 很可能很快写失败。", ClaimStatus.GROUNDED),
        ("kafka-3 的 /data 已用 97%，只剩 6.2G，所以 broker 很可能很快写失败。", None),
    ],
)
def test_a_fact_before_a_hedged_consequence_is_checked(draft: str, status: ClaimStatus) -> None:
    found = facts_and_hedges(draft)
    assert ClaimKind.HEDGE in [kind for kind, _ in found]
    facts = [s for kind, s in found if kind == ClaimKind.FACT]
    assert facts and (all(s == status for s in facts) if status else ClaimStatus.GROUNDED not in facts)


def cut_listing() -> EvidenceRow:
    logs = [
        {"timestamp": f"2026-12-03T06:5{i}:10Z", "level": "ERROR", "service": "push-worker", "message": m}
        for i, m in (
            (5, "APNs rejected token a1: 400 BadDeviceToken"),
            (6, "APNs rejected token b2: 400 BadDeviceToken"),
        )
    ] + [
        {
            "timestamp": "2026-12-03T06:58:40Z",
            "level": "ERROR",
            "service": "push-worker",
            "message": "APNs rejected token c3: 400 BadDeviceToken",
        }
    ]
    body = {"success": True, "logs": logs, "total": 48}
    return EvidenceRow("ql-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"level": "ERROR", "limit": 3})


@pytest.mark.parametrize(
    "draft", ["push-worker: all three are BadDeviceToken rejections.", "push-worker 这三条都是 BadDeviceToken。"]
)
def test_all_of_the_count_shown_is_not_all_of_a_cut_listing(draft: str) -> None:
    assert ClaimStatus.UNCHECKED not in statuses(draft, cut_listing())


@pytest.mark.parametrize(
    "draft", ["push-worker: all 48 are BadDeviceToken rejections.", "push-worker 的 48 条都是 BadDeviceToken。"]
)
def test_all_of_the_total_of_a_cut_listing_cannot_be_checked(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, cut_listing())


def probes() -> EvidenceRow:
    checks = [
        {"region": region, "url": "https://api.shop.example/healthz", "status_code": code, "latency_ms": ms}
        for region, code, ms in (
            ("us-east-1", 502, 31),
            ("eu-west-1", 502, 96),
            ("ap-south-1", 502, 140),
            ("us-west-2", 200, 44),
        )
    ]
    return EvidenceRow(
        "p-1", "synthetic_checks", Outcome.DIRECT_SUPPORT, json.dumps({"checks": checks}), {"latest": True}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "Yes — all four regions are returning 502 (us-east-1, eu-west-1, ap-south-1 and us-west-2).",
        "是的，四个区域（us-east-1、eu-west-1、ap-south-1、us-west-2）都返回 502。",
    ],
)
def test_all_of_named_members_is_contradicted_by_one_members_records(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, probes())


@pytest.mark.parametrize(
    "draft",
    [
        "No — all three regions are returning 502 (us-east-1, eu-west-1 and ap-south-1).",
        "三个区域（us-east-1、eu-west-1、ap-south-1）都返回 502。",
        "us-east-1 and us-west-2 were both probed, at 31 ms and 44 ms.",  # "both" of another predicate
    ],
)
def test_all_of_named_members_each_showing_it_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, probes())


@pytest.mark.parametrize(
    "draft",
    [
        "All three pods are above the runbook's 300s line (us-east-1, eu-west-1, ap-south-1).",
        "三个区域（us-east-1、eu-west-1、ap-south-1）都已经超过 runbook 里 300s 的影响线。",
    ],
)
def test_a_status_that_may_be_a_duration_is_not_what_each_member_must_show(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, probes())


def spans() -> EvidenceRow:
    def hit(span_id: str, name: str, service: str, host: str, status: str) -> dict:
        source = {
            "@timestamp": "2026-12-15T03:22:09.131Z",
            "span": {"id": span_id, "name": name},
            "service": {"name": service},
            "host": {"name": host},
            "status": status,
        }
        return {"_index": "apm-spans", "_id": span_id, "_source": source}

    body = {
        "hits": {
            "total": {"value": 2, "relation": "eq"},
            "hits": [
                hit("a1", "CartService/Checkout", "cart-svc", "cart-svc-5f6d-k2m9", "OK"),
                hit("b2", "StockService/Hold", "stock-svc", "stock-svc-8c1a-q7w3", "DEADLINE_EXCEEDED"),
            ],
        }
    }
    return EvidenceRow("es-spans", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "apm-spans"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # where the span ran is said of the span named before it: the host must be that span's
        (
            "The failing span is stock-svc's StockService/Hold, running on stock-svc-8c1a-q7w3, with DEADLINE_EXCEEDED.",
            True,
        ),
        (
            "出错的是 stock-svc 的 StockService/Hold 这个 span，所在主机是 stock-svc-8c1a-q7w3，错误为 DEADLINE_EXCEEDED。",
            True,
        ),
        (
            "The failing span is stock-svc's StockService/Hold, running on cart-svc-5f6d-k2m9, with DEADLINE_EXCEEDED.",
            False,
        ),
        (
            "出错的是 stock-svc 的 StockService/Hold 这个 span，所在主机是 cart-svc-5f6d-k2m9，错误为 DEADLINE_EXCEEDED。",
            False,
        ),
    ],
)
def test_where_a_span_ran_is_bound_to_the_span_named_before(draft: str, grounded: bool) -> None:
    assert (statuses(draft, spans()) == [ClaimStatus.GROUNDED]) is grounded


def log_search(found: bool) -> EvidenceRow:
    params = {"service": "invoice-renderer", "level": "ERROR", "startTime": "2026-12-03T06:00:00Z"}
    if found:  # the search ran and matched nothing
        return EvidenceRow("ql-2", "query_logs", Outcome.NO_HIT, '{"success": true, "logs": [], "total": 0}', params)
    return EvidenceRow("ql-2", "query_logs", Outcome.FAILED, "", params, error_message="Read timeout on endpoint URL")


@pytest.mark.parametrize(
    "draft",
    [
        "The invoice-renderer logs show no errors for that window, so this is probably a bad payload rather than a crash.",
        "Logging shows no ERROR entries for it in the last hour, so the restarts are likely not crashes.",
        "invoice-renderer 的日志里那段时间没有报错，所以大概率是输入格式问题而不是崩溃。",
        "日志里没有它的 ERROR 记录，所以重启可能不是应用崩溃。",
    ],
)
def test_a_finding_of_none_before_a_hedged_consequence_is_checked(draft: str) -> None:
    # a search that failed shows no absence: the finding is flagged, not swallowed by the hedge after it
    failed = [(c.kind, c.status) for c in check_draft(draft, (log_search(False),))]
    assert (ClaimKind.HEDGE, ClaimStatus.UNCHECKABLE) in failed
    assert any(kind == ClaimKind.FACT and status != ClaimStatus.GROUNDED for kind, status in failed)


def instance_and_options() -> tuple[EvidenceRow, EvidenceRow]:
    describe = (
        "config: projects/ledger-prod/instanceConfigs/eur5\ndisplayName: core-ledger\nnodeCount: 2\nstate: READY\n"
    )
    options = (
        "OPTION_NAME               OPTION_TYPE  OPTION_VALUE\n"
        "default_leader            STRING       europe-west2\n"
        "version_retention_period  STRING       3d\n"
    )
    sql = "SELECT OPTION_NAME, OPTION_TYPE, OPTION_VALUE FROM INFORMATION_SCHEMA.DATABASE_OPTIONS"
    return (
        EvidenceRow(
            "g-1", "gcloud", Outcome.DIRECT_SUPPORT, describe, {"args": "spanner instances describe core-ledger"}
        ),
        EvidenceRow(
            "g-2",
            "gcloud",
            Outcome.DIRECT_SUPPORT,
            options,
            {"args": f'spanner databases execute-sql accounts-db --instance=core-ledger --sql="{sql}"'},
        ),
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("accounts-db 的 default_leader 是 europe-west2（实例 core-ledger 使用 eur5 多区域配置）。", True),
        ("accounts-db's default_leader is europe-west2 (instance core-ledger runs 2 nodes).", True),
        ("accounts-db 的 default_leader 是 europe-west2（实例 core-ledger 有 5 个节点）。", False),
        ("accounts-db's default_leader is europe-west2 (instance core-ledger runs 5 nodes).", False),
    ],
)
def test_a_parenthesis_about_a_subject_the_session_asked_about_is_an_aside(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, instance_and_options()) if c.kind == ClaimKind.FACT]
    assert (found == [ClaimStatus.GROUNDED]) is grounded


def rpc_errors() -> EvidenceRow:
    logs = [
        {
            "timestamp": "2026-12-03T09:14:52Z",
            "level": "ERROR",
            "service": "quote-reader",
            "message": "readRows: DEADLINE_EXCEEDED after 0.5s",
        },
        {
            "timestamp": "2026-12-03T09:14:40Z",
            "level": "ERROR",
            "service": "quote-reader",
            "message": "readRows: DEADLINE_EXCEEDED after 0.5s",
        },
        {
            "timestamp": "2026-12-03T09:02:11Z",
            "level": "ERROR",
            "service": "quote-reader",
            "message": "readRows: UNAVAILABLE: connection reset",
        },
    ]
    body = json.dumps({"success": True, "logs": logs, "total": 3})
    return EvidenceRow(
        "ql-3", "query_logs", Outcome.DIRECT_SUPPORT, body, {"service": "quote-reader", "level": "ERROR"}
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("For quote-reader the latest samples are all DEADLINE_EXCEEDED.", False),  # the newest few
        ("quote-reader 最新的几条日志都是 DEADLINE_EXCEEDED。", False),
        ("For quote-reader all samples are DEADLINE_EXCEEDED.", True),  # the whole listing
        ("quote-reader 的所有日志都是 DEADLINE_EXCEEDED。", True),
    ],
)
def test_the_newest_few_records_are_no_whole_listing(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, rpc_errors())) is contradicted


def pings() -> EvidenceRow:
    out = (
        "PING 10.158.20.1 (10.158.20.1) 56(84) bytes of data.\n"
        "64 bytes from 10.158.20.1: icmp_seq=1 ttl=64 time=0.071 ms\n"
        "64 bytes from 10.158.20.1: icmp_seq=2 ttl=64 time=0.049 ms\n"
        "\n--- 10.158.20.1 ping statistics ---\n"
        "2 packets transmitted, 2 received, 0% packet loss, time 1012ms\n"
        "rtt min/avg/max/mdev = 0.049/0.060/0.071/0.011 ms\n"
    )
    return EvidenceRow("p-1", "ssh_exec", Outcome.DIRECT_SUPPORT, out, {"command": "ping -c 2 10.158.20.1"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("网关 10.158.20.1：2/2 收到，0% 丢包，平均 RTT 0.060 ms。", False),  # 平均: an average, no "all"
        ("Gateway 10.158.20.1: 2/2 received, 0% loss, average RTT 0.060 ms.", False),
        ("10.158.20.1 的回包耗时均为 0.071 ms。", True),  # 均为: each reply took it, and one did not
        ("All replies from 10.158.20.1 took 0.071 ms.", True),
    ],
)
def test_an_average_is_no_universal(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, pings())) is contradicted
