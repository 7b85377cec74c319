"""A listing's total of matches, read with the call's question; the records a call shows. Domain only, offline.

"The search matched 52 ERROR entries for cart-api between 07:10 and 07:40 UTC"
is one statement about one call: its header's total, with the filters and the
window it asked. Every rule is tried both ways and in both languages, with
phrasings written for these tests over payloads in the shapes the tools emit.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def es_search(total: int = 52, shown: int = 3) -> EvidenceRow:
    """An Elasticsearch search for cart-api's ERROR entries in 07:10-07:40Z that matched `total` and shows `shown`."""
    hits = [
        {
            "_index": "logs-cart-2026.12.20",
            "_id": f"x{i}",
            "_source": {
                "@timestamp": f"2026-12-20T07:1{i}:05.120Z",
                "log": {"level": "ERROR"},
                "service": {"name": "cart-api"},
                "host": {"name": "cart-api-6d8f9c7b5-qk2zt"},
                "message": "redis GET timed out after 500ms",
            },
        }
        for i in range(shown)
    ]
    body = {"took": 18, "timed_out": False, "hits": {"total": {"value": total, "relation": "eq"}, "hits": hits}}
    params = {
        "index": "logs-cart-*",
        "body": {
            "size": shown,
            "query": {
                "bool": {
                    "filter": [
                        {"term": {"service.name": "cart-api"}},
                        {"term": {"log.level": "ERROR"}},
                        {"range": {"@timestamp": {"gte": "2026-12-20T07:10:00Z", "lte": "2026-12-20T07:40:00Z"}}},
                    ]
                }
            },
        },
    }
    return EvidenceRow("es-1", "query_es", Outcome.DIRECT_SUPPORT, json.dumps(body, indent=2), params)


def java_logs(total: int = 214) -> EvidenceRow:
    """The Java agent's query_logs: 2 entries shown of `total` WARN matches for stock-svc, Asia/Shanghai times."""
    logs = [
        {
            "timestamp": f"2026-12-20 15:2{i}:11",
            "level": "WARN",
            "service": "stock-svc",
            "instance": "stock-svc-10.4.2.8",
            "message": "slow SQL: 1830 ms on inventory_lock",
        }
        for i in range(2)
    ]
    body = {
        "success": True,
        "logTopic": "stock-svc",
        "logs": logs,
        "total": total,
        "message": f"成功查询到 {total} 条日志",
    }
    params = {"logTopic": "stock-svc", "query": "level:WARN", "startTime": "2026-12-20 15:00:00", "limit": 2}
    return EvidenceRow("java-1", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body, indent=2), params)


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    return check.status


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The log search matched 52 ERROR entries for cart-api between 07:10 and 07:40 UTC.", True),
        ("Elasticsearch counted 52 errors from cart-api in the 07:10-07:40 UTC window (3 shown).", True),
        ("日志检索在 UTC 07:10 到 07:40 之间命中 cart-api 的 52 条 ERROR 日志。", True),
        ("北京时间 15:10–15:40，cart-api 共有 52 条 ERROR 记录。", True),
        ("Between 15:10 and 15:40 Shanghai time the log search matched 52 ERROR entries for cart-api.", True),
        ("The log search matched 52 ERROR entries for cart-api from 15:10 to 15:40 (Asia/Shanghai).", True),
        ("The log search matched 25 ERROR entries for cart-api between 07:10 and 07:40 UTC.", False),  # another total
        ("The log search matched 52 ERROR entries for cart-api between 08:10 and 08:40 UTC.", False),  # another window
        (
            "The log search matched 52 ERROR entries for orders-api between 07:10 and 07:40 UTC.",
            False,
        ),  # another service
        ("日志检索在 UTC 09:10 到 09:40 之间命中 cart-api 的 52 条 ERROR 日志。", False),
        ("北京时间 07:10–07:40，cart-api 共有 52 条 ERROR 记录。", False),  # the UTC hours labelled Beijing time
        ("Between 07:10 and 07:40 Shanghai time the log search matched 52 ERROR entries for cart-api.", False),
        ("The log search matched 52 ERROR entries for cart-api from 07:10 to 07:40 (Asia/Shanghai).", False),
    ],
)
def test_a_total_of_matches_rests_on_the_header_and_the_call_s_filters(draft: str, grounded: bool) -> None:
    assert (status(draft, es_search()) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("query_logs found 214 WARN logs for stock-svc.", True),
        ("stock-svc 共查到 214 条 WARN 日志。", True),
        ("query_logs returned 214 WARN logs for stock-svc.", False),  # 2 were returned: the total presented as shown
        ("查询返回了 214 条 stock-svc 的 WARN 日志。", False),
        ("query_logs found 2 WARN logs for stock-svc.", False),  # the limit, not the total
    ],
)
def test_a_total_presented_as_the_records_shown_is_not_grounded(draft: str, grounded: bool) -> None:
    assert (status(draft, java_logs()) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # What the call shows: "all" ranges over the records it returned.
        ("The 3 returned entries all come from cart-api-6d8f9c7b5-qk2zt.", ClaimStatus.GROUNDED),
        ("返回的 3 条样本都来自 cart-api-6d8f9c7b5-qk2zt。", ClaimStatus.GROUNDED),
        # Every match: a listing of 3 out of 52 cannot show it.
        ("All 52 cart-api errors came from cart-api-6d8f9c7b5-qk2zt.", ClaimStatus.UNCHECKED),
        ("cart-api 的 52 条错误全部来自 cart-api-6d8f9c7b5-qk2zt。", ClaimStatus.UNCHECKED),
        ("It returned 52 cart-api entries, all from cart-api-6d8f9c7b5-qk2zt.", ClaimStatus.UNCHECKED),
    ],
)
def test_all_over_the_records_shown_is_checked_on_them(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, es_search()) == expected


def test_a_total_binds_no_time_it_does_not_state() -> None:
    """A header's total is of the call's window: a claim's time must be one of its bounds, not any time."""
    assert status("cart-api logged ERROR entries starting at 07:10 UTC.", es_search()) == ClaimStatus.GROUNDED
    wrong = status("cart-api 从北京时间 07:10 开始出现 ERROR 日志。", es_search())  # 07:10 Beijing is 23:10 UTC
    assert wrong != ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The query matched 128 ERROR logs.", FactKind.COUNT),  # no such HTTP status
        ("共有 37 errors in the window", FactKind.COUNT),
        ("payments answered 503 errors", FactKind.HTTP_STATUS),
        ("网关返回了 502 错误", FactKind.HTTP_STATUS),
        ("a burst of 429s", FactKind.HTTP_STATUS),
    ],
)
def test_only_a_status_code_in_use_reads_as_an_http_status(text: str, kind: FactKind) -> None:
    kinds = {f.kind for f in extract_facts(text)}
    assert kind in kinds
    assert (FactKind.HTTP_STATUS in kinds) is (kind == FactKind.HTTP_STATUS)


@pytest.mark.parametrize(
    ("text", "utc_minutes"),
    [
        ("between 02:40 and 02:55 UTC", [160, 175]),
        ("UTC 01:00–01:30", [60, 90]),
        ("北京时间 09:00 至 09:30", [60, 90]),
        ("from 18:05 to 18:20 (UTC+8)", [605, 620]),
    ],
)
def test_the_ends_of_a_range_share_the_zone_either_end_names(text: str, utc_minutes: list[int]) -> None:
    times = [f for f in extract_facts(text) if f.kind == FactKind.TIME]
    assert [int(f.key.split(",")[1]) for f in times] == utc_minutes
    assert all(f.zoned for f in times)


def test_times_joined_otherwise_keep_their_own_zones() -> None:
    times = [f for f in extract_facts("first at 02:40, then again at 10:55 UTC") if f.kind == FactKind.TIME]
    assert [f.zoned for f in times] == [False, True]


def overflow_series() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [{"metric": {"envoy_cluster_name": "ledger-backend"}, "value": [1797735000, "6"]}],
        },
    }
    query = 'sum by (envoy_cluster_name) (increase(envoy_cluster_upstream_rq_pending_overflow{envoy_cluster_name="ledger-backend"}[15m]))'
    return EvidenceRow("prom-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Envoy saw 6 pending overflows on ledger-backend over the 15 minutes to the query.", True),
        ("ledger-backend 在过去 15 分钟内有 6 次 pending overflow。", True),
        ("Envoy saw 6 pending overflows on ledger-backend over the 30 minutes to the query.", False),
        ("ledger-backend 在过去 30 分钟内有 6 次 pending overflow。", False),  # the window was dropped before
        ("ledger-backend 15 分钟内出现 6 次 pending overflow。", True),
        ("ledger-backend 30 分钟之内出现 6 次 pending overflow。", False),
    ],
)
def test_a_window_named_as_such_is_the_query_s_range(draft: str, grounded: bool) -> None:
    assert (status(draft, overflow_series()) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("text", "comparison"),
    [
        ("the errors were spread over 10 distinct users", "EQUAL"),  # where, not how many
        ("错误分布在 10 个用户上", "EQUAL"),
        ("over 10 users were affected", "ABOVE"),
        ("超过 10 个用户受影响", "ABOVE"),
    ],
)
def test_spread_over_says_where_not_how_many(text: str, comparison: str) -> None:
    (count,) = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert count.quantity is not None and count.quantity.comparison.name == comparison


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("login-svc logged 38 MFA verification failed errors", "38"),  # a message quoted in code marks
        ("Argo CD shows the 12th deploy today", "12"),  # an ordinal counts its noun
        ("the 3rd restart of the pod", "3"),
    ],
)
def test_a_count_is_read_through_a_quoted_message_and_from_an_ordinal(text: str, value: str) -> None:
    assert value in {f.key for f in extract_facts(text) if f.kind == FactKind.COUNT}


ARGO_HISTORY = (
    "SOURCE  https://git.internal/platform/deploy.git\n"
    "ID      DATE                           REVISION\n"
    "7       2026-12-20 22:15:09 +0000 UTC  v2.0.0 (2b7c9e1)\n"
    "8       2026-12-21 06:12:44 +0000 UTC  v2.0.1 (8c3f7b2)\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("billing-api got v2.0.1 (8c3f7b2) at 06:12:44 UTC.", True),
        ("billing-api 在 UTC 06:12:44 发布了 v2.0.1。", True),
        ("Argo CD shows the 8th deploy of billing-api at 06:12:44 UTC.", False),  # history id 8 is no count
        ("billing-api 在 UTC 06:12:44 完成了第 8 次发布。", False),
    ],
)
def test_an_id_s_value_counts_nothing(draft: str, grounded: bool) -> None:
    row = EvidenceRow(
        "argo-1", "run_command", Outcome.INDIRECT_SUPPORT, ARGO_HISTORY, {"cmd": "argocd app history billing-api"}
    )
    assert (status(draft, row) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("第 12 次发布", FactKind.COUNT),  # the 12th time: a count
        ("第 3 次重试", FactKind.COUNT),
        ("第 3 个分区", FactKind.ID),  # the third partition: which one
    ],
)
def test_a_chinese_ordinal_of_times_counts(text: str, kind: FactKind) -> None:
    assert kind in {f.kind for f in extract_facts(text)}


def test_digits_glued_to_letters_are_a_token_not_a_number() -> None:
    from evidence_trace.server.domain.verifier.unit_numbers import numbers_in_text

    values = {n.value for n in numbers_in_text("REVISION=v2.0.1 (8c3f7b2) on pod ledger-5d6c7b8a9-x2k4q took 30000ms")}
    assert 8.0 not in values and 5.0 not in values
    assert 30000.0 in values


def test_the_parts_of_a_hyphenated_name_are_no_numbers() -> None:
    from evidence_trace.server.domain.verifier.unit_numbers import numbers_in_text

    values = {n.value for n in numbers_in_text('{instance="ip-10-0-9-12:9100", pod="pg-replica-2"} 0.0623')}
    assert values == {0.0623}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ip-10-0-9-12 has 6% free on /var/lib/docker.", True),
        ("ip-10-0-9-12 的 /var/lib/docker 只剩 6% 可用。", True),
        ("ip-10-0-9-12 has 10% free on /var/lib/docker.", False),  # 10 is part of its name, not a value
        ("ip-10-0-9-12 的 /var/lib/docker 只剩 12% 可用。", False),
    ],
)
def test_a_value_is_not_read_out_of_a_host_name(draft: str, grounded: bool) -> None:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {
                    "metric": {"instance": "ip-10-0-9-12:9100", "mountpoint": "/var/lib/docker"},
                    "value": [1797751200, "0.0623"],
                }
            ],
        },
    }
    query = 'node_filesystem_avail_bytes{mountpoint="/var/lib/docker"} / node_filesystem_size_bytes'
    row = EvidenceRow("prom-fs", "query_metrics", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": query})
    assert (status(draft, row) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The search matched 52 cart-api errors.", True),  # the total, with the call's filter
        ("cart-api 共有 52 条错误。", True),
        # every shown record is on one pod, but 3 of 52 shown says nothing of the other 49
        ("The search matched 52 errors, all on cart-api-6d8f9c7b5-qk2zt.", False),
        ("检索命中 52 条错误，全部来自 cart-api-6d8f9c7b5-qk2zt。", False),
    ],
)
def test_what_a_cut_listing_shows_is_not_said_of_its_total(draft: str, grounded: bool) -> None:
    assert (status(draft, es_search()) == ClaimStatus.GROUNDED) is grounded
