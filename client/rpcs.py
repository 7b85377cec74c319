"""What both clients share: the RPC table and request building."""
from __future__ import annotations

import uuid
from typing import Any, Optional, Sequence, TypeVar

from google.api import field_info_pb2
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.descriptor_pb2 import MethodOptions
from google.protobuf.message import Message

from evidence_trace.v1 import evidence_trace_pb2 as pb

M = TypeVar("M", bound=Message)

_SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]
_SAFE_LEVELS = (MethodOptions.IDEMPOTENT, MethodOptions.NO_SIDE_EFFECTS)


def _request_id_field(method: MethodDescriptor) -> Optional[str]:
    """The request's field marked `(google.api.field_info).format = UUID4` (AIP-155), if any."""
    for field in method.input_type.fields:
        if field.GetOptions().Extensions[field_info_pb2.field_info].format == field_info_pb2.FieldInfo.UUID4:
            return field.name
    return None


#: RPC name -> its request-id field (AIP-155): the clients fill it with a fresh
#: UUID4 when the caller leaves it empty and keep it across their retries, so
#: the server answers a resend with the first call's result.
REQUEST_ID_FIELDS: dict[str, str] = {
    m.name: field for m in _SERVICE.methods if (field := _request_id_field(m)) is not None
}

#: Every RPC that may be resent safely, read from the contract: those marked
#: `idempotency_level = IDEMPOTENT` or `NO_SIDE_EFFECTS`, and those made safe
#: by a request id the clients fill in.
_REQUEST_ID_BY_TYPE: dict[str, str] = {
    m.input_type.full_name: field for m in _SERVICE.methods if (field := _request_id_field(m)) is not None
}

IDEMPOTENT_RPCS = frozenset(
    m.name for m in _SERVICE.methods
    if m.GetOptions().idempotency_level in _SAFE_LEVELS or m.name in REQUEST_ID_FIELDS
)

#: Channel options both clients use: accept responses as large as the server may send.
CHANNEL_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.max_receive_message_length", 8 * 1024 * 1024),
    ("grpc.max_send_message_length", 8 * 1024 * 1024),
)

Metadata = Sequence[tuple[str, str]]


def build_request(cls: type[M], request: Optional[M], **fields: Any) -> M:
    """`request` as given, or a new `cls` from the keyword fields that are not None.

    A request with a request-id field (AIP-155) left empty gets a fresh UUID4,
    on a copy when the caller passed the message, so every retry of this call
    carries the same id and the caller's message is not changed.
    """
    given = {name: value for name, value in fields.items() if value is not None}
    if request is None:
        return _with_request_id(cls(**given), copy=False)
    if not isinstance(request, cls):
        raise TypeError(f"expected {cls.DESCRIPTOR.full_name}, got {type(request).__name__}")
    if given:
        raise TypeError("pass either a request message or keyword fields, not both")
    return _with_request_id(request, copy=True)


def _with_request_id(request: M, copy: bool) -> M:
    field = _REQUEST_ID_BY_TYPE.get(request.DESCRIPTOR.full_name)
    if field is None or getattr(request, field):
        return request
    if copy:
        fresh = type(request)()
        fresh.CopyFrom(request)
        request = fresh
    setattr(request, field, str(uuid.uuid4()))
    return request


def auth_metadata(token: Optional[str]) -> tuple[tuple[str, str], ...]:
    """The call metadata that authenticates with a bearer token; empty without one."""
    return (("authorization", f"Bearer {token}"),) if token else ()


def call_metadata(base: Metadata, extra: Optional[Metadata]) -> tuple[tuple[str, str], ...]:
    return tuple(base) + tuple(extra or ())
