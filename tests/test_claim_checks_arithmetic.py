"""Bare figures are facts, and the figures a claim computes from its own values are its arithmetic
(bare_numbers.py, arithmetic.py). Domain only, offline.

A number no pattern gives a unit or a noun ("$4,212.35", "**3,485** 条", "1.18 million rows") used to drop
out of its claim, which then grounded on its other facts: now it must be shown like any other value. A
share, a change, a difference, a sum or a restatement in another unit that the claim's own values imply is
the writer's arithmetic: its operands are checked, and a figure they do not imply stays a fact of its own.
Phrasings written for these tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.arithmetic import derived_values
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def logs(*entries: dict) -> EvidenceRow:
    payload = {"success": True, "logTopic": "app", "query": "*", "logs": list(entries), "total": len(entries)}
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(payload, indent=2), {})


def entry(service: str, message: str, level: str = "ERROR", **metrics: str) -> dict:
    return {
        "timestamp": "2026-12-20 11:10:02",
        "level": level,
        "service": service,
        "message": message,
        "metrics": metrics,
    }


BILLING = logs(
    entry("billing-api", "weekly invoice total is 31668.61 USD, previous week 27189.03 USD"),
    entry("export-svc", "export finished: 1181204 rows written in 29980 ms", level="WARN"),
    entry("ledger-db", "lock wait: pid 51907 blocked by pid 48211 on relation accounts"),
    entry("cart-api", "5xx responses in the last hour: 3485 of 23817 requests", errors="3485", requests="23817"),
    entry("pg-pool", "connections: 94 total, 64 idle, 19 active, 11 idle in transaction", level="WARN"),
    entry("heap-watch", "rss grew from 205 MiB to 547 MiB since the deploy", level="WARN"),
)


def judged(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    checks = check_draft(draft, rows or (BILLING,))
    return [c.status for c in checks if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)]


# -- a bare figure is a fact -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("billing-api's weekly invoice total is $31,668.61.", True),
        ("billing-api's weekly invoice total is $32,668.61.", False),
        ("billing-api 本周账单总额为 **31,668.61** 美元。", True),
        ("billing-api 本周账单总额为 **33,668.61** 美元。", False),
        ("cart-api answered **3,485** of its requests with a 5xx in the last hour.", True),
        ("cart-api answered **3,845** of its requests with a 5xx in the last hour.", False),
        ("cart-api: 3485 / 23817 requests failed.", True),
        ("cart-api: 3485 / 28317 requests failed.", False),
    ],
)
def test_a_bare_figure_must_be_shown(draft: str, grounded: bool) -> None:
    assert any(f.quantity is not None and f.quantity.value > 1000 for f in extract_facts(draft))
    assert (judged(draft) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("export-svc wrote about 1.18 million rows.", True),
        ("export-svc wrote about 2.4 million rows.", False),
        ("export-svc 导出了约 118 万行。", True),
        ("export-svc 导出了约 240 万行。", False),
    ],
)
def test_a_figure_with_a_scale_word_is_read_at_its_scale(draft: str, grounded: bool) -> None:
    assert (judged(draft) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    "text",
    [
        "The export ran on 22 Dec and again on Dec 23rd.",
        "导出任务在 12 月 20 日和 21 日各跑了一次。",
        "The node's describe call on 3-17 timed out.",
        "The handshake used TLS 1.3 over HTTP/2.",
    ],
)
def test_dates_and_protocol_versions_are_not_bare_figures(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.bare]


def test_a_numbered_partition_stays_a_name_not_a_date() -> None:
    kinds = {f.kind for f in extract_facts("5 号分区由 consumer-2 消费。")}
    assert FactKind.ID in kinds


# -- the writer's arithmetic ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        # a share of two stated values
        ("3 of the 42 scrape targets are down (~7%).", "7%"),
        ("42 个抓取目标里有 3 个 down，约 7%。", "7%"),
        ("3 of the 42 scrape targets are down (~20%).", None),
        # a change in percent
        ("The invoice total went from $27,189.03 to $31,668.61 (+16.5%).", "16.5%"),
        ("账单从 $27,189.03 涨到 $31,668.61，涨了约 16.5%。", "16.5%"),
        ("The invoice total went from $27,189.03 to $31,668.61 (+21%).", None),
        # a difference
        ("rss went from 205 MiB to 547 MiB (+342 MiB).", "342 MiB"),
        ("rss 从 205 MiB 涨到 547 MiB，多了 342 MiB。", "342 MiB"),
        ("rss went from 205 MiB to 547 MiB (+442 MiB).", None),
        # the same value again in another unit
        ("Errors run at about 0.42 per second, roughly 25 a minute.", "25 a minute"),
        ("The drain took 600 s, that is 10 minutes.", "10 minutes"),
        ("Errors run at about 0.42 per second, roughly 60 a minute.", None),
        # a multiple stated as a bound holds as a bound
        ("api-a's p95 is 930 ms, more than 5× api-b's 160 ms.", "5×"),
        ("api-a 的 p95 是 930 ms，是 api-b（160 ms）的 5 倍以上。", "5 倍"),
        ("api-a's p95 is 930 ms, more than 8× api-b's 160 ms.", None),
        ("api-a 的 p95 是 930 ms，是 api-b（160 ms）的 8 倍以上。", None),
        ("Its store (31.0 GB) is well short of 2× its 20.4 GB primary size.", "2×"),
        ("总存储 31.0 GB，主分片 20.4 GB，不到 2 倍。", "2 倍"),
        ("Its store (31.0 GB) is well short of 1.2× its 20.4 GB primary size.", None),
        ("总存储 31.0 GB，主分片 20.4 GB，不到 1.2 倍。", None),
        # a share of all the requests whose parts the claim states
        ("429: 18.2 req/s vs 200: 71.4 req/s, so ~20% of gateway requests are throttled.", "20%"),
        ("429 为 18.2 req/s，200 为 71.4 req/s，请求中约 20% 被限流。", "20%"),
        ("429: 18.2 req/s vs 200: 71.4 req/s, so ~35% of gateway requests are throttled.", None),
        ("429 为 18.2 req/s，200 为 71.4 req/s，请求中约 35% 被限流。", None),
        # a bare figure joined by "vs" to a valued one is in its unit
        ("Writes peaked at ~6.4x the baseline (7,702.4 vs 1,203.1 writes/s).", "6.4x"),
        ("写入峰值约为基线的 6.4 倍（7,702.4 对比 1,203.1 writes/s）。", "6.4 倍"),
        ("Writes peaked at ~5.4x the baseline (7,702.4 vs 1,203.1 writes/s).", None),
        ("写入峰值约为基线的 7.4 倍（7,702.4 对比 1,203.1 writes/s）。", None),
    ],
)
def test_a_figure_the_claims_own_values_imply_is_derived(text: str, derived: str | None) -> None:
    facts = extract_facts(text)
    found = [facts[i].text for i in derived_values(text, facts)]
    assert found == ([derived] if derived else [])


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("pg-pool holds 94 connections (64 idle, 19 active, 11 idle in transaction).", True),
        ("pg-pool 共 74 个连接：64 个空闲、9 个活跃、1 个事务中空闲。", True),
        ("pg-pool holds 84 connections (64 idle, 19 active, 11 idle in transaction).", False),
    ],
)
def test_a_total_its_parts_add_up_to_is_derived(text: str, derived: bool) -> None:
    facts = extract_facts(text)
    totals = [facts[i].text for i in derived_values(text, facts)]
    assert bool(totals) is derived


def test_a_number_repeated_in_a_table_row_adds_up_to_nothing() -> None:
    # "| 7 | 12870 |" read twice (as text and as cells) is one value, not a total of 7 and itself
    from evidence_trace.server.domain.verifier.evidence_index import cell_numbers

    text = "| 7 | 12870 |"
    facts = extract_facts(text) + cell_numbers(text)
    assert derived_values(text, facts) == set()


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("cart-api answered 3,485 of 23,817 requests with a 5xx in the last hour (~14.6%).", True),
        ("cart-api 最近一小时 23,817 个请求里有 3,485 个 5xx，约 14.6%。", True),
        ("cart-api answered 3,485 of 23,817 requests with a 5xx in the last hour (~24.6%).", False),
        ("cart-api 最近一小时 23,817 个请求里有 3,485 个 5xx，约 24.6%。", False),
    ],
)
def test_a_derived_share_grounds_only_with_its_operands(draft: str, grounded: bool) -> None:
    assert (judged(draft) == [ClaimStatus.GROUNDED]) is grounded


# -- advice and subjects ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "draft", ["You could raise the pool from 74 to 120 connections.", "可以把连接池从 74 调到 120。"]
)
def test_the_value_advice_proposes_is_not_a_fact(draft: str) -> None:
    checks = check_draft(draft, [BILLING])
    assert checks[0].kind == ClaimKind.ADVICE
    assert all("120" not in fact for c in checks for fact in c.facts if c.kind == ClaimKind.FACT)


def test_a_clause_keeps_the_subject_of_its_own_sentence_only() -> None:
    rows = [
        logs(
            entry("export-svc", "export-7 evicted: node low on ephemeral-storage, using 39141296Ki"),
            entry("image-gc", "failed to free 16106127360 bytes, only found 2147483648 bytes", level="WARN"),
        )
    ]
    draft = "- export-svc 因 ephemeral-storage 不足被驱逐。\n- 镜像回收需要释放 16106127360 字节，只找到 2147483648 字节可回收。"
    assert ClaimStatus.CONTRADICTED not in judged(draft, *rows)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("order-center expired 14 records for orders-3 after 120,000 ms.", True),
        ("order-center 的 orders-3 有 14 条记录在 120000 ms 后过期。", True),
        ("order-center expired 14 records for orders-3 after 90,000 ms.", False),
    ],
)
def test_a_number_after_a_partition_colon_is_not_a_time_of_day(draft: str, grounded: bool) -> None:
    # "orders-3:120000 ms" once read as the time 3:12 and "0000 ms", a rival 0 ms that contradicted it
    row = logs(entry("order-center", "Expiring 14 record(s) for orders-3:120000 ms has passed since batch creation"))
    statuses = judged(draft, row)
    assert (statuses == [ClaimStatus.GROUNDED]) is grounded
    assert ClaimStatus.CONTRADICTED not in statuses or not grounded


def kubectl_top() -> EvidenceRow:
    table = (
        "NAME        CPU(cores)   MEMORY(bytes)\nes-data-0   1873m        14872Mi\nes-data-2   946m         9120Mi\n"
    )
    return EvidenceRow("top", "kubectl", Outcome.INDIRECT_SUPPORT, table, {"command": "kubectl top pods -n logging"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("es-data-0 is using 1.87 cores.", True),
        ("es-data-0 的 CPU 约 1.87 核。", True),
        ("es-data-0 is using 2.87 cores.", False),
        ("es-data-2 的 CPU 约 1.95 核。", False),
    ],
)
def test_cores_are_read_against_kubectl_millicores(draft: str, grounded: bool) -> None:
    assert (judged(draft, kubectl_top()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("cart-api's incident lost the carts of about 32,000 users.", True),
        ("cart-api 这次事故影响了约 3.2 万用户的购物车。", True),
        ("cart-api's incident lost the carts of about 52,000 users.", False),
        ("cart-api 这次事故影响了约 4.2 万用户的购物车。", False),
    ],
)
def test_evidence_figures_with_a_scale_are_read_at_their_scale(draft: str, grounded: bool) -> None:
    row = logs(entry("cart-api", "影响：约 3.2 万用户购物车商品丢失，错误率峰值 0.8%"))
    assert (judged(draft, row) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("The disk has 485 GiB free; 485 GiB ÷ 22.7 GiB/h ≈ 21.4 h.", "21.4 h"),
        ("剩余 485 GiB，485 GiB ÷ 22.7 GiB/h ≈ 21.4 小时。", "21.4 小时"),
        ("The disk has 485 GiB free; 485 GiB ÷ 22.7 GiB/h ≈ 31.4 h.", None),
        ("堆上限 ≈ 3Gi × 85% ≈ 2.55 GiB。", "2.55 GiB"),
        ("堆上限 ≈ 3Gi × 85% ≈ 2.9 GiB。", None),
        ("The pods hold 113 connections in use (5 × 20 + 13).", "113 connections"),
        ("连接数合计 1,997（1,842 + 155）。", "1,997"),
        ("连接数合计 1,897（1,842 + 155）。", None),
    ],
)
def test_a_figure_worked_out_in_the_open_is_derived(text: str, derived: str | None) -> None:
    facts = extract_facts(text)
    found = [facts[i].text for i in derived_values(text, facts)]
    assert found == ([derived] if derived else [])


def test_a_number_then_plus_another_is_a_sum_not_at_least() -> None:
    # "1,842 + 155" adds; "10k+" is at least ten thousand
    facts = {f.text: f for f in extract_facts("合计 1,997（1,842 + 155）")}
    assert facts["1,842"].quantity is not None and facts["1,842"].quantity.comparison.value == "="


@pytest.mark.parametrize("header", ["| status | count | share |", "| 状态码 | 条数 | 占比 |"])
def test_a_share_of_the_tables_column_total_is_derived(header: str) -> None:
    table = header + "\n|---|---|---|\n| 502 | 7,021 | 83.5% |\n| 504 | 1,288 | 15.3% |\n| 500 | 103 | 1.2% |\n"
    wrong = table.replace("83.5%", "73.5%")
    from evidence_trace.server.domain.verifier.claims import split_claims
    from evidence_trace.server.domain.verifier.evidence_index import cell_numbers
    from evidence_trace.server.domain.verifier.table_rows import with_column_totals

    for draft, derived in ((table, True), (wrong, False)):
        row = next(c for c in with_column_totals(split_claims(draft)) if c.text.startswith("502"))
        facts = extract_facts(row.text) + cell_numbers(row.text)
        shares = [facts[i].text for i in derived_values(row.text, facts, row.totals)]
        assert ("83.5%" in shares or "73.5%" in shares) is derived


@pytest.mark.parametrize(("text", "count"), [("run 8813 was still going", False), ("23 long pauses followed", True)])
def test_a_figure_before_a_verb_counts_nothing(text: str, count: bool) -> None:
    assert any(f.kind.name == "COUNT" for f in extract_facts(text)) is count


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("The canary's measurement was 0.934, i.e. a success ratio of about 93.4%.", "93.4%"),
        ("那次测量值是 0.934，也就是成功比例约 93.4%。", "93.4%"),
        ("命中率约 82.5%（hits 8,250,000 / misses 1,750,000）。", "82.5%"),
        ("Hit rate is about 82.5% (hits 8,250,000 / misses 1,750,000).", "82.5%"),
        ("The canary's measurement was 0.934, i.e. a success ratio of about 73.4%.", None),
        ("命中率约 72.5%（hits 8,250,000 / misses 1,750,000）。", None),
        # a bound or a threshold is never the value said again
        ("超过 0.85 阈值的只有 cache-2，当前内存使用率为 85%。", None),
        ("Only cache-2 is above the 0.85 threshold, at 85% memory.", None),
    ],
)
def test_a_fraction_in_percent_and_a_rate_of_two_parts(text: str, derived: str | None) -> None:
    facts = extract_facts(text)
    found = [facts[i].text for i in derived_values(text, facts)]
    assert (derived in found) if derived else not [f for f in found if f.endswith("%")], found


@pytest.mark.parametrize(
    ("text", "total", "shares"),
    [
        (
            "The pool holds 94 connections: 64 idle (68.1%), 19 active (20.2%) and 11 idle in transaction (11.7%).",
            True,
            3,
        ),
        ("连接池共 94 个连接：64 个空闲（68.1%），19 个活跃（20.2%），11 个事务中空闲（11.7%）。", True, 3),
        # a wrong share beside a right part is not the part's share of the total
        (
            "The pool holds 94 connections: 64 idle (58.1%), 19 active (20.2%) and 11 idle in transaction (11.7%).",
            True,
            2,
        ),
        # parts that do not add up: the total is a fact of its own, and a share of it is no arithmetic
        (
            "The pool holds 96 connections: 64 idle (68.1%), 19 active (20.2%) and 11 idle in transaction (11.7%).",
            False,
            0,
        ),
    ],
)
def test_a_total_its_parts_add_up_to_keeps_each_parts_share_beside_it(text: str, total: bool, shares: int) -> None:
    # the share after each part does not end the run of parts, and the total the parts fix is the operand
    # of each share
    facts = extract_facts(text)
    found = [facts[i] for i in derived_values(text, facts)]
    assert any(f.text.startswith(("94", "96")) for f in found) is total
    assert len([f for f in found if f.text.endswith("%")]) == shares


SCRAPE = logs(entry("scrape-watch", "targets down: 3 of 42 (10.30.4.11, 10.30.4.12, 10.30.4.15)", level="WARN"))


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("3 of the 42 scrape targets are down (~7%): 10.30.4.11, 10.30.4.12 and 10.30.4.15.", True),
        ("42 个抓取目标里有 3 个 down（约 7%）：10.30.4.11、10.30.4.12 和 10.30.4.15。", True),
        ("3 of the 42 scrape targets are down (~17%): 10.30.4.11, 10.30.4.12 and 10.30.4.15.", False),
        ("42 个抓取目标里有 3 个 down（约 17%）：10.30.4.11、10.30.4.12 和 10.30.4.15。", False),
    ],
)
def test_a_count_of_the_names_listed_after_it_is_still_an_operand(draft: str, grounded: bool) -> None:
    # "3 ...: A, B and C": the 3 is checked as the number of names, and the share is worked out with it
    assert (judged(draft, SCRAPE) == [ClaimStatus.GROUNDED]) is grounded


TOP = EvidenceRow(
    "ktop-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                           CPU(cores)   MEMORY(bytes)\n"
    "resizer-7d9c8b6f5-4kq2m        1962m        801Mi\n"
    "resizer-7d9c8b6f5-h8w3z        231m         655Mi\n",
    {"command": "kubectl top pods -n media"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # "231m" written after a CPU figure is millicores, as kubectl top prints it, or minutes
        ("resizer-7d9c8b6f5-h8w3z is nearly idle at 231m CPU.", True),
        ("resizer-7d9c8b6f5-h8w3z 的 CPU 只有 231m。", True),
        ("resizer-7d9c8b6f5-h8w3z is nearly idle at 331m CPU.", False),
        ("resizer-7d9c8b6f5-h8w3z 的 CPU 只有 331m。", False),
    ],
)
def test_a_figure_glued_to_m_may_be_millicores(draft: str, grounded: bool) -> None:
    assert (judged(draft, TOP) == [ClaimStatus.GROUNDED]) is grounded


CURL_W = EvidenceRow(
    "curl-1",
    "http_check",
    Outcome.DIRECT_SUPPORT,
    "dns=0.003912 connect=0.027104 tls=0.118733 ttfb=1.874221 total=1.879030 code=200\n",
    {"cmd": "curl -s -o /dev/null -w 'dns=%{time_namelookup} connect=%{time_connect} ...' https://shop.example.com/"},
)
CURL_JSON = EvidenceRow(
    "curl-2",
    "synthetic_check",
    Outcome.DIRECT_SUPPORT,
    json.dumps({"location": "hkg1", "time_namelookup": 0.011, "time_connect": 0.142, "time_appconnect": 0.297}),
    {},
)


@pytest.mark.parametrize(
    ("draft", "row", "grounded"),
    [
        # curl -w's timings are seconds, under its own names or short ones written to the millisecond
        ("DNS took 4 ms and the first byte came at about 1.87 s.", CURL_W, True),
        ("DNS 4 ms，首字节在约 1.87 秒时返回。", CURL_W, True),
        ("DNS took 40 ms and the first byte came at about 1.87 s.", CURL_W, False),
        ("DNS 40 ms，首字节在约 1.87 秒时返回。", CURL_W, False),
        # a measure named before its figure is that key's value: TCP connect is 142 ms, not TLS's 297 ms
        ("From hkg1 the TCP connect alone takes 142 ms.", CURL_JSON, True),
        ("hkg1 的 TCP connect 就已经 142 ms 了。", CURL_JSON, True),
        ("From hkg1 the TCP connect alone takes 297 ms.", CURL_JSON, False),
        ("hkg1 的 TCP connect 就已经 297 ms 了。", CURL_JSON, False),
    ],
)
def test_curl_timings_are_seconds_under_their_names(draft: str, row: EvidenceRow, grounded: bool) -> None:
    assert (judged(draft, row) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        # a share of a budget, of two percentages the claim stated before it
        ("The 5xx ratio is 0.031% against the 0.05% allowed, so about 62% of the error budget is used.", "62%"),
        ("5xx 比例 0.031%，允许 0.05%，错误预算已用掉约 62%。", "62%"),
        ("The 5xx ratio is 0.031% against the 0.05% allowed, so about 82% of the error budget is used.", None),
        ("5xx 比例 0.031%，允许 0.05%，错误预算已用掉约 82%。", None),
        # a multiple of two percentages
        ("The miss rate went from ~0.4% to ~12%, about 30× the baseline.", "30×"),
        ("miss 率从约 0.4% 升到约 12%，是基线的约 30 倍。", "30 倍"),
        ("The miss rate went from ~0.4% to ~12%, about 60× the baseline.", None),
        ("miss 率从约 0.4% 升到约 12%，是基线的约 60 倍。", None),
    ],
)
def test_shares_of_a_budget_and_multiples_of_percentages(text: str, derived: str | None) -> None:
    facts = extract_facts(text)
    found = [
        facts[i].text
        for i in derived_values(text, facts)
        if facts[i].text in ("62%", "82%", "30×", "60×", "30 倍", "60 倍")
    ]
    assert found == ([derived] if derived else [])


CACHED = EvidenceRow(
    "curl-3",
    "http_check",
    Outcome.DIRECT_SUPPORT,
    json.dumps({"status": 200, "headers": {"cache-control": "public, max-age=600", "age": "52", "x-cache": "HIT"}}),
    {"url": "https://static.example.com/app.js"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # HTTP's Age and max-age are seconds
        ("The response came from the CDN cache (x-cache HIT, age 52 s).", True),
        ("响应命中了 CDN 缓存（x-cache: HIT，age 52 秒）。", True),
        ("The response came from the CDN cache (x-cache HIT, age 25 s).", False),
        ("响应命中了 CDN 缓存（x-cache: HIT，age 25 秒）。", False),
    ],
)
def test_an_http_age_is_seconds(draft: str, grounded: bool) -> None:
    assert (judged(draft, CACHED) == [ClaimStatus.GROUNDED]) is grounded


SIZES = (
    "     relation     | total  | table  | indexes\n"
    "------------------+--------+--------+---------\n"
    " public.sessions  | 140 GB | 105 GB | 35 GB\n"
    "(1 row)\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        (
            "public.sessions takes 140 GB: 105 GB of table data and 35 GB of indexes, so indexes are about 25% of the total.",
            True,
        ),
        ("public.sessions 共 140 GB，其中表数据 105 GB、索引 35 GB，索引约占总大小的 25%。", True),
        # 35 of 105 (a third) is a share of the other part, not of the total
        (
            "public.sessions takes 140 GB: 105 GB of table data and 35 GB of indexes, so indexes are about 33% of the total.",
            False,
        ),
        ("public.sessions 共 140 GB，其中表数据 105 GB、索引 35 GB，索引约占总大小的 33%。", False),
    ],
)
def test_a_share_of_the_total_is_of_the_total_never_of_another_part(draft: str, grounded: bool) -> None:
    row = EvidenceRow("sql-1", "run_sql", Outcome.DIRECT_SUPPORT, SIZES, {"sql": "select relation, total, ..."})
    assert (judged(draft, row) == [ClaimStatus.GROUNDED]) is grounded
