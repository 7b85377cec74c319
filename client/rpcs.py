"""What both clients share: the table of RPCs, request building, and the one call core.

`RPCS` lists every RPC once: its request and response classes, whether it may
be resent, whether it streams, the request fields its method takes as keyword
arguments, and the method's docstring. `EvidenceTraceClient` and
`AsyncEvidenceTraceClient` each declare one typed wrapper per row (so mypy and
editors see every signature) that hands the call to `ClientCore`, where the
metadata, deadline, retry and error logic lives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import re
import uuid
from typing import Any, Callable, Generic, Iterable, Iterator, Optional, Sequence, TypeVar

import grpc
from google.api import field_info_pb2
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.descriptor_pb2 import MethodOptions
from google.protobuf.message import Message

from evidence_trace.client.errors import error_from_rpc
from evidence_trace.client.retry import Retrier, RetryPolicy
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

M = TypeVar("M", bound=Message)
Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)
F = TypeVar("F", bound=Callable[..., Any])

Metadata = Sequence[tuple[str, str]]


@dataclasses.dataclass(frozen=True)
class Rpc(Generic[Req, Resp]):
    """One RPC of the service, as both clients wrap it."""

    #: The RPC's name in the service ("GetSession").
    name: str
    request: type[Req]
    response: type[Resp]
    #: The request fields the client method takes as keyword arguments, in order.
    fields: tuple[str, ...]
    #: The client method's docstring.
    doc: str
    #: Server streaming: no default deadline and no retries (call again to resume).
    streaming: bool = False

    @property
    def idempotent(self) -> bool:
        """Whether a failed call may be resent, as the contract says (IDEMPOTENT_RPCS)."""
        return self.name in IDEMPOTENT_RPCS

    @property
    def method(self) -> str:
        """The client method's name ("get_session")."""
        return re.sub(r"(?<!^)(?=[A-Z])", "_", self.name).lower()


RECORD_INVOCATION = Rpc(
    "RecordInvocation",
    pb.RecordInvocationRequest,
    pb.RecordInvocationResponse,
    ("invocation", "view"),
    "Store one tool call; returns after its commit (CREATED or DUPLICATE). Retried safely. "
    "view=RECORD_VIEW_BASIC returns only the outcome, id and record time, not the stored row.",
)
BATCH_RECORD_INVOCATIONS = Rpc(
    "BatchRecordInvocations",
    pb.BatchRecordInvocationsRequest,
    pb.BatchRecordInvocationsResponse,
    ("invocations",),
    "Store 1-500 tool calls; one result per item. Retried safely.",
)
RECORD_AGENT_STEP = Rpc(
    "RecordAgentStep",
    pb.RecordAgentStepRequest,
    pb.RecordAgentStepResponse,
    ("step",),
    "Store one model step or helper call. Retried safely.",
)
GET_SESSION = Rpc(
    "GetSession",
    pb.GetSessionRequest,
    pb.GetSessionResponse,
    ("session_id",),
    "A session and its counts; NotFoundError when it does not exist.",
)
COMPLETE_SESSION = Rpc(
    "CompleteSession",
    pb.CompleteSessionRequest,
    pb.CompleteSessionResponse,
    ("session_id", "status"),
    "Mark a session COMPLETED or FAILED. Idempotent for the same status.",
)
SUMMARIZE_SESSION = Rpc(
    "SummarizeSession",
    pb.SummarizeSessionRequest,
    pb.SummarizeSessionResponse,
    ("session_id",),
    "The session's merged, verifier-facing evidence entries.",
)
CHAT = Rpc(
    "Chat",
    pb.ChatRequest,
    pb.ChatResponse,
    ("session_id", "question", "draft_answer", "verifier_output", "request_id"),
    "Judge a draft answer against the session's evidence. Retried with one request_id (a fresh UUID4 unless "
    "given): a resend returns the first call's evaluation.",
)
LIST_SESSIONS = Rpc(
    "ListSessions",
    pb.ListSessionsRequest,
    pb.ListSessionsResponse,
    ("page_size", "page_token", "status"),
    "One page of sessions, most recently updated first (AIP-158). Retried safely.",
)
WATCH_SESSION = Rpc(
    "WatchSession",
    pb.WatchSessionRequest,
    pb.WatchSessionResponse,
    ("session_id", "replay_only"),
    """The session's stored rows, then each new one, until it completes or the iterator is closed.

        No default deadline (a watch lasts as long as the session) and no
        retries: call again to resume; the replay repeats what is stored.
        Errors are raised as EvidenceTraceError while iterating.
        """,
    streaming=True,
)

#: Every RPC of the service, as the clients wrap them.
RPCS: tuple[Rpc[Any, Any], ...] = (
    RECORD_INVOCATION,
    BATCH_RECORD_INVOCATIONS,
    RECORD_AGENT_STEP,
    GET_SESSION,
    COMPLETE_SESSION,
    SUMMARIZE_SESSION,
    CHAT,
    LIST_SESSIONS,
    WATCH_SESSION,
)

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
_REQUEST_ID_BY_TYPE = {
    _SERVICE.methods_by_name[name].input_type.full_name: field for name, field in REQUEST_ID_FIELDS.items()
}

#: Every RPC that may be resent safely, read from the contract: those marked
#: `idempotency_level = IDEMPOTENT` or `NO_SIDE_EFFECTS`, and those made safe
#: by a request id the clients fill in.
IDEMPOTENT_RPCS = frozenset(
    m.name for m in _SERVICE.methods if m.GetOptions().idempotency_level in _SAFE_LEVELS or m.name in REQUEST_ID_FIELDS
)

#: Channel options both clients use: accept responses as large as the server may send.
CHANNEL_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.max_receive_message_length", 8 * 1024 * 1024),
    ("grpc.max_send_message_length", 8 * 1024 * 1024),
)


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


def channel_options(extra: Iterable[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """CHANNEL_OPTIONS, then the caller's own (a later option wins)."""
    return list(CHANNEL_OPTIONS) + list(extra)


@contextlib.contextmanager
def typed_errors() -> Iterator[None]:
    """Re-raise a failed call's grpc.RpcError as its EvidenceTraceError subclass."""
    try:
        yield
    except grpc.RpcError as err:
        raise error_from_rpc(err) from err


def wraps(rpc: Rpc[Any, Any]) -> Callable[[F], F]:
    """Mark a client method as the wrapper of `rpc`: it gets the table's docstring, and its
    keyword arguments must be the table's fields (then timeout and metadata), checked on import."""

    def decorate(method: F) -> F:
        params = inspect.signature(method).parameters
        keywords = tuple(name for name, p in params.items() if p.kind is p.KEYWORD_ONLY)
        if method.__name__ != rpc.method or keywords != (*rpc.fields, "timeout", "metadata"):
            raise TypeError(
                f"{method.__qualname__}{inspect.signature(method)} does not match the RPC table's "
                f"{rpc.method}(request, *, {', '.join(rpc.fields)}, timeout, metadata)"
            )
        method.__doc__ = rpc.doc
        return method

    return decorate


@dataclasses.dataclass(frozen=True)
class PreparedCall(Generic[Req]):
    """One call, ready to send: the stub method, the request, its metadata and overall deadline."""

    send: Callable[..., Any]
    request: Req
    metadata: tuple[tuple[str, str], ...]
    timeout: Optional[float]
    idempotent: bool


class ClientCore:
    """The state and per-call logic of both clients; the subclasses only send, sync or awaited."""

    def __init__(
        self,
        target: str,
        channel: Any,
        *,
        default_timeout: Optional[float],
        retry: RetryPolicy,
        metadata: Optional[Metadata],
        retrier: Optional[Retrier],
        token: Optional[str],
    ):
        self.target = target
        self.default_timeout = default_timeout
        self.retry = retry
        self._channel = channel
        self._stub = pb_grpc.EvidenceTraceServiceStub(channel)
        self._metadata = auth_metadata(token) + tuple(metadata or ())
        self._retrier = retrier or Retrier(retry)

    def _prepare(
        self,
        rpc: Rpc[Req, Any],
        request: Optional[Req],
        timeout: Optional[float],
        metadata: Optional[Metadata],
        fields: dict[str, Any],
    ) -> PreparedCall[Req]:
        """Build the request and settle the call's metadata, deadline and whether it may be resent.

        A unary call's deadline is `timeout`, else `default_timeout`, and covers all
        its retries; a stream has only the deadline it is given, and is never resent.
        """
        overall = timeout if timeout is not None or rpc.streaming else self.default_timeout
        return PreparedCall(
            getattr(self._stub, rpc.name),
            build_request(rpc.request, request, **fields),
            call_metadata(self._metadata, metadata),
            overall,
            rpc.name in IDEMPOTENT_RPCS and not rpc.streaming,
        )
