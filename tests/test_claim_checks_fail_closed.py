"""The gate fails closed and REJECTs only what the evidence contradicts (issue 21), domain only, offline.

Each rule is tried both ways (a draft the evidence supports, one it does not) and
in both languages, with phrasings written for these tests over payloads in the
shapes the tools emit. The decision table (docs/verifier-protocol.md):
CONTRADICTED and INVENTED claims REJECT; UNGROUNDED, UNCHECKED, WEAK and vague
claims lower the answer to LOW_CONFID; every claim grounded, one directly, ACCEPTs.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import (
    ClaimCheck,
    ClaimKind,
    ClaimStatus,
    Decision,
    ErrorKind,
    EvidenceRow,
    Outcome,
)
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def java_logs(*entries: dict, total: int | None = None, id: str = "logs-1") -> EvidenceRow:
    payload = {
        "success": True,
        "region": "ap-shanghai",
        "logTopic": "app",
        "query": "service:*",
        "logs": list(entries),
        "total": len(entries) if total is None else total,
        "message": f"成功查询到 {len(entries)} 条日志",
    }
    outcome = Outcome.DIRECT_SUPPORT if any(e["level"] == "ERROR" for e in entries) else Outcome.INDIRECT_SUPPORT
    return EvidenceRow(id, "query_logs", outcome, json.dumps(payload, indent=2), {"logTopic": "app"})


def entry(level: str, service: str, message: str, instance: str = "", at: str = "2026-12-20 11:10:02") -> dict:
    item = {"timestamp": at, "level": level, "service": service, "message": message}
    if instance:
        item["instance"] = instance
    return item


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)]


SETTLE = java_logs(
    entry("ERROR", "ledger-writer", "commit failed: HTTP 502 from ledger-db proxy", "ledger-writer-6b9f7c-qz4ht"),
    entry("INFO", "ledger-writer", "batch 7 committed in 420 ms", "ledger-writer-6b9f7c-qz4ht", "2026-12-20 11:10:09"),
)


# -- the decision table -------------------------------------------------------------------------


def _check(status: ClaimStatus, direct: bool = True) -> ClaimCheck:
    return ClaimCheck(0, 1, "x", ClaimKind.FACT, status, direct=direct)


@pytest.mark.parametrize(
    ("status", "decision"),
    [
        (ClaimStatus.CONTRADICTED, Decision.REJECT),
        (ClaimStatus.INVENTED, Decision.REJECT),
        (ClaimStatus.UNGROUNDED, Decision.LOW_CONFID),
        (ClaimStatus.UNCHECKED, Decision.LOW_CONFID),
        (ClaimStatus.WEAK, Decision.LOW_CONFID),
        (ClaimStatus.UNCHECKABLE, Decision.LOW_CONFID),
        (ClaimStatus.GROUNDED, Decision.ACCEPT),
    ],
)
def test_one_claim_beside_a_grounded_one_decides_by_its_status(status: ClaimStatus, decision: Decision) -> None:
    assert decide([_check(ClaimStatus.GROUNDED), _check(status)])[0] == decision


def test_one_unmatched_claim_among_many_grounded_ones_shows_the_answer_with_low_confidence() -> None:
    checks = [_check(ClaimStatus.GROUNDED)] * 14 + [_check(ClaimStatus.UNGROUNDED)]
    decision, reasons = decide(checks)
    assert decision == Decision.LOW_CONFID
    assert reasons == ['not grounded in any unit of evidence: "x" ()']


# -- invented identifiers -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("ledger-writer-6b9f7c-qz4ht failed a commit with HTTP 502.", Decision.ACCEPT),
        ("ledger-writer-6b9f7c-zz9kk failed a commit with HTTP 502.", Decision.REJECT),  # a pod nobody logged
        ("ledger-writer-6b9f7c-qz4ht 提交失败，返回 HTTP 502。", Decision.ACCEPT),
        ("ledger-writer-6b9f7c-qz4ht 提交失败，上游 10.4.9.77 返回 HTTP 502。", Decision.REJECT),  # an IP nobody logged
        ("The ledger-db proxy answered ledger-writer-6b9f7c-qz4ht with ERR_LEDGER_LOCKED.", Decision.REJECT),
    ],
)
def test_an_identifier_the_session_never_mentions_is_invented(draft: str, decision: Decision) -> None:
    assert judge(draft, SETTLE) == decision
    if decision == Decision.REJECT:
        assert ClaimStatus.INVENTED in statuses(draft, SETTLE)


# -- another value of the claim's own subject -----------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("ledger-writer-6b9f7c-qz4ht failed a commit with HTTP 504.", ClaimStatus.CONTRADICTED),  # it logged 502
        ("ledger-writer-6b9f7c-qz4ht 提交失败，返回 HTTP 503。", ClaimStatus.CONTRADICTED),
        ("ledger-writer-6b9f7c-qz4ht committed batch 9 in 420 ms.", ClaimStatus.CONTRADICTED),  # it was batch 7
        ("ledger-writer-6b9f7c-qz4ht committed batch 7 in 420 ms.", ClaimStatus.GROUNDED),
        ("ledger-writer-6b9f7c-qz4ht failed 3 commits with HTTP 502.", ClaimStatus.UNGROUNDED),  # nothing counts them
    ],
)
def test_another_value_shown_about_the_same_subject_contradicts(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, SETTLE) == [status]


@pytest.mark.parametrize(
    "draft", ["ledger-writer-0 returned HTTP 502 to the batch job.", "ledger-writer-0 向批处理任务返回了 HTTP 502。"]
)
def test_a_value_another_subject_shows_does_not_contradict(draft: str) -> None:
    # ledger-writer-6b9f7c-qz4ht's 502 says nothing of ledger-writer-0, whose entries give no status at all.
    assert statuses(draft, SETTLE, RECOVERED) == [ClaimStatus.UNGROUNDED]


# -- numbers read for what they are ----------------------------------------------------------------

RETRIES = java_logs(
    entry("ERROR", "fx-quoter", "quote 31 expired after 2000 ms", "fx-quoter-5d8c7b-w2p9r"),
    entry("WARN", "fx-quoter", "retry budget at 18% for tenant acme", "fx-quoter-5d8c7b-w2p9r", "2026-12-20 11:10:05"),
)


@pytest.mark.parametrize(
    ("draft", "accepted"),
    [
        ("fx-quoter's retry budget for acme is at 18%.", True),
        ("fx-quoter 对 acme 的重试预算只剩 18%。", True),
        ("fx-quoter's error rate reached 31%.", False),  # 31 is a quote's number, not a percentage
        ("fx-quoter 的错误率达到 31%。", False),
    ],
)
def test_a_percentage_rests_only_on_a_number_stated_as_one(draft: str, accepted: bool) -> None:
    assert (judge(draft, RETRIES) == Decision.ACCEPT) is accepted


@pytest.mark.parametrize(
    ("draft", "accepted"),
    [
        ("fx-quoter logged that quote 31 expired after 2000 ms.", True),
        ("fx-quoter let 31 quotes expire.", False),  # "quote 31" names one quote; it counts none
        ("fx-quoter expired 31 quotes in a row.", False),
    ],
)
def test_a_number_that_labels_one_thing_is_not_a_count_of_them(draft: str, accepted: bool) -> None:
    assert (judge(draft, RETRIES) == Decision.ACCEPT) is accepted


@pytest.mark.parametrize(
    "draft",
    [
        "fx-quoter-5d8c7b-w2p9r moves at 40 furlongs/fortnight.",
        "fx-quoter-5d8c7b-w2p9r 当前 40 fps。",
        "fx-quoter-5d8c7b-w2p9r streams at 12 kbps.",
    ],
)
def test_a_number_in_a_unit_no_table_knows_is_unread_not_dropped(draft: str) -> None:
    assert any(f.kind == FactKind.UNREAD for f in extract_facts(draft))
    assert statuses(draft, RETRIES) == [ClaimStatus.UNCHECKED]
    assert judge(draft, RETRIES) == Decision.LOW_CONFID


def test_rates_in_the_vocabulary_are_read_and_converted() -> None:
    row = java_logs(entry("WARN", "bus-relay", "consumer lag rising: 1200 msg/min in, 900 msg/min out", "bus-relay-0"))
    assert judge("bus-relay-0 takes in 20 msg/s.", row) == Decision.ACCEPT  # 1200 msg/min
    assert judge("bus-relay-0 每秒流入 20 msg/s，流出 15 msg/s。", row) == Decision.ACCEPT
    assert statuses("bus-relay-0 takes in 35 msg/s.", row) != [ClaimStatus.GROUNDED]


# -- versions, actors, recovery ----------------------------------------------------------------------

DEPLOYS = EvidenceRow(
    "deploys-1",
    "get_deploy_history",
    Outcome.DIRECT_SUPPORT,
    "REVISION  VERSION  STATUS      DEPLOYED_AT           DEPLOYED_BY\n"
    "41        v3.2.0   superseded  2026-12-20T02:40:11Z  alice\n"
    "42        v3.2.1   failed      2026-12-20T03:05:47Z  ci-bot\n",
    {"service": "checkout"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("Revision 42 shipped v3.2.1 and it failed.", Decision.ACCEPT),
        ("版本 v3.2.1（revision 42）发布失败。", Decision.ACCEPT),
        ("Revision 42 shipped v3.2.4 and it failed.", Decision.REJECT),  # no such release anywhere
        ("The failed rollout was deployed by ci-bot.", Decision.ACCEPT),
        ("The failed rollout was deployed by mallory.", Decision.REJECT),
        ("失败的那次发布由 mallory 发布。", Decision.REJECT),
    ],
)
def test_versions_and_actors_are_facts_the_evidence_must_name(draft: str, decision: Decision) -> None:
    assert judge(draft, DEPLOYS) == decision


RECOVERED = java_logs(
    entry("ERROR", "ledger-writer", "connection to ledger-db lost", "ledger-writer-0"),
    entry("INFO", "ledger-writer", "connection to ledger-db restored", "ledger-writer-0", "2026-12-20 11:12:40"),
)


@pytest.mark.parametrize(
    ("draft", "rows", "accepted"),
    [
        ("ledger-writer-0 lost its ledger-db connection and has recovered since.", (RECOVERED,), True),
        ("ledger-writer-0 与 ledger-db 的连接断开后已恢复。", (RECOVERED,), True),
        ("ledger-writer-0 failed a commit with HTTP 502 and has recovered since.", (SETTLE,), False),
        ("fx-quoter 的报价超时已恢复正常。", (RETRIES,), False),
    ],
)
def test_recovery_is_a_state_the_evidence_must_show(draft: str, rows: tuple, accepted: bool) -> None:
    assert (judge(draft, *rows) == Decision.ACCEPT) is accepted


# -- quantifiers ---------------------------------------------------------------------------------

REPLICAS = java_logs(
    entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-0"),
    entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-1", "2026-12-20 11:10:04"),
    entry("INFO", "ledger-writer", "ready, serving", "ledger-writer-2", "2026-12-20 11:10:06"),
)
ALL_DOWN = java_logs(
    entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-0"),
    entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-1", "2026-12-20 11:10:04"),
)


@pytest.mark.parametrize(
    ("draft", "rows", "decision"),
    [
        ("Every ledger-writer replica is failing.", (REPLICAS,), Decision.REJECT),  # ledger-writer-2 is serving
        ("ledger-writer 的所有副本都在报错。", (REPLICAS,), Decision.REJECT),
        ("Every ledger-writer replica is failing.", (ALL_DOWN,), Decision.ACCEPT),
        ("ledger-writer 的所有副本都在报错。", (ALL_DOWN,), Decision.ACCEPT),
        ("All ledger-writer errors were OOMKilled restarts.", (REPLICAS,), Decision.ACCEPT),  # ranges over errors
    ],
)
def test_a_quantifier_is_checked_against_the_units_it_ranges_over(draft: str, rows: tuple, decision: Decision) -> None:
    assert judge(draft, *rows) == decision


def test_a_cut_listing_cannot_show_all() -> None:
    cut = java_logs(
        entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-0"),
        entry("ERROR", "ledger-writer", "OOMKilled, restarting", "ledger-writer-1", "2026-12-20 11:10:04"),
        total=40,
    )
    assert statuses("Every ledger-writer replica is failing.", cut) == [ClaimStatus.UNCHECKED]
    assert statuses("ledger-writer 的每个副本都在报错。", cut) == [ClaimStatus.UNCHECKED]


# -- Chinese numerals and magnitudes --------------------------------------------------------------

LAG = java_logs(
    entry("WARN", "ledger-consumer", "partition 4 lag=48210 msgs, restarted 3 times", "ledger-consumer-1"),
    entry("ERROR", "ledger-consumer", "partition 6 lag=123000 msgs", "ledger-consumer-2", "2026-12-20 11:10:07"),
)


@pytest.mark.parametrize(
    ("draft", "accepted"),
    [
        ("ledger-consumer-1 的 partition 4 积压约 4.8 万条。", True),
        ("ledger-consumer-1 的 partition 4 积压约 48 万条。", False),
        ("ledger-consumer-2 的 partition 6 积压 12.3 万条。", True),
        ("ledger-consumer-2 的 partition 6 积压 1.2 万条。", False),
        ("ledger-consumer-1 重启了三次。", True),
        ("ledger-consumer-1 重启了五次。", False),
        ("ledger-consumer-1 restarted 3 times.", True),
    ],
)
def test_chinese_numerals_and_magnitudes_are_read_as_numbers(draft: str, accepted: bool) -> None:
    assert (judge(draft, LAG) == Decision.ACCEPT) is accepted


@pytest.mark.parametrize("text", ["ledger-consumer-1 记录了一条 ERROR。", "这一项无法给出。", "它一直在重试。"])
def test_a_lone_yi_is_an_article_not_a_count(text: str) -> None:
    assert not any(f.kind in (FactKind.COUNT, FactKind.QUANTITY) for f in extract_facts(text))


# -- subject binding across calls -------------------------------------------------------------------

CPU = EvidenceRow(
    "cpu-1",
    "query_metrics",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "vector",
                "result": [
                    {"metric": {"pod": "ledger-writer-7d9c-k2x4q"}, "value": [1797500000, "0.96"]},
                    {"metric": {"pod": "ledger-writer-7d9c-p8m3n"}, "value": [1797500000, "0.31"]},
                ],
            },
        }
    ),
    {
        "query": "sum by (pod) (rate(container_cpu_usage_seconds_total[5m])) / on(pod) kube_pod_container_resource_limits"
    },
)
PODS = EvidenceRow(
    "pods-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                       READY   STATUS             RESTARTS   AGE\n"
    "ledger-writer-7d9c-k2x4q   0/1     CrashLoopBackOff   14         2h\n"
    "ledger-writer-7d9c-p8m3n   1/1     Running            0          2h\n",
    {"command": "kubectl get pods -n ledger"},
)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("ledger-writer-7d9c-k2x4q runs at 96% of its CPU limit and has restarted 14 times.", ClaimStatus.GROUNDED),
        ("ledger-writer-7d9c-k2x4q 的 CPU 用到了限额的 96% 且已重启 14 次。", ClaimStatus.GROUNDED),
        # 31% is the other pod's: facts of two subjects never combine.
        ("ledger-writer-7d9c-k2x4q runs at 31% of its CPU limit and has restarted 14 times.", ClaimStatus.UNGROUNDED),
        ("ledger-writer-7d9c-p8m3n 的 CPU 用到了限额的 96% 且已重启 0 次。", ClaimStatus.UNGROUNDED),
        ("ledger-writer-7d9c-k2x4q 的 CPU 用到了限额的 31% 且已重启 14 次。", ClaimStatus.UNGROUNDED),
    ],
)
def test_facts_of_one_subject_may_rest_on_units_of_different_calls(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, CPU, PODS) == [status]


def test_facts_of_two_entries_of_one_listing_still_never_combine() -> None:
    # Both entries are ledger-writer-6b9f7c-qz4ht's, but they are two events of one search.
    assert statuses("ledger-writer-6b9f7c-qz4ht failed a commit with HTTP 502 in 420 ms.", SETTLE) == [
        ClaimStatus.UNGROUNDED
    ]


@pytest.mark.parametrize(
    "row",
    [
        "| Alert LedgerLagHigh | firing since 11:10 |",
        "| Check ledger-writer-6b9f7c-qz4ht | HTTP 504 |",
        "| Restart count of ledger-writer-6b9f7c-qz4ht | 9 |",
        "| Alert LedgerLagHigh | 11:10 起告警 |",
    ],
)
def test_a_table_row_is_a_record_even_when_its_first_word_could_be_an_imperative(row: str) -> None:
    draft = "| Source | What it shows |\n|---|---|\n" + row + "\n"
    assert [c.kind for c in check_draft(draft, [SETTLE]) if c.kind != ClaimKind.CONTEXT] == [ClaimKind.FACT]
    assert judge(draft, SETTLE) != Decision.ACCEPT  # nothing in the session shows it


# -- units named by a key, gaps of tools named otherwise ------------------------------------------

ACCESS = EvidenceRow(
    "nginx-1",
    "search_logs",
    Outcome.DIRECT_SUPPORT,
    '10.2.0.7 - - [20/Dec/2026:03:22:41 +0000] "POST /api/v2/pay HTTP/1.1" 504 167 "-" "okhttp/4.12" '
    "request_time=29.980 upstream_response_time=29.979\n",
    {"query": "status:504"},
)
CERTS = EvidenceRow(
    "tls-1",
    "http_check",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "results": [
                {
                    "host": "pay.example.cn",
                    "status": 200,
                    "cert_days_left": 4,
                    "uptime_minutes": 90,
                    "issuer": "GeoTrust",
                }
            ]
        }
    ),
    {"hosts": ["pay.example.cn"]},
)


@pytest.mark.parametrize(
    ("draft", "row", "accepted"),
    [
        ("The POST /api/v2/pay request answered 504 after roughly 30 s.", ACCESS, True),
        ("POST /api/v2/pay 请求约 30 秒后返回了 504。", ACCESS, True),
        ("The POST /api/v2/pay request answered 504 after roughly 3 s.", ACCESS, False),
        ("pay.example.cn's certificate expires in 4 days (issuer GeoTrust).", CERTS, True),
        ("pay.example.cn 的证书还剩 4 天到期，由 GeoTrust 签发。", CERTS, True),
        ("pay.example.cn 的证书还剩 14 天到期，由 GeoTrust 签发。", CERTS, False),
        ("pay.example.cn has been up for 90 minutes.", CERTS, True),  # uptime_minutes: 90
        ("pay.example.cn 已经运行了 9 分钟。", CERTS, False),
    ],
)
def test_a_bare_value_takes_its_unit_from_a_key_that_names_one(draft: str, row: EvidenceRow, accepted: bool) -> None:
    assert (judge(draft, row) == Decision.ACCEPT) is accepted


EMPTY_SEARCH = EvidenceRow(
    "es-0",
    "query_es",
    Outcome.NO_HIT,
    json.dumps({"took": 4, "timed_out": False, "hits": {"total": {"value": 0, "relation": "eq"}, "hits": []}}),
    {"index": "logs-gateway-*", "q": "OutOfMemoryError"},
)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("The log search for OutOfMemoryError returned no hits.", ClaimStatus.GROUNDED),
        ("针对 OutOfMemoryError 的日志搜索没有返回结果。", ClaimStatus.GROUNDED),
        ("The log search for OutOfMemoryError timed out.", ClaimStatus.CONTRADICTED),  # it came back empty
        ("针对 OutOfMemoryError 的日志搜索超时了。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_gap_may_be_left_by_a_tool_named_otherwise(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, EMPTY_SEARCH) == [status]


# -- what no single unit can stand against ---------------------------------------------------------

GC = java_logs(
    entry("WARN", "stock-worker", "GC overhead 92% over last 60s", "stock-worker-2", "2026-12-20 04:12:00"),
    entry("WARN", "stock-worker", "GC overhead 97% over last 60s", "stock-worker-2", "2026-12-20 05:47:00"),
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("stock-worker-2's GC overhead climbed from 92% at 04:12 to 97% at 05:47.", False),  # two records, a trend
        ("stock-worker-2 的 GC 开销从 04:12 的 92% 升到了 05:47 的 97%。", False),
        ("At 04:12 stock-worker-2's GC overhead was 95%.", True),  # one record, another value
        ("04:12 时 stock-worker-2 的 GC 开销是 95%。", True),
    ],
)
def test_a_claim_about_several_records_is_not_contradicted_by_one(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, GC)) is contradicted


CRASHING = java_logs(entry("ERROR", "stock-worker", "container crashed, exit code 137", "stock-worker-2"))


@pytest.mark.parametrize(
    ("draft", "judged"),
    [
        ("The logs don't say why stock-worker-2 crashed.", False),  # an admitted unknown
        ("日志没有说明 stock-worker-2 崩溃的原因。", False),
        ("The logs show no errors for stock-worker-2.", True),  # a denial, checked
    ],
)
def test_an_admitted_unknown_about_the_evidence_is_not_a_denial(draft: str, judged: bool) -> None:
    kinds = [c.kind for c in check_draft(draft, [CRASHING])]
    assert (ClaimKind.FACT in kinds or ClaimKind.CAUSAL in kinds) is judged
    if judged:
        assert judge(draft, CRASHING) == Decision.REJECT


SLOW_QUERY = EvidenceRow(
    "prom-range",
    "query_metrics",
    Outcome.FAILED,
    "",
    {"query": "rate(http_requests_total[5m])", "range": "30d"},
    error_message="context deadline exceeded",
    error_kind=ErrorKind.TIMEOUT,
    duration_ms=30000,
)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("按 30 天范围查询 Prometheus 超时了（30 秒）。", ClaimStatus.GROUNDED),
        ("The 30-day Prometheus range query timed out after 30 s.", ClaimStatus.GROUNDED),
        ("按 30 天范围查询 Prometheus 超时了（60 秒）。", ClaimStatus.CONTRADICTED),  # it took 30 s
    ],
)
def test_what_a_failed_call_asked_is_not_what_it_shows(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, SLOW_QUERY) == [status]


@pytest.mark.parametrize(
    "draft",
    ["按最近 30 天的范围查询 Prometheus，30 秒后超时。", "The 30-day range query to Prometheus timed out after 30 s."],
)
def test_a_value_of_a_dimension_the_failure_shows_is_not_contradicted_by_it(draft: str) -> None:
    # 30 s is how it failed; 30 days, which nothing shows (the call asked for 7), is unmatched, never contradicted.
    unranged = EvidenceRow(
        "prom-range-2",
        "query_metrics",
        Outcome.FAILED,
        "",
        {"query": "rate(http_requests_total[5m])", "start": "2026-12-13T00:00:00Z", "end": "2026-12-20T00:00:00Z"},
        error_message="context deadline exceeded",
        error_kind=ErrorKind.TIMEOUT,
        duration_ms=30000,
    )
    assert statuses(draft, unranged) == [ClaimStatus.UNGROUNDED]


ECS = EvidenceRow(
    "es-1",
    "query_es",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "hits": {
                "total": {"value": 1, "relation": "eq"},
                "hits": [
                    {
                        "_id": "x1",
                        "_source": {
                            "log": {"level": "error"},
                            "service": {"name": "fx-pricer", "version": "4.8.0"},
                            "message": "NullPointerException at FxRateCache.lookup",
                        },
                    }
                ],
            }
        }
    ),
    {"index": "logs-fx-*"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("fx-pricer logged a NullPointerException with service.version 4.8.0.", False),
        ("fx-pricer 记录了 NullPointerException，service.version 为 4.8.0。", False),
        ("fx-pricer logged a NullPointerException with service.revision 4.8.0.", True),
    ],
)
def test_a_dotted_field_name_is_a_path_into_nested_json(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, ECS)) is invented


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("或调大 buffer.memory。", ClaimKind.ADVICE),
        ("先回滚到 v1.8.0，再扩容一个节点。", ClaimKind.ADVICE),
        ("buffer.memory 已经被调大到 64MB。", ClaimKind.FACT),
    ],
)
def test_a_chinese_imperative_opening_a_clause_is_advice(text: str, kind: ClaimKind) -> None:
    assert [c.kind for c in check_draft(text, [ECS])][0] == kind


INDEXER = java_logs(
    entry("WARN", "search-indexer", "indexed 4,120,000 of 5,930,000 docs at 310 docs/s", "search-indexer-0")
)


@pytest.mark.parametrize(
    ("draft", "accepted"),
    [
        ("search-indexer-0 is indexing at 310 docs/s.", True),
        ("search-indexer-0 的索引速度为 310 docs/s。", True),
        ("search-indexer-0 indexes about 18,600 docs/min.", True),  # 310 a second
        ("search-indexer-0 is indexing at 31 docs/s.", False),
        ("search-indexer-0 的索引速度为 3,100 docs/s。", False),
    ],
)
def test_a_rate_of_any_plural_noun_is_read_and_converted(draft: str, accepted: bool) -> None:
    assert (judge(draft, INDEXER) == Decision.ACCEPT) is accepted


# -- workload states -------------------------------------------------------------------------------

WORKLOADS = EvidenceRow(
    "pods-3",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                       READY   STATUS             RESTARTS   AGE\n"
    "ledger-writer-7d9c-k2x4q   0/1     CrashLoopBackOff   14         2h\n"
    "ledger-writer-7d9c-p8m3n   1/1     Running            0          2h\n",
    {"command": "kubectl get pods -n ledger"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("ledger-writer-7d9c-k2x4q is in a crash loop.", Decision.ACCEPT),  # CrashLoopBackOff, paraphrased
        ("ledger-writer-7d9c-k2x4q 处于崩溃循环。", Decision.ACCEPT),
        ("ledger-writer-7d9c-p8m3n is crash-looping.", Decision.REJECT),  # it is Running
        ("ledger-writer-7d9c-p8m3n 处于崩溃循环。", Decision.REJECT),
        ("ledger-writer-7d9c-k2x4q is Running again.", Decision.REJECT),  # it is in CrashLoopBackOff
        ("ledger-writer-7d9c-p8m3n 处于 Running 状态。", Decision.ACCEPT),
    ],
)
def test_a_workload_state_is_read_as_drafts_write_it_and_another_contradicts_it(draft: str, decision: Decision) -> None:
    assert judge(draft, WORKLOADS) == decision


STUCK = EvidenceRow(
    "pods-4",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                         READY   STATUS             RESTARTS   AGE\n"
    "thumbnailer-66c9d4f7b-7xw2r  0/1     ImagePullBackOff   0          9m\n"
    "thumbnailer-66c9d4f7b-q4m8s  0/1     Pending            0          9m\n",
    {"command": "kubectl get pods -n media"},
)
NODES = EvidenceRow(
    "nodes-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME           STATUS     ROLES    AGE   VERSION\nip-10-0-7-42   NotReady   <none>   12d   v1.29.3\n",
    {"command": "kubectl get nodes"},
)


@pytest.mark.parametrize(
    ("draft", "row", "decision"),
    [
        ("thumbnailer-66c9d4f7b-7xw2r cannot start: an image pull back-off.", STUCK, Decision.ACCEPT),
        ("thumbnailer-66c9d4f7b-7xw2r 镜像拉取失败。", STUCK, Decision.ACCEPT),
        ("thumbnailer-66c9d4f7b-q4m8s is stuck in Pending.", STUCK, Decision.ACCEPT),
        ("thumbnailer-66c9d4f7b-q4m8s 一直 Pending。", STUCK, Decision.ACCEPT),
        ("thumbnailer-66c9d4f7b-q4m8s has an image pull error.", STUCK, Decision.REJECT),  # it is Pending
        ("thumbnailer-66c9d4f7b-7xw2r 一直 Pending。", STUCK, Decision.REJECT),  # ImagePullBackOff
        ("Node ip-10-0-7-42 is not ready.", NODES, Decision.ACCEPT),
        ("节点 ip-10-0-7-42 未就绪。", NODES, Decision.ACCEPT),
    ],
)
def test_each_workload_state_is_read_both_ways(draft: str, row: EvidenceRow, decision: Decision) -> None:
    assert judge(draft, row) == decision
