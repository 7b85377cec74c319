"""A client that knows the service only through reflection can use it; health is served."""
from __future__ import annotations

import grpc
from google.protobuf import descriptor_pool, json_format, message_factory
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

SERVICE = "evidence_trace.v1.EvidenceTraceService"


class ReflectedService:
    """Calls methods by name with messages built from reflected descriptors, as grpcurl does."""

    def __init__(self, channel: grpc.Channel):
        self._channel = channel
        self._pool = descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(channel))
        self._service = self._pool.FindServiceByName(SERVICE)

    def call(self, method_name: str, body: dict) -> dict:
        method = self._service.FindMethodByName(method_name)
        request_cls = message_factory.GetMessageClass(method.input_type)
        response_cls = message_factory.GetMessageClass(method.output_type)
        rpc = self._channel.unary_unary(f"/{SERVICE}/{method_name}",
                                        request_serializer=request_cls.SerializeToString,
                                        response_deserializer=response_cls.FromString)
        response = rpc(json_format.ParseDict(body, request_cls()), timeout=10)
        return json_format.MessageToDict(response)


def test_reflection_only_client_records_and_reads_counts(channel):
    service = ReflectedService(channel)
    created = service.call("RecordInvocation", {"invocation": {
        "invocationId": "r-1", "sessionId": "refl", "toolName": "lookup_knowledge", "success": True,
        "inputParams": {"query": "payment timeout"}, "outputPreview": "Runbook: payment timeouts",
        "retrieval": {"retrievalLayer": "L1", "l0Count": 0, "l1Count": 2, "relevanceLevel": "RELEVANCE_LEVEL_HIGH"}}})
    assert created["outcome"] == "RECORD_OUTCOME_CREATED"
    service.call("RecordAgentStep", {"step": {"stepId": "st-1", "sessionId": "refl",
                                              "kind": "AGENT_STEP_KIND_MODEL_STEP", "name": "model"}})
    service.call("RecordAgentStep", {"step": {"stepId": "st-2", "sessionId": "refl",
                                              "kind": "AGENT_STEP_KIND_HELPER_CALL", "name": "rewrite"}})
    got = service.call("GetSession", {"sessionId": "refl"})["session"]
    assert (got["toolCallCount"], got["stepCount"], got["helperCallCount"]) == ("1", "1", "1")


def test_health_reports_serving(channel):
    stub = health_pb2_grpc.HealthStub(channel)
    for name in ("", SERVICE):
        response = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert response.status == health_pb2.HealthCheckResponse.SERVING
