"""A client that knows the service only through server reflection, as grpcurl does."""

from __future__ import annotations

import grpc
from google.protobuf import descriptor_pool, json_format, message_factory
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
        rpc = self._channel.unary_unary(
            f"/{SERVICE}/{method_name}",
            request_serializer=request_cls.SerializeToString,
            response_deserializer=response_cls.FromString,
        )
        response = rpc(json_format.ParseDict(body, request_cls()), timeout=10)
        return json_format.MessageToDict(response)
