"""Claim checks on wording that looks like a fact kind and is not one: "pending messages" is not an
alert state, "未触发扩容" is not a firing alert, "of 429s" is HTTP 429, a percentage restating the
query's threshold is the query's, "查询失败了：" states a gap (domain only, offline; each both ways,
in both languages)."""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


def alert(name: str, state: str, value: str, **labels: str) -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "alerts": [
                {
                    "labels": {"alertname": name, "severity": "critical", **labels},
                    "annotations": {"summary": f"{name} for {labels}"},
                    "state": state,
                    "activeAt": "2026-12-10T22:14:00Z",
                    "value": value,
                }
            ]
        },
    }
    outcome = Outcome.DIRECT_SUPPORT if state == "firing" else Outcome.INDIRECT_SUPPORT
    return EvidenceRow("alerts-1", "query_metrics", outcome, json.dumps(body), {"endpoint": "/api/v1/alerts"})


JETSTREAM = alert("JetStreamConsumerPendingHigh", "firing", "1.7402e+04", consumer="invoice-mailer", stream="ORDERS_EU")
JETSTREAM_PENDING = alert(
    "JetStreamConsumerPendingHigh", "pending", "1.7402e+04", consumer="invoice-mailer", stream="ORDERS_EU"
)


@pytest.mark.parametrize(
    ("draft", "evidence", "decision"),
    [
        (
            "JetStreamConsumerPendingHigh is firing for invoice-mailer: 17,402 pending messages.",
            JETSTREAM,
            Decision.ACCEPT,
        ),
        (
            "JetStreamConsumerPendingHigh is pending for invoice-mailer: 17,402 pending messages.",
            JETSTREAM,
            Decision.REJECT,
        ),
        (
            "JetStreamConsumerPendingHigh 告警正在 firing，invoice-mailer 有 17,402 pending messages。",
            JETSTREAM,
            Decision.ACCEPT,
        ),
        (
            "JetStreamConsumerPendingHigh is firing for invoice-mailer: 17,402 pending messages.",
            JETSTREAM_PENDING,
            Decision.REJECT,
        ),
    ],
)
def test_pending_before_a_noun_is_not_an_alert_state(draft: str, evidence: EvidenceRow, decision: Decision) -> None:
    assert judge(draft, evidence) == decision


SCALE_UP = EvidenceRow(
    "events-1",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-12-13 23:36:40",
                    "level": "INFO",
                    "service": "cluster-autoscaler",
                    "message": "NotTriggerScaleUp: pod didn't trigger scale-up: 1 max node group size reached",
                }
            ],
            "total": 1,
        }
    ),
    {"query": "reason:NotTriggerScaleUp"},
)
RULE_FIRING = alert("KubeJobFailed", "firing", "1e+00", job_name="ledger-export")


@pytest.mark.parametrize(
    ("draft", "evidence", "decision"),
    [
        (
            "cluster-autoscaler 在 23:36:40 记录 INFO 告警相关事件 NotTriggerScaleUp：未触发扩容。",
            SCALE_UP,
            Decision.ACCEPT,
        ),
        ("KubeJobFailed 告警已触发，ledger-export 任务失败。", RULE_FIRING, Decision.ACCEPT),
        ("KubeJobFailed 告警已恢复，ledger-export 任务失败。", RULE_FIRING, Decision.REJECT),
    ],
)
def test_trigger_with_an_object_is_a_verb_not_a_firing_alert(
    draft: str, evidence: EvidenceRow, decision: Decision
) -> None:
    assert judge(draft, evidence) == decision


RATE_LIMIT = alert("PublicApiRateLimitRejections", "firing", "2.47e+01", tenant="acme-corp", code="429")


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("PublicApiRateLimitRejections is firing for acme-corp at 24.7 req/s of 429s.", Decision.ACCEPT),
        ("PublicApiRateLimitRejections is firing for acme-corp at 24.7 req/s of 503s.", Decision.REJECT),
        ("PublicApiRateLimitRejections 正在 firing，acme-corp 以 24.7 次/秒收到 429s。", Decision.ACCEPT),
    ],
)
def test_statuses_after_a_rate_are_http_statuses(draft: str, decision: Decision) -> None:
    assert judge(draft, RATE_LIMIT) == decision


def _ratio(threshold: float) -> EvidenceRow:
    body = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": {"pool": "ledger"}, "value": [1796866560, "0.9641"]}]},
    }
    params = {"query": "pool_utilisation{pool='ledger'}", "threshold": threshold}
    return EvidenceRow("ratio-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    ("draft", "threshold", "decision"),
    [
        ("查询阈值是 0.9（90%，这是查询参数，不是结果）。ledger 池利用率为 96.41%。", 0.9, Decision.ACCEPT),
        ("查询阈值是 0.9（90%，这是查询参数，不是结果）。ledger 池利用率为 96.41%。", 0.8, Decision.LOW_CONFID),
        ("The query threshold was 0.9 (90%). The ledger pool is at 96.41%.", 0.9, Decision.ACCEPT),
        ("The query threshold was 0.9 (90%). The ledger pool is at 96.41%.", 0.8, Decision.LOW_CONFID),
    ],
)
def test_a_percentage_restating_the_threshold_is_read_against_the_query(draft, threshold, decision) -> None:
    assert judge(draft, _ratio(threshold)) == decision


BAD_QUERY = EvidenceRow(
    "prom-bad",
    "query_metrics",
    Outcome.FAILED,
    "",
    {"query": "sum by (tenant) (rate(envoy_ratelimit_over_limit{tenant=}[5m]))"},
    error_message='bad_data: invalid parameter "query": 1:78: parse error: unexpected "}" in label matching',
    error_kind=ErrorKind.EXECUTION_ERROR,
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        (
            "按租户拆分 429 比例的查询失败了：Prometheus 返回 bad_data，所以这一项无法给出。PublicApiRateLimitRejections 正在 firing。",
            Decision.ACCEPT,
        ),
        (
            "The per-tenant rate-limit query failed: Prometheus returned bad_data, so I can't give that split. PublicApiRateLimitRejections is firing.",
            Decision.ACCEPT,
        ),
        (
            "按租户拆分 429 比例的查询超时了：所以这一项无法给出。PublicApiRateLimitRejections 正在 firing。",
            Decision.REJECT,
        ),
    ],
)
def test_a_failed_query_stated_with_its_consequence_is_a_gap(draft: str, decision: Decision) -> None:
    assert judge(draft, BAD_QUERY, RATE_LIMIT) == decision


HIT_RATIO = EvidenceRow(
    "hits-1",
    "query_metrics",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {"resultType": "vector", "result": [{"metric": {"pop": "gz-03"}, "value": [1796883780, "0.62"]}]},
        }
    ),
    {"query": "sum by (pop) (rate(nginx_cache_hits_total[5m])) / sum by (pop) (rate(nginx_cache_requests_total[5m]))"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("The cache hit ratio at gz-03 is 62%.", Decision.ACCEPT),
        ("The cache hit ratio at gz-03 is down to 0.62%.", Decision.LOW_CONFID),
        ("gz-03 的缓存命中率为 62%。", Decision.ACCEPT),
        ("gz-03 的缓存命中率降到了 0.62%。", Decision.LOW_CONFID),
    ],
)
def test_a_fraction_up_to_one_is_never_read_as_a_percentage_of_itself(draft: str, decision: Decision) -> None:
    assert judge(draft, HIT_RATIO) == decision


HEAP = EvidenceRow(
    "heap-1",
    "query_metrics",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "vector",
                "result": [{"metric": {"area": "heap", "pod": "risk-scoring-0"}, "value": [1796883780, "6442450944"]}],
            },
        }
    ),
    {"query": 'jvm_memory_max_bytes{area="heap",pod="risk-scoring-0"}'},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        (
            "risk-scoring-0's heap max is 6 GiB. Consider raising the heap above its current 6 GiB, e.g. to 8 GiB.",
            Decision.ACCEPT,
        ),
        (
            "risk-scoring-0's heap max is 6 GiB. Consider raising the heap above its current 4 GiB, e.g. to 6 GiB.",
            Decision.LOW_CONFID,
        ),
    ],
)
def test_the_current_value_named_in_advice_is_checked(draft: str, decision: Decision) -> None:
    assert judge(draft, HEAP) == decision


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("按租户的 429 比例查询失败了（bad_data）。PublicApiRateLimitRejections 正在 firing。", Decision.ACCEPT),
        ("按租户的 429 比例查询返回了空结果。PublicApiRateLimitRejections 正在 firing。", Decision.REJECT),
        (
            "The per-tenant rate-limit query failed with bad_data. PublicApiRateLimitRejections is firing.",
            Decision.ACCEPT,
        ),
        (
            "The per-tenant rate-limit query returned no results. PublicApiRateLimitRejections is firing.",
            Decision.REJECT,
        ),
    ],
)
def test_a_failed_call_is_not_an_empty_result(draft: str, decision: Decision) -> None:
    assert judge(draft, BAD_QUERY, RATE_LIMIT) == decision


EVENTS = EvidenceRow(
    "events-2",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-12-13 01:05:02",
                    "level": "WARN",
                    "service": "kubelet",
                    "message": "Evicted pod batch/log-shipper-9x7kd: ephemeral-storage",
                },
                {
                    "timestamp": "2026-12-13 01:06:40",
                    "level": "WARN",
                    "service": "kubelet",
                    "message": "ImageGCFailed: wanted to free 16106127360 bytes",
                },
            ],
            "total": 2,
        }
    ),
    {"query": "node:ip-10-42-8-17"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("At 01:05:02 kubelet evicted batch/log-shipper-9x7kd (WARN).", Decision.ACCEPT),
        ("At 01:06:40 kubelet evicted batch/log-shipper-9x7kd (WARN).", Decision.LOW_CONFID),
        ("01:05:02 kubelet 驱逐了 batch/log-shipper-9x7kd（WARN）。", Decision.ACCEPT),
        ("01:06:40 kubelet 驱逐了 batch/log-shipper-9x7kd（WARN）。", Decision.LOW_CONFID),
        ("kubelet evicted batch/log-shipper-9x7kd at 01:05 (WARN).", Decision.ACCEPT),
    ],
)
def test_a_time_stated_to_the_second_binds_the_entry_of_that_second(draft: str, decision: Decision) -> None:
    assert judge(draft, EVENTS) == decision


RENDERER = EvidenceRow(
    "logs-r",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-12-11 15:27:52",
                    "level": "ERROR",
                    "service": "report-renderer",
                    "message": "容器被 OOMKilled: container=report-renderer, exitCode=137, memory limit=2Gi",
                }
            ],
            "total": 1,
        }
    ),
    {"query": "service:report-renderer"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("看了 report-renderer 的日志，情况有些异常，发现了一些值得关注的点。", Decision.LOW_CONFID),
        ("I looked at report-renderer's logs and something looks off there.", Decision.LOW_CONFID),
        ("report-renderer 在 15:27:52 记录 ERROR：容器被 OOMKilled，exitCode=137。", Decision.ACCEPT),
        ("report-renderer logged an ERROR at 15:27:52: OOMKilled with exitCode=137.", Decision.ACCEPT),
    ],
)
def test_a_contentless_verdict_on_a_named_subject_is_vague(draft: str, decision: Decision) -> None:
    assert judge(draft, RENDERER) == decision


SESSKV = EvidenceRow(
    "logs-s",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-12-11 20:04:37",
                    "level": "ERROR",
                    "service": "login-edge",
                    "message": "Redis 写入会话失败: OOM command not allowed when used memory > 'maxmemory'., node=sesskv-03:6379",
                },
                {
                    "timestamp": "2026-12-11 20:04:51",
                    "level": "WARN",
                    "service": "login-edge",
                    "message": "会话缓存未命中, 回源到 user-db, node=sesskv-01:6379",
                },
            ],
            "total": 2,
        }
    ),
    {"query": "service:login-edge AND redis"},
)


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("sesskv-03 hasn't reached its maxmemory limit yet.", Decision.REJECT),
        ("sesskv-03 还没有达到 maxmemory 上限。", Decision.REJECT),
        ("sesskv-03 has reached its maxmemory limit: login-edge logged OOM command not allowed.", Decision.ACCEPT),
        ("sesskv-01 has not hit maxmemory; login-edge only logged a cache miss there (WARN).", Decision.ACCEPT),
    ],
)
def test_a_denied_condition_is_contradicted_by_an_error_of_the_subject_stating_it(
    draft: str, decision: Decision
) -> None:
    assert judge(draft, SESSKV) == decision


@pytest.mark.parametrize(
    ("draft", "window"),
    [
        ("Over the previous day inv-20260521 stayed READY.", True),
        ("In the last hour inv-20260521 stayed READY.", True),
        ("The previous day's backup inv-20260521 is also READY.", False),  # a day's thing, no window
        ("The last hour's samples of inv-20260521 are all READY.", False),
    ],
)
def test_a_window_said_in_words_is_not_a_days_thing(draft: str, window: bool) -> None:
    spans = [f for f in extract_facts(draft) if f.kind == FactKind.QUANTITY]
    assert bool(spans) is window


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The cluster is HEALTH_WARN, not HEALTH_ERR.", True),  # the alternative it denies need not be shown
        ("集群是 HEALTH_WARN，不是 HEALTH_ERR。", True),
        ("The cluster is HEALTH_ERR, not HEALTH_WARN.", False),  # what it asserts must be
        ("集群是 HEALTH_ERR，而不是 HEALTH_WARN。", False),
    ],
)
def test_an_alternative_the_claim_denies_is_no_fact_to_show(draft: str, grounded: bool) -> None:
    out = "HEALTH_WARN 1 osds down; Degraded data redundancy: 2104/96220 objects degraded (2.187%)"
    row = EvidenceRow("c-1", "ssh_exec", Outcome.DIRECT_SUPPORT, out, {"command": "ceph health"})
    statuses = [c.status.name for c in check_draft(draft, [row])]
    assert (statuses == ["GROUNDED"]) is grounded
