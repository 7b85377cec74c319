"""Claim checks on wording that looks like a fact kind and is not one: "pending messages" is not an
alert state, "未触发扩容" is not a firing alert, "of 429s" is HTTP 429, a percentage restating the
query's threshold is the query's, "查询失败了：" states a gap (domain only, offline; each both ways,
in both languages)."""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, ErrorKind, EvidenceRow, Outcome
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
        ("查询阈值是 0.9（90%，这是查询参数，不是结果）。ledger 池利用率为 96.41%。", 0.8, Decision.REJECT),
        ("The query threshold was 0.9 (90%). The ledger pool is at 96.41%.", 0.9, Decision.ACCEPT),
        ("The query threshold was 0.9 (90%). The ledger pool is at 96.41%.", 0.8, Decision.REJECT),
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
