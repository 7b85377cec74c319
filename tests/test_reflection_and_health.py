"""A client that knows the service only through reflection can use it; health is served."""

from __future__ import annotations

from grpc_health.v1 import health_pb2, health_pb2_grpc
from reflected import SERVICE, ReflectedService


def test_reflection_only_client_records_and_reads_counts(channel):
    service = ReflectedService(channel)
    created = service.call(
        "RecordInvocation",
        {
            "invocation": {
                "invocationId": "r-1",
                "sessionId": "refl",
                "toolName": "lookup_knowledge",
                "success": True,
                "inputParams": {"query": "payment timeout"},
                "outputPreview": "Runbook: payment timeouts",
                "retrieval": {
                    "retrievalLayer": "L1",
                    "l0Count": 0,
                    "l1Count": 2,
                    "relevanceLevel": "RELEVANCE_LEVEL_HIGH",
                },
            }
        },
    )
    assert created["outcome"] == "RECORD_OUTCOME_CREATED"
    service.call(
        "RecordAgentStep",
        {"step": {"stepId": "st-1", "sessionId": "refl", "kind": "AGENT_STEP_KIND_MODEL_STEP", "name": "model"}},
    )
    service.call(
        "RecordAgentStep",
        {"step": {"stepId": "st-2", "sessionId": "refl", "kind": "AGENT_STEP_KIND_HELPER_CALL", "name": "rewrite"}},
    )
    got = service.call("GetSession", {"sessionId": "refl"})["session"]
    assert (got["toolCallCount"], got["stepCount"], got["helperCallCount"]) == ("1", "1", "1")


def test_health_reports_serving(channel):
    stub = health_pb2_grpc.HealthStub(channel)
    for name in ("", SERVICE):
        response = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert response.status == health_pb2.HealthCheckResponse.SERVING
