"""What a claim states and what it ranges over. Domain only, offline.

- A statement followed by advice in one sentence ("X is Healthy, so I'd look at the app", "两个分区都落后，
  建议先扩容") is a fact, then advice: the fact is checked. A cue inside a name ("/v1/suggest") is no advice.
- "the lookup found no hits", "检索没有命中" of a call that failed is contradicted: it never searched.
- "all instances …, including X" ranges over every instance, X being one of them; a value stated for all
  ("都抓不到（up=0）") is checked on each, though the words are negated; a count of the whole listing
  ("一共 4 个 target，… 都 …") is the range, not a part of it.
- A claim at one time to the second ("02:40:58，… 20 个连接全部 active") is about one record: its "all"
  ranges inside that record.

Phrasings written for these tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Both canaries have failed since 14:05 UTC, so I'd roll back first.", ["FACT", "ADVICE"]),
        ("两个分区的 lag 都超过 10 万，建议先扩容消费者。", ["FACT", "ADVICE"]),
        ("Roll back first, then I'd check the canaries.", ["ADVICE"]),
        ("建议先扩容消费者。", ["ADVICE"]),
        ("The /v1/suggest route is at 0.66 s.", ["FACT"]),
        ("recommendation-svc returned 503.", ["FACT"]),
    ],
)
def test_a_fact_before_advice_is_a_fact(text: str, kinds: list[str]) -> None:
    assert [c.kind.name for c in split_claims(text)] == kinds


def rollout() -> EvidenceRow:
    status = "Name: inventory\nSync Status: Synced to main (4f2a9c1)\nHealth Status: Progressing\n"
    return EvidenceRow("argo-1", "argocd", Outcome.INDIRECT_SUPPORT, status, {"command": "argocd app get inventory"})


@pytest.mark.parametrize(
    "draft",
    [
        "inventory is Synced and Healthy, so I'd look at the app rather than the rollout.",
        "inventory 已经 Synced 并且 Healthy，建议看应用本身而不是发布。",
    ],
)
def test_a_fact_before_advice_is_checked(draft: str) -> None:
    checks = check_draft(draft, [rollout()])
    assert checks[0].kind in (ClaimKind.FACT, ClaimKind.CAUSAL)
    assert checks[0].status != ClaimStatus.GROUNDED


def failed_lookup() -> EvidenceRow:
    return EvidenceRow(
        "kb-fail",
        "lookup_knowledge",
        Outcome.FAILED,
        "",
        {"query": "E2047 sms template rejected"},
        error_message="vector store request failed: 503 Service Unavailable",
        error_kind=ErrorKind.EXECUTION_ERROR,
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The knowledge base lookup for E2047 found no hits.", True),
        ("知识库检索 E2047 没有命中。", True),
        ("The knowledge base lookup for E2047 failed with a 503, so it was never searched.", False),
        ("知识库检索 E2047 失败了（503），没有查到内容。", False),
    ],
)
def test_no_hits_of_a_failed_call_is_contradicted(draft: str, contradicted: bool) -> None:
    checks = [c for c in check_draft(draft, [failed_lookup()]) if c.kind == ClaimKind.GAP]
    assert checks
    assert (checks[0].status == ClaimStatus.CONTRADICTED) is contradicted


def up_series(values: dict[str, str]) -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"__name__": "up", "job": "billing-api", "pod": pod}, "value": [1797829920, v]}
                for pod, v in values.items()
            ],
        },
    }
    return EvidenceRow("prom-up", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "up"})


ONE_DOWN = {"billing-api-5c7d8-aa1bc": "0", "billing-api-5c7d8-dd2ef": "1", "billing-api-5c7d8-gg3hi": "1"}
ALL_DOWN = {"billing-api-5c7d8-aa1bc": "0", "billing-api-5c7d8-dd2ef": "0", "billing-api-5c7d8-gg3hi": "0"}


@pytest.mark.parametrize(
    ("draft", "values", "contradicted"),
    [
        ("All 3 billing-api targets are down (up=0), including billing-api-5c7d8-aa1bc.", ONE_DOWN, True),
        ("billing-api 一共 3 个 target，所有实例都抓不到（up=0），包括 billing-api-5c7d8-aa1bc。", ONE_DOWN, True),
        ("All 3 billing-api targets are down (up=0), including billing-api-5c7d8-aa1bc.", ALL_DOWN, False),
        ("billing-api 一共 3 个 target，所有实例都抓不到（up=0），包括 billing-api-5c7d8-aa1bc。", ALL_DOWN, False),
    ],
)
def test_all_including_one_ranges_over_all(draft: str, values: dict[str, str], contradicted: bool) -> None:
    checks = check_draft(draft, [up_series(values)])
    assert (ClaimStatus.CONTRADICTED in [c.status for c in checks]) is contradicted


def pool_logs() -> EvidenceRow:
    hits = [
        {
            "_source": {
                "@timestamp": f"2026-12-21T02:40:{s}Z",
                "log": {"level": lvl},
                "host": {"name": "card-auth-2"},
                "message": m,
            }
        }
        for s, lvl, m in (
            ("58.120", "WARN", "HikariPool-1 - Connection is not available: total=20, active=20, idle=0, waiting=143"),
            ("59.500", "ERROR", "Failed to authorize txn 8812: timeout"),
        )
    ]
    body = {"hits": {"total": {"value": 2, "relation": "eq"}, "hits": hits}}
    return EvidenceRow("es-pool", "query_es", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "logs-*"})


@pytest.mark.parametrize(
    "draft",
    [
        "At 02:40:58 UTC card-auth-2 reported all 20 connections active, 0 idle and 143 threads waiting.",
        "02:40:58 UTC，card-auth-2 报 20 个连接全部 active，idle 为 0，143 个线程在排队。",
    ],
)
def test_all_at_one_time_is_one_records_all(draft: str) -> None:
    assert all(c.status != ClaimStatus.CONTRADICTED for c in check_draft(draft, [pool_logs()]))


def gateway_lines() -> EvidenceRow:
    lines = (
        "ts=2026-12-24T09:14:02Z level=warn client=cl_9Zt4 path=/v3/export decision=reject limit_rps=50 retry=false\n"
        "ts=2026-12-24T09:14:03Z level=warn client=cl_9Zt4 path=/v3/export decision=reject limit_rps=50 retry=false\n"
    )
    return EvidenceRow("gw-1", "tail_logs", Outcome.DIRECT_SUPPORT, lines, {"path": "/var/log/gw/access.log"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The gateway rejected cl_9Zt4 on /v3/export twice and retried both requests.", False),
        ("网关两次拒绝了 cl_9Zt4 对 /v3/export 的请求，并且都自动重试了。", False),
        ("The gateway rejected cl_9Zt4 on /v3/export at a 50 rps limit.", True),
    ],
)
def test_an_event_a_unit_denies_did_not_happen(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [gateway_lines()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks)) is grounded


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("62.5% of sends failed over the last 5m.", None),
        ("The primary failed over to db-2 at 10:04.", "failover"),
        ("The consumer retried the batch 3 times.", "retry"),
        ("消费者把这批消息重试了 3 次。", "retry"),
        ("broker-3 went offline at 09:41.", "offline"),
        ("broker-3 在 09:41 下线，分区 leader 迁移到了 broker-1。", "offline"),
    ],
)
def test_events_are_read_as_events(text: str, event: str | None) -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts

    events = [f.key for f in extract_facts(text) if f.kind.name == "EVENT"]
    assert (events[0] if events else None) == event


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("No, the breaker didn't trip.", "FACT"),
        ("没有，熔断器没有触发。", "FACT"),
        ("Here is what I found.", "CONTEXT"),
    ],
)
def test_an_answer_is_an_assertion(text: str, kind: str) -> None:
    row = EvidenceRow("x-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"logs": [], "total": 0}), {})
    (check,) = check_draft(text, [row])
    assert check.kind.name == kind
    assert (check.status == ClaimStatus.UNCHECKABLE and check.reason.startswith("vague")) is (kind == "FACT")


def latency_logs() -> EvidenceRow:
    body = {
        "entries": [
            {"ts": "2026-12-24T08:00:0{}Z".format(i), "level": "WARN", "service": "quote-api", "latency_ms": ms}
            for i, ms in enumerate((2210, 2875, 3390))
        ]
    }
    return EvidenceRow("q-lat", "search_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "quote-api"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("quote-api's slow requests took 2.2–3.4 s.", True),
        ("quote-api 的慢请求耗时都在 2.2~3.4 秒之间。", True),
        ("quote-api's slow requests took 2.2-3.4 s.", True),
        ("quote-api's slow requests took 4.1–5.3 s.", False),
        ("quote-api 的慢请求耗时都在 1.0~1.5 秒之间。", False),
    ],
)
def test_a_range_holds_the_values_in_it(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [latency_logs()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert checks
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks)) is grounded


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("All four regions are returning 502 on /healthz.", "502"),
        ("The probe responded with 503.", "503"),
        ("The query returned 200 rows.", None),
        ("查询返回了 200 条结果。", None),
    ],
)
def test_a_status_a_call_returns_is_a_status(text: str, status: str | None) -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts

    found = [f.key for f in extract_facts(text) if f.kind.name == "HTTP_STATUS"]
    assert (found[0] if found else None) == status


def dig(status: str) -> EvidenceRow:
    out = (
        "; <<>> DiG 9.18.30 <<>> @9.9.9.9 acme-freight.example MX\n;; Got answer:\n"
        f";; ->>HEADER<<- opcode: QUERY, status: {status}, id: 40211\n;; flags: qr rd ra; QUERY: 1, ANSWER: 0\n"
    )
    return EvidenceRow("dig-1", "dig", Outcome.DIRECT_SUPPORT, out, {"command": "dig @9.9.9.9 acme-freight.example MX"})


@pytest.mark.parametrize(
    ("draft", "status", "accepted"),
    [
        ("9.9.9.9 answers SERVFAIL for the acme-freight.example MX query.", "SERVFAIL", True),
        ("9.9.9.9 对 acme-freight.example 的 MX 查询返回 SERVFAIL。", "SERVFAIL", True),
        ("9.9.9.9 answers NXDOMAIN for the acme-freight.example MX query.", "SERVFAIL", False),
        ("9.9.9.9 对 acme-freight.example 的 MX 查询返回 NXDOMAIN。", "SERVFAIL", False),
    ],
)
def test_a_dns_response_code_is_what_the_resolver_answered(draft: str, status: str, accepted: bool) -> None:
    checks = [c for c in check_draft(draft, [dig(status)]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks)) is accepted


def timed_out_range_query() -> EvidenceRow:
    return EvidenceRow(
        "prom-30d",
        "query_metrics",
        Outcome.FAILED,
        "",
        {"query": "redis_memory_used_bytes", "start": "now-30d", "step": "1h"},
        error_message='Post "http://prometheus:9090/api/v1/query_range": context deadline exceeded',
        error_kind=ErrorKind.TIMEOUT,
        duration_ms=15000,
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("I could only check the last 7 days: the 30-day range query timed out.", False),
        ("只查到了最近 7 天的数据，30 天范围的查询超时了。", False),
        ("The 30-day range query timed out after 60 s.", True),
        ("30 天范围的查询在 60 秒后超时。", True),
    ],
)
def test_a_window_asked_for_is_not_how_a_call_failed(draft: str, contradicted: bool) -> None:
    checks = [c for c in check_draft(draft, [timed_out_range_query()]) if c.kind == ClaimKind.GAP]
    assert checks
    assert (ClaimStatus.CONTRADICTED in [c.status for c in checks]) is contradicted


def jwks_logs() -> EvidenceRow:
    entries = [
        ("03:10:00", "info", "JWKS refreshed kids=[2026-12-rot]"),
        ("03:14:10", "error", "jwt verification failed kid=2026-11-rot: key not found in JWKS"),
        ("03:15:02", "error", "jwt verification failed kid=2026-11-rot: key not found in JWKS"),
    ]
    lines = "\n".join(f'2026-12-21T{t}Z level={lvl} pod=auth-7f8c9-5rlqp msg="{m}"' for t, lvl, m in entries)
    return EvidenceRow("auth-logs", "tail_logs", Outcome.DIRECT_SUPPORT, lines, {"path": "/var/log/auth.log"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("Between 03:14 and 03:16 UTC auth-7f8c9-5rlqp failed twice, each time on kid `2026-11-rot`.", False),
        ("03:14 到 03:16 UTC 之间 auth-7f8c9-5rlqp 两次校验失败，每次都是 kid `2026-11-rot`。", False),
        ("Between 03:00 and 03:16 UTC every auth-7f8c9-5rlqp entry was about kid `2026-11-rot`.", True),
        ("Between 03:14 and 03:16 UTC every auth-7f8c9-5rlqp entry was about kid `2026-11-rot`.", False),
    ],
)
def test_all_within_a_window_ranges_over_that_window(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [jwks_logs()])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def nginx_access() -> EvidenceRow:
    line = '10.66.2.14 - - [08/Aug/2026:14:03:11 +0800] "PUT /admin/api/flags HTTP/1.1" 200 512 "-" "curl/8.5.0"'
    return EvidenceRow(
        "ngx-1", "grep_access_log", Outcome.INDIRECT_SUPPORT, line, {"path": "/var/log/nginx/access.log"}
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("10.66.2.14 sent a PUT to /admin/api/flags at 06:03:11 UTC.", True),
        ("10.66.2.14 在北京时间 14:03:11 对 /admin/api/flags 发了 PUT。", True),
        ("10.66.2.14 sent a PUT to /admin/api/flags at 14:03:11 UTC.", False),
    ],
)
def test_an_nginx_time_keeps_its_offset(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [nginx_access()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks)) is grounded


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("There's no runbook for rotating the signing key.", True),
        ("知识库里没有相关预案。", True),
        ("The runbook lookup failed (503), so I could not check for a runbook.", False),
    ],
)
def test_no_runbook_of_a_failed_lookup_is_contradicted(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [failed_lookup()])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def test_an_actor_after_a_time_is_an_actor() -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts

    for text in ("The ConfigMap was applied at 11:40:55 UTC by dana.k.", "The flag was changed on Monday by dana.k."):
        assert [f.key for f in extract_facts(text) if f.kind.name == "ACTOR"] == ["dana.k"]
