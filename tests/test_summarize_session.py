"""SummarizeSession end to end: a realistic diagnosis session, read by a reflection-only client."""

from __future__ import annotations

import pathlib

import grpc
import pytest
from reflected import ReflectedService

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "payloads"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def call(inv_id: str, tool: str, params: dict, **fields) -> dict:
    body = {
        "invocationId": inv_id,
        "sessionId": "incident-7",
        "toolName": tool,
        "inputParams": params,
        "durationMs": "100",
        "success": True,
        **fields,
    }
    return {"invocation": body}


def realistic_session() -> list[dict]:
    error_logs = fixture("query_logs_java_error.json")
    cut = error_logs.index('"ERROR"')
    truncated = error_logs[: error_logs.index("\n", error_logs.index('"message"', cut)) + 1]
    runbook = {"query": "Payment   TIMEOUT runbook"}
    logs = {"logTopic": "payment-service-log", "query": "service:payment-service"}
    return [
        call(
            "k1",
            "lookup_knowledge",
            runbook,
            outputPreview="Runbook: payment timeouts come from bank-gateway",
            retrieval={"retrievalLayer": "L1", "l0Count": 0, "l1Count": 2, "relevanceLevel": "RELEVANCE_LEVEL_HIGH"},
        ),
        call(
            "k2",
            "lookup_knowledge",
            runbook,
            outputState="OUTPUT_STATE_NOT_CAPTURED",
            retrieval={"dedupReason": "same query already answered in this session"},
        ),
        call("l1", "query_logs", logs, outputPreview=truncated, outputTruncated=True),
        call("l2", "query_logs", logs, outputPreview=error_logs),
        call(
            "l3",
            "query_logs",
            {"logTopic": "refund-service-log", "query": "退款失败"},
            outputPreview=fixture("query_logs_java_empty.json"),
        ),
        call(
            "m1",
            "query_metrics",
            {"alertname": "PaymentErrorRateHigh"},
            outputPreview=fixture("prometheus_alerts_firing.json"),
        ),
        call(
            "m2",
            "query_metrics",
            {"alertname": "DiskFull"},
            success=False,
            outputState="OUTPUT_STATE_NOT_CAPTURED",
            errorMessage="prometheus did not answer within 10s",
            errorKind="ERROR_KIND_TIMEOUT",
        ),
    ]


@pytest.fixture
def summary(channel) -> dict:
    service = ReflectedService(channel)
    for body in realistic_session():
        service.call("RecordInvocation", body)
    service.call(
        "RecordAgentStep",
        {
            "step": {
                "stepId": "h1",
                "sessionId": "incident-7",
                "kind": "AGENT_STEP_KIND_HELPER_CALL",
                "name": "rewrite_query",
            }
        },
    )
    return service.call("SummarizeSession", {"sessionId": "incident-7"})


def test_session_counts(summary):
    session = summary["session"]
    assert (session["toolCallCount"], session.get("stepCount", "0"), session["helperCallCount"]) == ("7", "0", "1")


def test_entries_follow_the_evidence_rules(summary):
    got = [(e["toolName"], e["topicDomain"], e["level"], e["sourceInvocationIds"]) for e in summary["entries"]]
    assert got == [
        ("lookup_knowledge", "payment timeout runbook", "EVIDENCE_LEVEL_DIRECT", ["k1", "k2"]),
        ("query_logs", "payment-service-log", "EVIDENCE_LEVEL_DIRECT", ["l1", "l2"]),
        ("query_logs", "refund-service-log", "EVIDENCE_LEVEL_NO_EVIDENCE", ["l3"]),
        ("query_metrics", "PaymentErrorRateHigh", "EVIDENCE_LEVEL_DIRECT", ["m1"]),
        ("query_metrics", "DiskFull", "EVIDENCE_LEVEL_FAILED", ["m2"]),
    ]


def test_deduped_call_counts_but_does_not_add_support(summary):
    knowledge = summary["entries"][0]
    assert (knowledge["callCount"], knowledge["dedupCount"], knowledge["repeatedCallCount"]) == ("2", "1", "1")
    assert knowledge["directHitInvocationId"] == "k1"


def test_truncated_preview_with_an_error_entry_is_direct_evidence(summary):
    logs = summary["entries"][1]
    assert logs["directHitInvocationId"] == "l1"  # the truncated row, first in call order
    assert "ERROR" in logs["directHitExcerpt"] and len(logs["directHitExcerpt"]) <= 512


def test_gaps_are_explained(summary):
    no_hit, failed = summary["entries"][2], summary["entries"][4]
    assert no_hit["noHitCount"] == "1" and "退款失败" in no_hit["outputSummary"]
    assert failed["failureCount"] == "1" and "prometheus did not answer within 10s" in failed["outputSummary"]
    assert "directHitExcerpt" not in no_hit and "directHitExcerpt" not in failed


def test_unknown_session_is_not_found(channel):
    with pytest.raises(grpc.RpcError) as caught:
        ReflectedService(channel).call("SummarizeSession", {"sessionId": "missing"})
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
