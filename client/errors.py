"""One exception tree for every failed call (AIP-193 rich errors).

`error_from_rpc(err)` turns a `grpc.RpcError` (sync or asyncio) into the
subclass for its status code, reading the `google.rpc.ErrorInfo`,
`google.rpc.BadRequest` and `google.rpc.RetryInfo` the server sends in the
status details. Branch on `.reason`, never on the message text.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Optional

import grpc
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

#: The `ErrorInfo.domain` of every error the evidence-trace server reports.
SERVICE_DOMAIN = "evidence-trace"


class FieldViolation(NamedTuple):
    """One bad request field, from `google.rpc.BadRequest`."""

    field: str
    description: str


class EvidenceTraceError(Exception):
    """A call failed. Subclasses name the status code.

    Attributes:
        code: the gRPC status code.
        message: the status message (for humans; never parse it).
        reason: the `ErrorInfo` reason (UPPER_SNAKE), "" when the status had none
            (for example a connection failure reported by the channel itself).
        domain: the `ErrorInfo` domain, "evidence-trace" for server errors.
        metadata: the `ErrorInfo` metadata.
        violations: the `BadRequest` field violations, one per bad field.
        retry_delay: the server's `RetryInfo` delay in seconds, or None.
    """

    code: grpc.StatusCode = grpc.StatusCode.UNKNOWN

    def __init__(
        self,
        message: str,
        *,
        code: Optional[grpc.StatusCode] = None,
        reason: str = "",
        domain: str = "",
        metadata: Optional[Mapping[str, str]] = None,
        violations: tuple[FieldViolation, ...] = (),
        retry_delay: Optional[float] = None,
    ):
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.reason = reason
        self.domain = domain
        self.metadata: dict[str, str] = dict(metadata or {})
        self.violations: list[FieldViolation] = list(violations)
        self.retry_delay = retry_delay

    def __str__(self) -> str:
        reason = f" [{self.reason}]" if self.reason else ""
        return f"{self.code.name}{reason}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code.name}, reason={self.reason!r}, message={self.message!r})"


class CancelledError(EvidenceTraceError):
    """The call was cancelled (for example the channel was closed)."""

    code = grpc.StatusCode.CANCELLED


class InvalidArgumentError(EvidenceTraceError):
    """The request broke a contract rule; `.violations` names each bad field. Nothing was stored."""

    code = grpc.StatusCode.INVALID_ARGUMENT


class DeadlineExceededError(EvidenceTraceError):
    """The deadline passed. With reason COMMIT_PENDING the write may still land; a resend is safe."""

    code = grpc.StatusCode.DEADLINE_EXCEEDED


class NotFoundError(EvidenceTraceError):
    """The session does not exist (reason SESSION_NOT_FOUND)."""

    code = grpc.StatusCode.NOT_FOUND


class AlreadyExistsError(EvidenceTraceError):
    """An id was reused with other content (INVOCATION_ID_CONFLICT, STEP_ID_CONFLICT)."""

    code = grpc.StatusCode.ALREADY_EXISTS


class PermissionDeniedError(EvidenceTraceError):
    """The caller may not do this."""

    code = grpc.StatusCode.PERMISSION_DENIED


class ResourceExhaustedError(EvidenceTraceError):
    """The server is overloaded, or a message was too large."""

    code = grpc.StatusCode.RESOURCE_EXHAUSTED


class FailedPreconditionError(EvidenceTraceError):
    """The system is not in the state the call needs (SESSION_ALREADY_FINISHED)."""

    code = grpc.StatusCode.FAILED_PRECONDITION


class UnimplementedError(EvidenceTraceError):
    """The server does not implement this RPC (an older server)."""

    code = grpc.StatusCode.UNIMPLEMENTED


class InternalError(EvidenceTraceError):
    """A server bug; the server log has the traceback."""

    code = grpc.StatusCode.INTERNAL


class UnavailableError(EvidenceTraceError):
    """The server or its storage is unreachable, busy or draining; retrying may succeed."""

    code = grpc.StatusCode.UNAVAILABLE


class UnauthenticatedError(EvidenceTraceError):
    """The call carried no valid credentials."""

    code = grpc.StatusCode.UNAUTHENTICATED


_BY_CODE: dict[grpc.StatusCode, type[EvidenceTraceError]] = {
    cls.code: cls
    for cls in (
        CancelledError,
        InvalidArgumentError,
        DeadlineExceededError,
        NotFoundError,
        AlreadyExistsError,
        PermissionDeniedError,
        ResourceExhaustedError,
        FailedPreconditionError,
        UnimplementedError,
        InternalError,
        UnavailableError,
        UnauthenticatedError,
    )
}


def error_class(code: grpc.StatusCode) -> type[EvidenceTraceError]:
    """The exception class for a status code (EvidenceTraceError itself for the rest)."""
    return _BY_CODE.get(code, EvidenceTraceError)


def error_from_rpc(err: grpc.RpcError) -> EvidenceTraceError:
    """The typed error for a failed call, with the rich details of its status."""
    code = _call_value(err, "code", grpc.StatusCode.UNKNOWN)
    message = _call_value(err, "details", "") or ""
    fields = _rich_fields(_rich_status(err))
    return error_class(code)(message, code=code, **fields)


def _call_value(err: grpc.RpcError, name: str, default):
    method = getattr(err, name, None)
    try:
        return method() if callable(method) else default
    except Exception:  # a half-built error object: keep what we can
        return default


def _rich_status(err: grpc.RpcError) -> Optional[status_pb2.Status]:
    try:
        return rpc_status.from_call(err)  # type: ignore[arg-type]
    except (ValueError, AttributeError, TypeError):  # inconsistent or absent rich status
        return None


def _rich_fields(status: Optional[status_pb2.Status]) -> dict:
    fields: dict = {}
    if status is None:
        return fields
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            fields.update(reason=info.reason, domain=info.domain, metadata=dict(info.metadata))
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            fields["violations"] = tuple(FieldViolation(v.field, v.description) for v in bad.field_violations)
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            retry = error_details_pb2.RetryInfo()
            detail.Unpack(retry)
            fields["retry_delay"] = retry.retry_delay.ToNanoseconds() / 1e9
    return fields
