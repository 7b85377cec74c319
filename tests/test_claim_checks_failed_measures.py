"""What a claim says of a measure only a failed call was asked for (failed_measures.failed_measure).

"Memory was steady before the rollout": the rollout grounds on the deploy log, but the only memory call failed, so
what the claim says of memory rests on nothing. With a memory call that answered, the claim is read as before; a
claim that tells the failure itself ("the memory query timed out") is about the call, not the measure.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ROLLOUT = EvidenceRow(
    "logs-1",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-11-03T03:12:40Z",
                    "level": "INFO",
                    "service": "payments-api",
                    "message": "rollout of payments-api to 2.8.1 started: 3 pods to replace",
                }
            ],
            "total": 1,
        }
    ),
    {"service": "payments-api", "startTime": "2026-11-03T02:30:00Z", "endTime": "2026-11-03T03:30:00Z"},
)
MEMORY_FAILED = EvidenceRow(
    "mem-1",
    "query_metrics",
    Outcome.FAILED,
    "",
    {"query": 'container_memory_working_set_bytes{pod=~"payments-api.*"}', "start": "02:30", "end": "03:30"},
    error_message="context deadline exceeded",
)
LATENCY_FAILED = EvidenceRow(
    "lat-1",
    "query_metrics",
    Outcome.FAILED,
    "",
    {"query": 'histogram_quantile(0.99, rate(http_request_duration_seconds_bucket{app="payments-api"}[5m]))'},
    error_message="Post http://prometheus:9090/api/v1/query: dial tcp 10.0.4.7:9090: connect: connection refused",
)
MEMORY_SHOWN = EvidenceRow(
    "mem-2",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "matrix",
                "result": [
                    {
                        "metric": {"__name__": "container_memory_working_set_bytes", "pod": "payments-api-7c9d-2kq7x"},
                        "values": [[1793675400, "512000000"], [1793676600, "515000000"]],
                    }
                ],
            },
        }
    ),
    {"query": 'container_memory_working_set_bytes{pod=~"payments-api.*"}'},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Memory on payments-api was steady before the rollout started at 03:12:40 UTC.",
        "payments-api 的内存在 03:12:40 UTC 发布开始前一直很平稳。",
        "p99 latency of payments-api stayed flat until the rollout started at 03:12:40 UTC.",
        "payments-api 的 p99 延迟在 03:12:40 UTC 发布开始前没有变化。",
    ],
)
def test_a_measure_only_a_failed_call_was_asked_for_is_not_grounded(draft: str) -> None:
    found = statuses(draft, ROLLOUT, MEMORY_FAILED, LATENCY_FAILED)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "Memory on payments-api was steady before the rollout started at 03:12:40 UTC.",
        "payments-api 的内存在 03:12:40 UTC 发布开始前一直很平稳。",
    ],
)
def test_a_call_that_answered_for_the_measure_leaves_it_to_the_other_checks(draft: str) -> None:
    found = statuses(draft, ROLLOUT, MEMORY_FAILED, MEMORY_SHOWN)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft", ["The rollout of payments-api started at 03:12:40 UTC.", "payments-api 的发布在 03:12:40 UTC 开始。"]
)
def test_a_claim_that_names_no_measure_is_read_as_before(draft: str) -> None:
    found = statuses(draft, ROLLOUT, MEMORY_FAILED, LATENCY_FAILED)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


PODS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                         READY   STATUS    RESTARTS   AGE\npayments-api-7c9d-2kq7x      1/1     Running   0          3d\n",
    {"args": "get pods -n pay -l app=payments-api"},
)
LOGS_FAILED = EvidenceRow(
    "logs-2",
    "query_logs",
    Outcome.FAILED,
    "",
    {
        "service": "payments-api",
        "level": "ERROR",
        "startTime": "2026-11-03T02:30:00Z",
        "endTime": "2026-11-03T03:30:00Z",
    },
    error_message="Elasticsearch request timed out after 30000ms",
)
LOGS_ANSWERED = EvidenceRow(
    "logs-3",
    "query_logs",
    Outcome.NO_HIT,
    json.dumps({"success": True, "logs": [], "total": 0}),
    {
        "service": "payments-api",
        "level": "ERROR",
        "startTime": "2026-11-03T02:30:00Z",
        "endTime": "2026-11-03T03:30:00Z",
    },
)
DENIALS = [
    "payments-api-7c9d-2kq7x is Running with 0 restarts, and payments-api logged no errors between 02:30 and 03:30 UTC.",
    "payments-api-7c9d-2kq7x 处于 Running，重启 0 次，而且 payments-api 在 02:30 到 03:30 UTC 之间没有报错。",
]


@pytest.mark.parametrize("draft", DENIALS)
def test_a_denial_of_errors_whose_only_log_search_failed_is_not_grounded(draft: str) -> None:
    found = statuses(draft, PODS, LOGS_FAILED)
    assert found and not all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize("draft", DENIALS)
def test_a_log_search_that_answered_leaves_the_denial_to_the_negation_checks(draft: str) -> None:
    assert statuses(draft, PODS, LOGS_FAILED, LOGS_ANSWERED) == statuses(draft, PODS, LOGS_ANSWERED)


# A thing said to be absent by its noun, where the one call that would list it failed ("has no alert route").
PAGER_ALERT = EvidenceRow(
    "am-1",
    "alertmanager_alerts",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        [
            {
                "labels": {"alertname": "KafkaLagHigh", "instance": "kafka-3"},
                "status": {"state": "active"},
                "receivers": [{"name": "opsgenie-sre"}],
                "startsAt": "2026-11-03T04:10:00Z",
            }
        ]
    ),
    {"filter": 'alertname="KafkaLagHigh"'},
)
ROUTES_FAILED = EvidenceRow(
    "og-1",
    "http_get",
    Outcome.FAILED,
    "<html><body><h1>503 Service Unavailable</h1></body></html>",
    {"method": "GET"},
    error_message="HTTP 503 from https://api.opsgenie.example/v2/alert_routes?team=sre",
)
ROUTES_LISTED = EvidenceRow(
    "og-2",
    "http_get",
    Outcome.INDIRECT_SUPPORT,
    '{"alert_routes": [{"name": "sre-default", "match": "instance=~\\"redis-.*\\""}]}',
    {"url": "https://api.opsgenie.example/v2/alert_routes?team=sre"},
)
DENIALS = ["Opsgenie has no alert route for kafka-3, so nobody was paged.", "Opsgenie 里没有 kafka-3 的 alert route。"]


@pytest.mark.parametrize("draft", DENIALS)
def test_an_absence_only_a_failed_call_was_asked_for_is_not_grounded(draft: str) -> None:
    checks = [c for c in check_draft(draft, [PAGER_ALERT, ROUTES_FAILED]) if c.kind == ClaimKind.FACT]
    assert [c.status for c in checks] == [ClaimStatus.UNGROUNDED]
    assert "rests only on a call that failed (og-1)" in checks[0].reason


@pytest.mark.parametrize("draft", DENIALS)
def test_an_absence_a_call_answered_is_not_told_from_the_failure(draft: str) -> None:
    reasons = " ".join(c.reason for c in check_draft(draft, [PAGER_ALERT, ROUTES_FAILED, ROUTES_LISTED]))
    assert "rests only on a call that failed" not in reasons


# A thing denied in plain words, with no name or figure of its own ("No snapshots are kept", "目前没有任何快照"),
# where the one call that would list it failed: a claim, not context, and not grounded.
VOLUME = EvidenceRow(
    "vol-1",
    "storage_api",
    Outcome.DIRECT_SUPPORT,
    '{"volumes": [{"name": "pgdata-7", "size_gb": 200, "status": "in-use"}]}',
    {"path": "/v3/volumes", "name": "pgdata-7"},
)
SNAPSHOTS_FAILED = EvidenceRow(
    "snap-1",
    "storage_api",
    Outcome.FAILED,
    "",
    {"path": "/v3/snapshots", "volume": "pgdata-7"},
    error_message="HTTP 504 Gateway Time-out from https://storage.example.internal/v3/snapshots?volume=pgdata-7",
)
SNAPSHOTS_EMPTY = EvidenceRow(
    "snap-2", "storage_api", Outcome.NO_HIT, '{"snapshots": []}', {"path": "/v3/snapshots", "volume": "pgdata-7"}
)
PLAIN_DENIALS = [
    "No snapshots are kept for it.",
    "There are no snapshots of pgdata-7 yet.",
    "目前没有任何快照，可以放心删除。",
    "pgdata-7 不存在快照。",
]


@pytest.mark.parametrize("draft", PLAIN_DENIALS)
def test_a_plain_denial_only_a_failed_call_was_asked_for_is_not_grounded(draft: str) -> None:
    checks = [c for c in check_draft(draft, [VOLUME, SNAPSHOTS_FAILED]) if c.kind == ClaimKind.FACT]
    assert [c.status for c in checks] == [ClaimStatus.UNGROUNDED]
    assert "rests only on a call that failed (snap-1)" in checks[0].reason


@pytest.mark.parametrize("draft", PLAIN_DENIALS)
def test_a_plain_denial_a_call_answered_is_not_told_from_the_failure(draft: str) -> None:
    reasons = " ".join(c.reason for c in check_draft(draft, [VOLUME, SNAPSHOTS_FAILED, SNAPSHOTS_EMPTY]))
    assert "rests only on a call that failed" not in reasons


# A figure keyed by the command or field a failed call asked for ("LLEN 0", "XLEN=12", "queue_depth: 0"): the one
# call that would give it failed, so the figure rests on nothing, however well the claim's other facts ground.
WORKERS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                          READY   STATUS    RESTARTS   AGE\n"
    "mailer-worker-6c9d8b7f5-2xkqp   1/1     Running   0          3d4h\n",
    {"args": "get pods -n mail -l app=mailer-worker"},
)
XLEN_FAILED = EvidenceRow(
    "r-1",
    "ssh_exec",
    Outcome.FAILED,
    "",
    {"command": "redis-cli -h mail-redis XLEN mail:outbox"},
    error_message="Could not connect to Redis at mail-redis:6379: Connection refused",
)
XLEN_ANSWERED = EvidenceRow(
    "r-2", "ssh_exec", Outcome.DIRECT_SUPPORT, "(integer) 0", {"command": "redis-cli XLEN mail:outbox"}
)
KEYED = [
    "mailer-worker-6c9d8b7f5-2xkqp is Running with 0 restarts and the outbox stream is empty (XLEN 0).",
    "mailer-worker-6c9d8b7f5-2xkqp 是 Running，0 次重启，outbox 流是空的（XLEN 为 0）。",
]


@pytest.mark.parametrize("draft", KEYED)
def test_a_figure_keyed_by_what_only_a_failed_call_asked_is_not_grounded(draft: str) -> None:
    checks = [c for c in check_draft(draft, [WORKERS, XLEN_FAILED]) if c.kind == ClaimKind.FACT]
    assert [c.status for c in checks] == [ClaimStatus.UNGROUNDED]


@pytest.mark.parametrize("draft", KEYED)
def test_a_figure_keyed_by_what_a_call_answered_is_read_as_before(draft: str) -> None:
    reasons = " ".join(c.reason for c in check_draft(draft, [WORKERS, XLEN_FAILED, XLEN_ANSWERED]))
    assert "rests only on a call that failed" not in reasons
