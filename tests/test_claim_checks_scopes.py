"""What a word reaches: a negation ends at a conjunction and never reaches what the writer says it has not
seen ("not ready and has restarted 4 times", "I have not seen why it restarts"); "by the bot", "by one pod"
name no actor; "the other five partitions" is a count of some records, which a count of all does not rival;
"Next I'd retry …" is the writer's next step, whose names need not be the session's.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = (
    "NAME                       READY   STATUS    RESTARTS      AGE\n"
    "pay-api-5d8f7c-x2k4q       0/1     Running   4 (2m ago)    3h\n"
    "pay-api-5d8f7c-m9wzt       1/1     Running   0             3h\n"
)
EVENTS = (
    "LAST SEEN   TYPE      REASON      OBJECT                      MESSAGE\n"
    "2m          Warning   BackOff     pod/pay-api-5d8f7c-x2k4q    Back-off restarting failed container api\n"
    "2m          Warning   Unhealthy   pod/pay-api-5d8f7c-x2k4q    Readiness probe failed: HTTP probe failed with statuscode: 503\n"
)
HISTORY = (
    "REVISION  UPDATED                   STATUS      CHART            APP VERSION  DESCRIPTION\n"
    "41        Mon Oct 19 09:31:40 2026  superseded  ledger-2.4.0     2.4.0        Upgrade complete by ci-bot\n"
    "42        Tue Oct 20 15:02:11 2026  deployed    ledger-2.4.1     2.4.1        Upgrade complete by ci-bot\n"
)


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n pay"}),
        EvidenceRow("k-2", "kubectl", Outcome.DIRECT_SUPPORT, EVENTS, {"args": "get events -n pay"}),
        EvidenceRow("h-1", "helm", Outcome.DIRECT_SUPPORT, HISTORY, {"args": "history ledger -n ledger"}),
    ]


def statuses(draft: str, evidence: list[EvidenceRow]) -> list[ClaimStatus]:
    found = [c.status for c in check_draft(draft, evidence) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert found, draft
    return found


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("pay-api-5d8f7c-x2k4q is not ready and has restarted 4 times.", False),
        ("pay-api-5d8f7c-x2k4q 未就绪，且已经重启了 4 次。", False),
        ("I have not seen why pay-api-5d8f7c-x2k4q restarts, so the cause is open.", False),
        ("pay-api-5d8f7c-x2k4q has not restarted.", True),
        ("pay-api-5d8f7c-x2k4q 没有重启过。", True),
        ("pay-api-5d8f7c-x2k4q never restarted during the window.", True),
    ],
)
def test_a_negation_ends_at_a_conjunction_and_at_what_was_not_seen(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, rows())) is contradicted


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("ledger 2.4.1 was deployed by the bot on Oct 20.", False),
        ("The rollout of 2.4.1 was triggered by one job, the helm upgrade of revision 42.", False),
        ("ledger 2.4.1 was deployed by ci-bot on Oct 20.", False),
        ("ledger 2.4.1 由 ci-bot 部署。", False),
        ("ledger 2.4.1 was deployed by jenkins-bot on Oct 20.", True),
        ("ledger 2.4.1 由 jenkins-bot 部署。", True),
    ],
)
def test_a_determiner_after_by_names_no_actor(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, rows())) is invented


def lag_alert() -> EvidenceRow:
    alert = {
        "labels": {"alertname": "KafkaConsumerLagHigh", "consumergroup": "shipment-sync", "partition": "2"},
        "annotations": {"description": "Consumer group shipment-sync lag on partition 2 of 6 partitions is 61477."},
        "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
        "startsAt": "2026-09-21T10:12:00Z",
    }
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps([alert]), {})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("shipment-sync is stuck on partition 2, while the other five partitions are consumed normally.", False),
        ("shipment-sync 卡在分区 2，其余 5 个分区消费正常。", False),
        ("shipment-sync has 4 partitions in all.", True),
    ],
)
def test_a_count_of_the_others_is_no_rival_of_a_count_of_all(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [lag_alert()])) is contradicted


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("Next I'd retry the query with a narrower window, or check the billing-gateway dashboards.", ClaimKind.ADVICE),
        ("I'd pull the billing-gateway logs for the same window.", ClaimKind.ADVICE),
        ("接下来我会重试一次查询，或者看看 billing-gateway 的监控。", ClaimKind.ADVICE),
        ("billing-gateway returned 502s for the whole window.", ClaimKind.FACT),
        ("billing-gateway 在整个窗口内都返回 502。", ClaimKind.FACT),
    ],
)
def test_the_writers_next_step_is_advice(draft: str, kind: ClaimKind) -> None:
    checks = check_draft(draft, rows())
    assert [c.kind for c in checks] == [kind]
    invented = [c for c in checks if c.status == ClaimStatus.INVENTED]
    assert bool(invented) is (kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # a pod may be Running and not ready: READY 0/1 shows it, the phase is no rival
        ("pay-api-5d8f7c-x2k4q is Running but not ready (0/1).", ClaimStatus.GROUNDED),
        ("pay-api-5d8f7c-x2k4q 处于 Running，但未就绪（0/1）。", ClaimStatus.GROUNDED),
        ("pay-api-5d8f7c-m9wzt is not ready.", ClaimStatus.UNGROUNDED),
        ("pay-api-5d8f7c-m9wzt 未就绪。", ClaimStatus.UNGROUNDED),
        # "2 of 2" counts the set: each pod need not show a 2; one ready pod denies "all"
        ("All 2 of 2 pay-api pods are not ready.", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_pods_readiness_is_its_ready_column_not_its_phase(draft: str, status: ClaimStatus) -> None:
    assert set(statuses(draft, rows())) == {status}


def test_n_of_n_pods_not_ready_holds_when_none_is_ready() -> None:
    pods = PODS.replace("1/1     Running   0 ", "0/1     Running   0 ")
    row = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, pods, {"args": "get pods -n pay"})
    assert ClaimStatus.CONTRADICTED not in statuses("All 2 of 2 pay-api pods are not ready (0/1).", [row])
    assert ClaimStatus.CONTRADICTED not in statuses("pay-api 的 2 个 Pod 全部未就绪（0/1）。", [row])


def console(helm_output: str) -> EvidenceRow:
    lines = (
        "Started by user Lena Ortiz\n[Pipeline] { (Deploy)\n"
        "+ helm upgrade --install ledger ./chart -n ledger --set image.tag=2.4.1 --wait\n"
        f"{helm_output}\n[Pipeline] // stage\n[Pipeline] {{ (Smoke tests)\nsmoke: 1 of 4 checks failed\n"
        "ERROR: script returned exit code 1\nFinished: FAILURE\n"
    )
    return EvidenceRow("j-1", "jenkins_console", Outcome.DIRECT_SUPPORT, lines, {"job": "deploy-ledger"})


UPGRADED = 'Release "ledger" has been upgraded. Happy Helming!\nSTATUS: deployed\nREVISION: 43'
FAILED = "Error: UPGRADE FAILED: context deadline exceeded"


@pytest.mark.parametrize(
    ("draft", "helm_output", "contradicted"),
    [
        ("The build failed, so ledger 2.4.1 never reached production.", UPGRADED, True),
        ("构建失败了，所以 ledger 2.4.1 没有上线。", UPGRADED, True),
        ("The build failed, so ledger 2.4.1 never reached production.", FAILED, False),
        ("构建失败了，所以 ledger 2.4.1 没有上线。", FAILED, False),
        ("ledger 2.4.1 was deployed, but the smoke tests failed.", UPGRADED, False),
    ],
)
def test_a_deploy_a_console_shows_done_cannot_be_denied(draft: str, helm_output: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [console(helm_output)])) is contradicted


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("Options: reduce the executor memory, relax the node selector, or add capacity.", ClaimKind.ADVICE),
        ("把 Deployment 模板或 Service selector 改成一致即可恢复。", ClaimKind.ADVICE),
        ("再登录节点检查 kubelet 和 containerd 是否正常。", ClaimKind.ADVICE),
        ("ledger 的 replicas 在 revision 42 被改成了 3。", ClaimKind.FACT),
        ("The options file on ledger sets replicas to 3.", ClaimKind.FACT),
    ],
)
def test_options_and_a_change_that_would_fix_it_are_advice(draft: str, kind: ClaimKind) -> None:
    assert [c.kind for c in check_draft(draft, rows())][0] == kind


def es_timeouts() -> EvidenceRow:
    hits = [
        {
            "_source": {
                "@timestamp": "2026-09-14T02:11:48Z",
                "service": "order-api",
                "message": "upstream request timeout",
            }
        },
        {
            "_source": {
                "@timestamp": "2026-09-14T02:12:03Z",
                "service": "order-api",
                "message": "upstream request timeout",
            }
        },
    ]
    body = {
        "took": 31,
        "timed_out": False,
        "_shards": {"total": 6, "successful": 6, "failed": 0},
        "hits": {"total": {"value": 2, "relation": "eq"}, "hits": hits},
    }
    return EvidenceRow("es-1", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "logs-order-*"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # the call's own outcome: records of timeouts it returned do not deny it
        ("The search over logs-order-* found 2 entries (all 6 shards answered; the query did not time out).", False),
        ("logs-order-* 共命中 2 条（6 个分片全部成功，查询未超时）。", False),
        # the records' own: a timeout they show denies it
        ("order-api had no timeouts in that window.", True),
        ("order-api 在该窗口内没有超时。", True),
    ],
)
def test_a_denial_of_the_calls_own_outcome_is_not_its_records(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [es_timeouts()])) is contradicted


REPLICATION = (
    " application_name | client_addr |   state   | sync_state |    replay_lag\n"
    "------------------+-------------+-----------+------------+-----------------\n"
    " pg-replica-1     | 10.12.4.21  | streaming | async      | 00:00:00.002311\n"
    " pg-replica-2     | 10.12.4.22  | streaming | async      | 00:00:00.002034\n"
    " pg-replica-3     | 10.12.5.17  | catchup   | async      | 00:01:12.550318\n"
    "(3 rows)\n"
)


def replication() -> EvidenceRow:
    sql = "SELECT application_name, client_addr, state, sync_state, replay_lag FROM pg_stat_replication;"
    return EvidenceRow("sql-1", "run_sql", Outcome.DIRECT_SUPPORT, REPLICATION, {"sql": sql})


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # a state in the tool's own word is one a unit must say: of one record, or of each of a sized range
        ("pg-replica-3 is in catchup state, 1m12s behind.", ClaimStatus.GROUNDED),
        ("pg-replica-3 处于 catchup 状态，落后约 1 分 12 秒。", ClaimStatus.GROUNDED),
        ("pg-replica-3 is in streaming state.", ClaimStatus.UNGROUNDED),
        ("All 3 replicas are connected and in streaming state.", ClaimStatus.CONTRADICTED),
        ("3 个副本全部处于 streaming 状态。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_state_in_a_tools_own_word_is_checked(draft: str, status: ClaimStatus) -> None:
    assert status in statuses(draft, [replication()])


def app_logs() -> EvidenceRow:
    logs = [
        {"timestamp": "2026-11-03T09:41:12Z", "level": "INFO", "service": "pricing", "message": "Started v3.18.0"},
        {
            "timestamp": "2026-11-03T09:42:05Z",
            "level": "ERROR",
            "service": "pricing",
            "message": "NullPointerException",
        },
        {"timestamp": "2026-11-03T09:43:40Z", "level": "ERROR", "service": "pricing", "message": "OutOfMemoryError"},
    ]
    return EvidenceRow("ql-9", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"success": True, "logs": logs}), {})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # bounded by an event the rules cannot place ("before it"): not contradicted by errors after it
        ("pricing had no errors at all before the release.", False),
        ("在此之前 pricing 没有任何报错。", False),
        # "no other OOM": the ones the claim told of aside
        ("pricing 没有其他 OOM 记录。", False),
        ("There were no other OOM errors on pricing.", False),
        # a plain denial still is
        ("pricing had no errors.", True),
        ("pricing 没有 OOM 记录。", True),
    ],
)
def test_a_denial_bounded_by_an_event_or_of_others_is_not_contradicted(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [app_logs()])) is contradicted


def test_a_querys_step_is_no_value_to_rival() -> None:
    result = [{"metric": {"service": "payments-api"}, "values": [[1767000000, "0.184"], [1767000900, "0.203"]]}]
    body = {"status": "success", "data": {"resultType": "matrix", "result": result}}
    params = {
        "query": 'histogram_quantile(0.99, rate(http_server_seconds_bucket{service="payments-api"}[5m]))',
        "step": "900",
    }
    row = EvidenceRow("pm-2", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)
    assert ClaimStatus.CONTRADICTED not in statuses("p99 for payments-api (5m rate, 15-minute samples):", [row])
    assert ClaimStatus.CONTRADICTED not in statuses(
        "payments-api 的 p99 最近一个点是 0.203 s（每 15 分钟一个点）。", [row]
    )


def loki(lines: list[str]) -> EvidenceRow:
    values = [[f"17980000{i:02d}000000000", line] for i, line in enumerate(lines)]
    result = [{"stream": {"app": "edge-gateway", "namespace": "edge"}, "values": values}] if lines else []
    body = {"status": "success", "data": {"resultType": "streams", "result": result}}
    params = {"query": '{namespace="edge", app="edge-gateway"} |= "TLS handshake error"', "limit": "100"}
    return EvidenceRow(
        "lk-3", "loki_query_range", Outcome.NO_HIT if not lines else Outcome.DIRECT_SUPPORT, json.dumps(body), params
    )


@pytest.mark.parametrize(
    ("draft", "lines", "status"),
    [
        # a Loki call is a log call: "the logs" a claim cites include it
        (
            "edge-gateway 的日志里没有匹配 “TLS handshake error” 的记录：查询正常返回，结果为空。",
            [],
            ClaimStatus.GROUNDED,
        ),
        ("The edge-gateway log search for TLS handshake errors came back empty.", [], ClaimStatus.GROUNDED),
    ],
)
def test_a_loki_call_is_a_log_call(draft: str, lines: list[str], status: ClaimStatus) -> None:
    found = [c.status for c in check_draft(draft, [loki(lines)]) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]
    assert status in found, found


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("pricing 拿不到数据库连接，事务无法创建，随后下单报错。", False),  # "无法" is unable, no denial
        ("pricing never exceeded 2 errors per minute.", False),  # a bound
        ("pricing 为什么没有提前返回错误，日志里看不出来。", False),  # a question of a denial
        ("The open question is why pricing returned no error earlier.", False),
        ("pricing 没有报错。", True),
        ("pricing logged no errors.", True),
    ],
)
def test_unable_a_bound_and_a_question_are_no_denial_of_errors(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, [app_logs()])) is contradicted


def lag(value: int) -> EvidenceRow:
    line = f'ts=2026-12-20T10:20:00Z level=warn msg="consumer lag high" group=dispatcher lag={value} threshold=50000'
    return EvidenceRow("ll-4", "ssh_exec", Outcome.DIRECT_SUPPORT, line, {"cmd": "grep lag /var/log/dispatcher.log"})


@pytest.mark.parametrize(
    ("draft", "value", "grounded"),
    [
        # a figure in thousands ("18.2 万" is read as 182k, "~182k") is a fact, never dropped
        ("dispatcher 的 lag 约 18.2 万。", 182344, True),
        ("dispatcher 的 lag 约 18.2 万。", 241019, False),
        ("dispatcher lag is about 182k.", 182344, True),
        ("dispatcher lag is about 182k.", 241019, False),
    ],
)
def test_a_figure_in_thousands_is_a_fact(draft: str, value: int, grounded: bool) -> None:
    assert (statuses(draft, [lag(value)]) == [ClaimStatus.GROUNDED]) is grounded
