"""What both clients share: the RPC table and request building."""
from __future__ import annotations

from typing import Any, Optional, Sequence, TypeVar

from google.protobuf.message import Message

M = TypeVar("M", bound=Message)

#: Every RPC of the service that may be resent safely (client-chosen ids, reads,
#: an idempotent completion). Chat is missing on purpose: each call is one evaluation.
IDEMPOTENT_RPCS = frozenset({
    "RecordInvocation", "BatchRecordInvocations", "RecordAgentStep", "GetSession", "CompleteSession",
    "SummarizeSession", "ListSessions",
})

#: Channel options both clients use: accept responses as large as the server may send.
CHANNEL_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.max_receive_message_length", 8 * 1024 * 1024),
    ("grpc.max_send_message_length", 8 * 1024 * 1024),
)

Metadata = Sequence[tuple[str, str]]


def build_request(cls: type[M], request: Optional[M], **fields: Any) -> M:
    """`request` as given, or a new `cls` from the keyword fields that are not None."""
    given = {name: value for name, value in fields.items() if value is not None}
    if request is None:
        return cls(**given)
    if not isinstance(request, cls):
        raise TypeError(f"expected {cls.DESCRIPTOR.full_name}, got {type(request).__name__}")
    if given:
        raise TypeError("pass either a request message or keyword fields, not both")
    return request


def auth_metadata(token: Optional[str]) -> tuple[tuple[str, str], ...]:
    """The call metadata that authenticates with a bearer token; empty without one."""
    return (("authorization", f"Bearer {token}"),) if token else ()


def call_metadata(base: Metadata, extra: Optional[Metadata]) -> tuple[tuple[str, str], ...]:
    return tuple(base) + tuple(extra or ())
