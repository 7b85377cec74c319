"""A duration a claim derives from times it states (intervals.py). Domain only, offline.

"02:58:40 to 03:01:12 (about two and a half minutes)" and "at 08:30:09, about 3 s
later" state a gap the times imply: it holds when it equals the gap between
them at its precision, and then the times are what is checked. A gap the times
do not give stays a fact of its own. Phrasings written for these tests, both
ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.intervals import derived_durations
from evidence_trace.server.domain.verifier.zones import EvidenceZones


def alerts() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "alerts": [
                {"labels": {"alertname": "DiskAlmostFull"}, "state": "firing", "activeAt": "2026-12-21T02:41:00Z"},
                {"labels": {"alertname": "ReplicaLagHigh"}, "state": "firing", "activeAt": "2026-12-21T02:58:00Z"},
            ]
        },
    }
    return EvidenceRow("prom-alerts", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("The run lasted from 02:58:40 to 03:01:12 UTC, about 2.5 minutes.", True),
        ("该次运行从 UTC 02:58:40 持续到 03:01:12，约 2.5 分钟。", True),
        ("The run lasted from 02:58:40 to 03:01:12 UTC, about 6 minutes.", False),
        ("该次运行从 UTC 02:58:40 持续到 03:01:12，约 6 分钟。", False),
        ("The job took 40 minutes at 02:58.", False),  # one time: no gap to derive from
    ],
)
def test_a_gap_the_stated_times_imply_is_derived(text: str, derived: bool) -> None:
    facts = extract_facts(text)
    assert bool(derived_durations(text, facts)) is derived


def test_a_later_gap_takes_the_time_the_claim_before_stated() -> None:
    before = [f for f in extract_facts("sched-1 lost the lease at 08:30:06.") if f.kind.name == "TIME"]
    text = "sched-2 took it over at 08:30:09, about 3 s later."
    assert derived_durations(text, extract_facts(text), before)
    wrong = "sched-2 took it over at 08:30:09, about 30 s later."
    assert not derived_durations(wrong, extract_facts(wrong), before)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The disk alert fired about 17 minutes before the lag alert (02:41 vs 02:58 UTC).", True),
        ("磁盘告警比延迟告警早了约 17 分钟（UTC 02:41 对比 02:58）。", True),
        ("The disk alert fired about 17 minutes before the lag alert (02:31 vs 02:48 UTC).", False),  # no such times
        ("磁盘告警比延迟告警早了约 17 分钟（UTC 02:31 对比 02:48）。", False),
    ],
)
def test_a_claim_of_times_and_their_gap_rests_on_the_times(draft: str, grounded: bool) -> None:
    (check,) = [c for c in check_draft(draft, [alerts()]) if c.kind == ClaimKind.FACT]
    assert (check.status == ClaimStatus.GROUNDED) is grounded


def pool_logs() -> EvidenceRow:
    body = {
        "success": True,
        "logTopic": "orders",
        "logs": [
            {
                "timestamp": f"2026-12-21 11:1{i}:02",
                "level": "ERROR",
                "service": "orders",
                "instance": ip,
                "message": "HikariPool-1 - Connection is not available, request timed out after 30000ms",
            }
            for i, ip in enumerate(("10.8.3.21", "10.8.3.22"))
        ],
        "total": 2,
    }
    return EvidenceRow("logs-pool", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"logTopic": "orders"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Two orders instances (10.8.3.21 and 10.8.3.22) ran out of Hikari connections.", True),
        ("两个 orders 实例（10.8.3.21、10.8.3.22）的 Hikari 连接池耗尽。", True),
        ("Three orders instances (10.8.3.21 and 10.8.3.22) ran out of Hikari connections.", False),  # two names
        ("两个 orders 实例（10.8.3.21、10.8.3.29）的 Hikari 连接池耗尽。", False),  # a name nothing shows
    ],
)
def test_a_count_of_the_names_it_lists_is_their_number(draft: str, grounded: bool) -> None:
    (check,) = [c for c in check_draft(draft, [pool_logs()]) if c.kind == ClaimKind.FACT]
    assert (check.status == ClaimStatus.GROUNDED) is grounded


def breaker_logs() -> EvidenceRow:
    body = {
        "took": 8,
        "hits": {
            "total": {"value": 2, "relation": "eq"},
            "hits": [
                {
                    "_id": "a1",
                    "_source": {
                        "@timestamp": "2026-12-21T02:41:22.104Z",
                        "log": {"level": "WARN"},
                        "service": {"name": "card-api"},
                        "message": "circuit breaker for bank-eu went OPEN",
                    },
                },
                {
                    "_id": "a2",
                    "_source": {
                        "@timestamp": "2026-12-21T02:41:30.410Z",
                        "log": {"level": "ERROR"},
                        "service": {"name": "card-api"},
                        "message": "authorisation failed: BankUnavailable (code=BNK-503)",
                    },
                },
            ],
        },
    }
    return EvidenceRow("es-br", "query_es", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "logs-card-*"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the gap ends at the event the claim names, in a unit of its own
        (
            "At 02:41:22 UTC the breaker for bank-eu went OPEN, and 8 seconds later authorisation failed with "
            "BankUnavailable (code=BNK-503).",
            True,
        ),
        ("UTC 02:41:22 bank-eu 的熔断器打开，8 秒后授权因 BankUnavailable (code=BNK-503) 失败。", True),
        (
            "At 02:41:22 UTC the breaker for bank-eu went OPEN, and 40 seconds later authorisation failed with "
            "BankUnavailable (code=BNK-503).",
            False,
        ),
        ("UTC 02:41:22 bank-eu 的熔断器打开，40 秒后授权因 BankUnavailable (code=BNK-503) 失败。", False),
    ],
)
def test_a_gap_of_seconds_may_end_at_the_named_event(draft: str, grounded: bool) -> None:
    (check,) = [c for c in check_draft(draft, [breaker_logs()]) if c.kind == ClaimKind.FACT]
    assert (check.status == ClaimStatus.GROUNDED) is grounded


def lag_rows() -> EvidenceRow:
    preview = (
        "GROUP          TOPIC          PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\n"
        "fulfil-svc     orders.placed  1          1000            124644          123644\n"
        "fulfil-svc     orders.placed  2          5000            5012            12\n"
        "fulfil-svc     orders.placed  4          2000            121020          119020\n"
    )
    return EvidenceRow("kcg-1", "run_command", Outcome.INDIRECT_SUPPORT, preview, {"cmd": "kafka-consumer-groups"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The lag of fulfil-svc sits on two partitions: partition 1 (123,644) and partition 4 (119,020).", False),
        # (Chinese joins with 和 are not split into parts: a claim "分区 1 和分区 4 …" needs one unit with both)
        ("fulfil-svc 的积压集中在三个分区：分区 1、分区 4。", True),
        ("The lag of fulfil-svc sits on three partitions: partition 1 (123,644) and partition 4 (119,020).", True),
    ],
)
def test_a_count_of_the_ids_a_claim_lists_is_their_number(draft: str, contradicted: bool) -> None:
    checks = [c for c in check_draft(draft, [lag_rows()]) if c.kind == ClaimKind.FACT]
    assert (checks[0].status != ClaimStatus.GROUNDED) is contradicted


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("Ingress traffic is ~2,300 req/s against ~950 req/s yesterday, about 2.4x.", "2.4x"),
        ("入口流量约 2,300 req/s，昨天同时段约 950 req/s，大约是 2.4 倍。", "2.4 倍"),
        ("Ingress traffic is ~2,300 req/s against ~950 req/s yesterday, about 3.5x.", None),
        ("The heap is at 6.3 GiB of 8 GiB, about 79%.", "79%"),
        ("堆内存用了 6.3 GiB，上限 8 GiB，约 79%。", "79%"),
        ("The heap is at 6.3 GiB of 8 GiB, about 95%.", None),
        # a bound holds as a bound: 46.0 / 27.6 = 1.67
        ("The new index (46.0 GB) is well short of 2x the old one's 27.6 GB.", "2x"),
        ("The new index (46.0 GB) is well short of 1.5x the old one's 27.6 GB.", None),
    ],
)
def test_a_ratio_the_stated_values_imply_is_derived(text: str, derived: str | None) -> None:
    from evidence_trace.server.domain.verifier.arithmetic import derived_values

    facts = extract_facts(text)
    found = [facts[i].text for i in derived_values(text, facts)]
    assert found == ([derived] if derived else [])


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("That run started at 13:55:31 and ended at 13:57:48 UTC, so the container survived about 2m17s.", True),
        ("这次运行 13:55:31 开始，13:57:48 结束，容器只撑了约 2 分 17 秒。", True),
        ("That run started at 13:55:31 and ended at 13:57:48 UTC, so the container survived about 4m.", False),
        ("这次运行 13:55:31 开始，13:57:48 结束，容器只撑了约 4 分钟。", False),
        # a hedge before the verb ("大约跑了", "大概撑了") makes the figure an estimate, still of the gap
        ("v2.8.0 在线上大约跑了 45 分钟（09:05 上线，09:52 回滚）。", True),
        ("这次运行 13:55:31 开始，13:57:48 结束，大概撑了 2 分钟。", True),
        ("v2.8.0 在线上大约跑了 30 分钟（09:05 上线，09:52 回滚）。", False),
        ("v2.8.0 went live at 09:05 and was rolled back at 09:52, so it ran for about 30 minutes.", False),
        ("v2.8.0 went live at 09:05 and was rolled back at 09:52, so it ran for about 45 minutes.", True),
        # a window stated as such is checked as the window it is, never derived from its ends
        ("broker-2 was under-replicated for the whole 15 minutes, from 10:00 to 10:15 UTC.", False),
        ("整个 15 分钟（10:00 到 10:15）broker-2 都处于副本不足状态。", False),
    ],
)
def test_the_gap_between_a_claims_two_times_needs_no_word_for_it(text: str, derived: bool) -> None:
    assert bool(derived_durations(text, extract_facts(text))) is derived


def batch_logs() -> EvidenceRow:
    entries = [
        {
            "timestamp": "2026-12-20 00:00:03",
            "level": "INFO",
            "service": "recon-batch",
            "message": "Job execution 5521 started",
        },
        {
            "timestamp": "2026-12-20 01:17:42",
            "level": "ERROR",
            "service": "recon-batch",
            "message": "Job execution 5521 failed: deadlock detected",
        },
    ]
    body = {"success": True, "logs": entries, "total": 2}
    return EvidenceRow("logs-b", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "recon-batch"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Execution 5521 started at 00:00:03. It failed at 01:17:42 with a deadlock. So 5521 ran for 1h17m39s.", True),
        ("执行 5521 在 00:00:03 开始。01:17:42 因死锁失败。也就是说 5521 跑了 1 小时 17 分 39 秒。", True),
        ("Execution 5521 started at 00:00:03. It failed at 01:17:42 with a deadlock. So 5521 ran for 1h12m39s.", False),
        ("执行 5521 在 00:00:03 开始。01:17:42 因死锁失败。也就是说 5521 跑了 1 小时 12 分 39 秒。", False),
    ],
)
def test_a_gap_to_the_second_between_times_stated_before_is_derived(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [batch_logs()]) if c.kind == ClaimKind.FACT]
    assert (checks[-1].status == ClaimStatus.GROUNDED) is grounded, [(c.status, c.reason) for c in checks]


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        # times to the millisecond give a gap to a fraction of a second
        ("The trace runs from 08:14:02.113 to 08:14:03.947 UTC, a span of about 1.8 s.", True),
        ("该 trace 从 08:14:02.113 到 08:14:03.947（UTC），跨度约 1.8 秒。", True),
        ("The trace runs from 08:14:02.113 to 08:14:03.947 UTC, a span of about 2.8 s.", False),
        ("该 trace 从 08:14:02.113 到 08:14:03.947（UTC），跨度约 2.8 秒。", False),
    ],
)
def test_a_gap_between_times_to_the_millisecond_keeps_its_fraction(text: str, derived: bool) -> None:
    facts = extract_facts(text)
    assert bool(derived_durations(text, facts)) is derived


@pytest.mark.parametrize(
    ("first", "then", "derived"),
    [
        # one zone named once: both times are read as written
        ("网关 10.0.7.9 在 10:31:52（北京时间）记了一条 WARN", "6 秒后 10:31:58 又记了一条 ERROR", True),
        ("gw-3 logged a WARN at 10:31:52 (Beijing time)", "6 s later, at 10:31:58, it logged an ERROR", True),
        ("网关 10.0.7.9 在 10:31:52（北京时间）记了一条 WARN", "16 秒后 10:31:58 又记了一条 ERROR", False),
        ("gw-3 logged a WARN at 10:31:52 (Beijing time)", "16 s later, at 10:31:58, it logged an ERROR", False),
    ],
)
def test_a_later_gap_reads_both_times_as_written_when_one_names_no_zone(first: str, then: str, derived: bool) -> None:
    before = [f for f in extract_facts(first) if f.kind.name == "TIME"]
    assert bool(derived_durations(then, extract_facts(then), before)) is derived


def test_a_later_gap_takes_a_grounded_time_though_a_clause_without_times_came_between() -> None:
    row = EvidenceRow(
        "gw-logs",
        "query_logs",
        Outcome.DIRECT_SUPPORT,
        json.dumps(
            {
                "success": True,
                "logs": [
                    {
                        "timestamp": "2026-12-21T02:31:52Z",
                        "level": "WARN",
                        "service": "gw-3",
                        "message": "quota 200 rps exceeded: 347 rps",
                    },
                    {
                        "timestamp": "2026-12-21T02:31:58Z",
                        "level": "ERROR",
                        "service": "gw-3",
                        "message": "client blocked for 60 s",
                    },
                ],
                "total": 2,
            }
        ),
        {},
    )
    for gap, grounded in (("6 s", True), ("16 s", False)):
        draft = f"gw-3 logged a WARN at 02:31:52 UTC: quota 200 rps exceeded; it saw 347 rps. {gap} later, at 02:31:58 UTC, the client was blocked for 60 s."
        checks = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
        assert (checks[-1].status == ClaimStatus.GROUNDED) is grounded, checks[-1]


@pytest.mark.parametrize(
    ("text", "enumerated"),
    [
        # plain words a Chinese list joins with "、" are as many as the count after them
        ("gz、sh、bj 三个机房的错误率都是 0.1%。", True),
        ("gz、sh 和 bj 三个机房的错误率都是 0.1%。", True),
        ("gz、sh 三个机房的错误率都是 0.1%。", False),
        ("gz、sh 和 bj 两个机房的错误率都是 0.1%。", False),
    ],
)
def test_a_count_after_plain_words_listed_with_enumeration_commas_is_their_number(text: str, enumerated: bool) -> None:
    from evidence_trace.server.domain.verifier.intervals import enumerated_counts

    facts = extract_facts(text)
    assert bool(enumerated_counts(text, facts)) is enumerated


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        # "耗时" (it took) speaks of the gap between the claim's times (a time restated in another zone too)
        ("部署 06:20:11 UTC（北京时间 14:20:11）发起，06:24:53 变为 success，耗时约 4 分 42 秒。", True),
        ("部署 06:20:11 UTC（北京时间 14:20:11）发起，06:24:53 变为 success，耗时约 6 分 42 秒。", False),
        ("The deploy started at 06:20:11 UTC and succeeded at 06:24:53; it took about 4 min 42 s.", True),
        ("The deploy started at 06:20:11 UTC and succeeded at 06:24:53; it took about 6 min 42 s.", False),
    ],
)
def test_a_span_said_to_have_taken_is_the_gap_of_its_times(text: str, derived: bool) -> None:
    facts = extract_facts(text)
    assert bool(derived_durations(text, facts)) is derived


def deadlocks() -> EvidenceRow:
    body = {
        "success": True,
        "logs": [
            {
                "timestamp": "2026-11-05 02:14:33.481",
                "level": "WARN",
                "service": "stock-api",
                "message": "slow query 12873ms",
            },
            {
                "timestamp": "2026-11-05 02:15:26.002",
                "level": "ERROR",
                "service": "stock-api",
                "message": "Deadlock found",
            },
        ],
        "total": 2,
    }
    return EvidenceRow("logs-dl", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


SHANGHAI = EvidenceZones.parse(("query_logs=Asia/Shanghai",))


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # a claim of a time to the second states it: naive Asia/Shanghai 02:14:33 is 18:14:33 UTC
        ("The burst started at 18:14:33 UTC on 4 Nov.", ClaimStatus.GROUNDED),
        ("这波问题从 UTC 11 月 4 日 18:14:33 开始。", ClaimStatus.GROUNDED),
        ("The burst started at 02:14:33 UTC on 5 Nov.", ClaimStatus.UNGROUNDED),
        ("这波问题从 UTC 11 月 5 日 02:14:33 开始。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_claim_of_a_time_to_the_second_states_it(draft: str, status: ClaimStatus) -> None:
    (check,) = check_draft(draft, [deadlocks()], SHANGHAI)
    assert check.status == status


@pytest.mark.parametrize(
    "draft",
    [
        "The slow query took 12873ms, a minute before the first ERROR.",
        "慢查询耗时 12873ms，比最早的 ERROR 早了将近一分钟。",
    ],
)
def test_the_level_of_the_record_compared_with_is_that_records(draft: str) -> None:
    # the WARN entry of 12873ms is the claim's; "ERROR" is the other entry's, no rival level of it
    statuses = [c.status for c in check_draft(draft, [deadlocks()]) if c.kind == ClaimKind.FACT]
    assert statuses == [ClaimStatus.GROUNDED]
    # said of the slow query itself, the level is its own, and the WARN entry contradicts it
    wrong = draft.replace("a minute before the first ERROR", "logged as an ERROR").replace(
        "比最早的 ERROR 早了将近一分钟", "记为 ERROR"
    )
    assert ClaimStatus.CONTRADICTED in [c.status for c in check_draft(wrong, [deadlocks()])]


def gateway_lines() -> EvidenceRow:
    lines = [
        'ts=2026-12-03T09:14:0%d.120Z level=warn route=/v2/quote err="context deadline exceeded" latency_ms=1000%d'
        % (i, i)
        for i in range(1, 5)
    ] + ['ts=2026-12-03T09:14:09.400Z level=warn route=/v2/quote err="upstream reset" latency_ms=37']
    return EvidenceRow("gw-logs", "query_logs", Outcome.DIRECT_SUPPORT, "\n".join(lines), {"query": "route=/v2/quote"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # "all" after a count the claim narrows to ranges over that count
        (
            'Four of them are `err="context deadline exceeded"` with latency_ms of 10001–10004, i.e. they all hit a ~10 s deadline.',
            False,
        ),
        ('其中 4 条是 `err="context deadline exceeded"`，latency_ms 在 10001–10004，都撞上了约 10 s 的超时。', False),
        # without the narrowing, "all" ranges over the listing, whose fifth line refutes it
        ('All of them are `err="context deadline exceeded"` with latency_ms of 10001–10004.', True),
        ('全部都是 `err="context deadline exceeded"`，latency_ms 在 10001–10004。', True),
    ],
)
def test_all_after_a_narrowing_count_ranges_over_the_count(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [gateway_lines()]) if c.kind == ClaimKind.FACT]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def restart_lines() -> EvidenceRow:
    text = (
        "Dec 03 10:14:02 web-7 systemd[1]: shop.service: Main process exited, code=killed, status=9/KILL\n"
        "Dec 03 10:14:12 web-7 systemd[1]: shop.service: Scheduled restart job, restart counter is at 1.\n"
    )
    return EvidenceRow("journal", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "journalctl -u shop"})


@pytest.mark.parametrize(("gap", "grounded"), [("10 s", True), ("40 s", False)])
def test_a_later_gap_takes_the_last_time_stated_though_a_claim_without_times_came_between(
    gap: str, grounded: bool
) -> None:
    # the first claim is not grounded (nothing shows 3 GiB), so its time is only "the time stated before"
    draft = (
        "At 10:14:02 shop.service on web-7 was killed at 3 GiB RSS. It did not exit on its own. "
        f"{gap} later, at 10:14:12, systemd scheduled restart job 1."
    )
    last = check_draft(draft, [restart_lines()])[-1]
    assert (last.status == ClaimStatus.GROUNDED) is grounded, last
