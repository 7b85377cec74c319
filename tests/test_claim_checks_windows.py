"""What a claim denies of a status, and the window it speaks of (denied_status.py, gap_checks.py,
subject_binding.py). Domain only, offline. Phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.arithmetic import derived_values
from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Scope
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

STATUS_CSV = EvidenceRow(
    "sql-5xx",
    "run_sql",
    Outcome.DIRECT_SUPPORT,
    '"endpoint","status","requests"\n"/v3/orders",502,812\n"/v3/payouts",500,21\n"/v3/payouts/{id}",504,2\n',
    {"sql": "SELECT endpoint, status, count() FROM http_logs WHERE status >= 500 GROUP BY endpoint, status"},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("There were no 5xx on /v3/payouts today.", True),
        ("/v3/payouts 今天没有 5xx。", True),
        ("There were no 404s on /v3/payouts today.", False),
        ("/v3/payouts 今天没有 404。", False),
        ("There were zero 502s on /v3/orders.", True),
        ("mysql-primary-0 has 498 threads connected.", False),  # a name's trailing 0 denies nothing
    ],
)
def test_a_denied_status_is_contradicted_by_a_record_of_it(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, STATUS_CSV)) is contradicted


EMPTY_SEARCH = EvidenceRow(
    "es-empty",
    "es_search",
    Outcome.NO_HIT,
    json.dumps({"took": 9, "timed_out": False, "hits": {"total": {"value": 0, "relation": "eq"}, "hits": []}}),
    {"index": "payments-*", "body": {"query": {"range": {"@timestamp": {"gte": "now-15m"}}}}},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("No refund_failed events in the last 15 minutes — the search came back empty.", True),
        ("No refund_failed events in the last 24 hours — the search came back empty.", False),
        ("No refund_failed events in the last 2 hours — the search came back empty.", False),
    ],
)
def test_an_empty_search_grounds_only_the_window_it_searched(draft: str, grounded: bool) -> None:
    assert (statuses(draft, EMPTY_SEARCH) == [ClaimStatus.GROUNDED]) is grounded


def _pods_and_restarts() -> list[EvidenceRow]:
    pods = (
        "NAME                        READY   STATUS    RESTARTS       AGE\n"
        "mailer-6b7c8d9f5-9qz2k      1/1     Running   11 (20m ago)   4d6h\n"
    )
    series = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [{"metric": {"pod": "mailer-6b7c8d9f5-9qz2k"}, "value": [1768803000, "2"]}],
        },
    }
    query = {"query": "increase(kube_pod_container_status_restarts_total{pod=~'mailer-.*'}[1h])"}
    return [
        EvidenceRow("kubectl-pods", "kubectl", Outcome.INDIRECT_SUPPORT, pods, {"command": "kubectl get pods"}),
        EvidenceRow("restarts-1h", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(series), query),
    ]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("mailer-6b7c8d9f5-9qz2k restarted 11 times in the last hour, most recently 20 minutes ago.", False),
        ("mailer-6b7c8d9f5-9qz2k 过去 1 小时内重启了 11 次，最近一次在 20 分钟前。", False),
    ],
)
def test_a_window_binds_only_the_values_of_the_call_asked_over_it(draft: str, grounded: bool) -> None:
    # kubectl's 11 restarts are over the pod's 4 days; the 1-hour window is the metric's, which shows 2
    assert (statuses(draft, *_pods_and_restarts()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    "draft",
    [
        "mailer-6b7c8d9f5-9qz2k has restarted 11 times in total, most recently 20 minutes ago.",
        "mailer-6b7c8d9f5-9qz2k 一共重启了 11 次，最近一次在 20 分钟前。",
    ],
)
def test_without_a_window_the_lifetime_count_grounds(draft: str) -> None:
    assert statuses(draft, *_pods_and_restarts()) == [ClaimStatus.GROUNDED]


def _coupon_errors() -> EvidenceRow:
    entry = {"timestamp": "2026-12-20 16:05:11", "level": "ERROR", "service": "coupon-service", "message": "timeout"}
    body = {"success": True, "logTopic": "coupon-service", "query": "level:ERROR", "logs": [entry], "total": 128}
    params = {
        "logTopic": "coupon-service",
        "query": "level:ERROR",
        "startTime": "2026-12-20 15:30:00",
        "endTime": "2026-12-20 16:30:00",
    }
    return EvidenceRow("coupon-errors", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The search matched 128 ERROR logs for coupon-service in the last hour.", True),
        ("最近 1 小时 coupon-service 共匹配到 128 条 ERROR 日志。", True),
        ("The search matched 128 ERROR logs for coupon-service in the last 2 hours.", False),
        ("最近 2 小时 coupon-service 共匹配到 128 条 ERROR 日志。", False),
        ("The search matched 128 ERROR logs for coupon-service in the past day.", False),
    ],
)
def test_a_window_is_the_span_the_call_asked_for(draft: str, grounded: bool) -> None:
    assert (statuses(draft, _coupon_errors()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "scope", "comparison"),
    [
        ("errors in the 30-minute window", Scope.QUERY, Comparison.EQUAL),
        ("over a 2-hour window there were 5 errors", Scope.QUERY, Comparison.EQUAL),
        ("30 分钟窗口内有 12 条错误", Scope.QUERY, Comparison.EQUAL),
        ("2 小时的时间窗口里一共 5 条错误", Scope.QUERY, Comparison.EQUAL),
        # a duration that is no window keeps its own reading
        ("the job ran for over 2 hours", Scope.RESULT, Comparison.ABOVE),
        ("任务跑了 30 分钟", Scope.RESULT, Comparison.EQUAL),
    ],
)
def test_a_span_called_a_window_is_the_calls_window(text: str, scope: Scope, comparison: Comparison) -> None:
    (span,) = [f for f in extract_facts(text) if f.quantity is not None and f.quantity.dimension == Dimension.TIME]
    assert span.scope == scope and span.quantity is not None and span.quantity.comparison == comparison


@pytest.mark.parametrize(
    "text",
    [
        "在查询的 1 小时窗口内，pg-replica-3 的复制延迟一直高于 45 秒。",
        "Over the 1-hour window the lag of pg-replica-3 stayed above 45 s.",
        "In the last 10 minutes p99 was above 800 ms.",
        "最近 10 分钟 p99 高于 800 毫秒。",
    ],
)
def test_a_bound_is_never_a_restatement_of_the_window(text: str) -> None:
    """ "above 45 s" after "1 hour" is a bound to check, not the hour said again in seconds."""
    facts = extract_facts(text)
    bound = [i for i, f in enumerate(facts) if f.quantity is not None and f.quantity.comparison != Comparison.EQUAL]
    assert bound and not derived_values(text, facts) & set(bound)


INDEXER_PODS = EvidenceRow(
    "kubectl-indexer",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                READY   STATUS    RESTARTS        AGE\n"
    "ingest-worker-0     1/1     Running   5 (3h12m ago)   6d2h\n"
    "ingest-worker-1     1/1     Running   0               6d2h\n",
    {"command": "kubectl get pods -n search"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # kubectl's RESTARTS column is read under its name: the pod's restarts, and how long ago the last was
        ("ingest-worker-0 has restarted 5 times, most recently about 3 hours ago.", True),
        ("ingest-worker-0 重启了 5 次，最近一次约 3 小时前。", True),
        ("ingest-worker-0 has restarted 7 times, most recently about 3 hours ago.", False),
        ("ingest-worker-0 重启了 7 次，最近一次约 3 小时前。", False),
        # a window is a span: the age of the last restart does not show restarts within it
        ("ingest-worker-0 restarted 5 times in the last 3 hours.", False),
        ("ingest-worker-0 在过去 3 小时内重启了 5 次。", False),
    ],
)
def test_a_window_is_never_shown_by_an_age(draft: str, grounded: bool) -> None:
    assert (statuses(draft, INDEXER_PODS) == [ClaimStatus.GROUNDED]) is grounded


def _live_and_desired() -> list[EvidenceRow]:
    hpa = (
        "NAME        REFERENCE                TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n"
        "ledger-api  Deployment/ledger-api    cpu: 81%/60%   2         12        9          40d\n"
    )
    diff = "===== apps/Deployment pay/ledger-api ======\n212c212\n<   replicas: 9\n---\n>   replicas: 2\n"
    return [
        EvidenceRow("hpa", "kubectl", Outcome.INDIRECT_SUPPORT, hpa, {"command": "kubectl get hpa -n pay"}),
        # `argocd app diff` exits 1 when there is a difference: a failed call whose output is the diff
        EvidenceRow(
            "diff",
            "argocd",
            Outcome.FAILED,
            "",
            {"args": "app diff ledger-api"},
            error_message="exit status 1\n" + diff,
        ),
    ]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # the desired value, shown by the diff beside the live one: the live one contradicts nothing
        ("In Git, ledger-api is pinned at replicas: 2.", ClaimStatus.UNGROUNDED),
        ("Git 里 ledger-api 写死了 replicas: 2。", ClaimStatus.UNGROUNDED),
        # a value no unit shows is still contradicted by the live one
        ("In Git, ledger-api is pinned at replicas: 4.", ClaimStatus.CONTRADICTED),
        ("Git 里 ledger-api 写死了 replicas: 4。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_value_the_evidence_also_shows_is_not_contradicted_by_another(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, *_live_and_desired()) == [status]


POD_EVENTS = EvidenceRow(
    "k-events",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE\n"
    "4m2s        Normal    Scheduled   pod/promo-6c7d8f9b5-w2x9k       Successfully assigned shop/promo-6c7d8f9b5-w2x9k to node-sh-11\n"
    '3m58s       Warning   Failed      pod/promo-6c7d8f9b5-w2x9k       Failed to pull image "reg.corp.cn/shop/promo:v3.1.0-rc2": not found\n'
    "3m1s        Warning   Failed      pod/promo-6c7d8f9b5-w2x9k       Error: ImagePullBackOff\n"
    "2m10s       Normal    Scheduled   pod/promo-6c7d8f9b5-p4q7z       Successfully assigned shop/promo-6c7d8f9b5-p4q7z to node-sh-12\n",
    {"command": "kubectl get events -n shop"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # one pod's events: where it was scheduled, the image it failed to pull, the state it is in
        ("promo-6c7d8f9b5-w2x9k (on node-sh-11) failed to pull promo:v3.1.0-rc2 and is in ImagePullBackOff.", True),
        ("promo-6c7d8f9b5-w2x9k（调度到 node-sh-11）拉取 promo:v3.1.0-rc2 失败，现在处于 ImagePullBackOff。", True),
        # the other pod's node is not this pod's
        ("promo-6c7d8f9b5-w2x9k (on node-sh-12) failed to pull promo:v3.1.0-rc2 and is in ImagePullBackOff.", False),
        ("promo-6c7d8f9b5-w2x9k（调度到 node-sh-12）拉取 promo:v3.1.0-rc2 失败，现在处于 ImagePullBackOff。", False),
    ],
)
def test_one_objects_events_combine_for_its_names_and_states(draft: str, grounded: bool) -> None:
    assert (statuses(draft, POD_EVENTS) == [ClaimStatus.GROUNDED]) is grounded
