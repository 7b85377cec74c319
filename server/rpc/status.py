"""The one table mapping domain and storage errors to gRPC statuses (AIP-193).

Every error carries a google.rpc.ErrorInfo (reason, domain, metadata); bad
input adds a google.rpc.BadRequest with one violation per field; retryable
errors add a google.rpc.RetryInfo. Nothing reaches a client as UNKNOWN.

OTLP/HTTP (`rpc/otlp_http.py`) answers the same `google.rpc.Status`
(`rich_status`) with the HTTP status of the same table's row (`http_status_for`),
and a `Retry-After` header where the error has a retry
hint (`retry_after_header`).
"""

from __future__ import annotations

import math
from typing import Optional

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from evidence_trace.server.domain import errors

DOMAIN = "evidence-trace"

#: exception type -> canonical code, and the HTTP status OTLP/HTTP answers with (google/rpc/code.proto's
#: HTTP mapping of the code, but 413 and 415 for the body's size and encoding). The first matching row wins.
STATUS_TABLE: list[tuple[type[BaseException], int, int]] = [
    (errors.InvalidArgument, code_pb2.INVALID_ARGUMENT, 400),
    (errors.UnsupportedMediaType, code_pb2.INVALID_ARGUMENT, 415),
    (errors.NotFound, code_pb2.NOT_FOUND, 404),
    (errors.Conflict, code_pb2.ALREADY_EXISTS, 409),
    (errors.FailedPrecondition, code_pb2.FAILED_PRECONDITION, 400),
    (errors.StorageUnavailable, code_pb2.UNAVAILABLE, 503),  # includes StorageBusy and shutdown
    (errors.CommitPending, code_pb2.DEADLINE_EXCEEDED, 504),
    (errors.Overloaded, code_pb2.RESOURCE_EXHAUSTED, 429),
    (errors.TooLarge, code_pb2.RESOURCE_EXHAUSTED, 413),
    (errors.Unauthenticated, code_pb2.UNAUTHENTICATED, 401),
]
_INTERNAL = (BaseException, code_pb2.INTERNAL, 500)


def _pack(message) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(message)
    return packed


def _row(exc: BaseException) -> tuple[type[BaseException], int, int]:
    return next((row for row in STATUS_TABLE if isinstance(exc, row[0])), _INTERNAL)


def http_status_for(exc: BaseException) -> int:
    """The HTTP status of an exception (OTLP/HTTP)."""
    return _row(exc)[2]


def status_for(exc: BaseException) -> grpc.Status:
    """The gRPC status (with rich details) for an exception."""
    return rpc_status.to_status(rich_status(exc))


def retry_after_header(exc: BaseException) -> Optional[str]:
    """HTTP's `Retry-After` (whole seconds, at least 1) for an error with a retry hint; None without one."""
    retry_after = getattr(exc, "retry_after_s", None)
    return None if retry_after is None else str(max(1, math.ceil(retry_after)))


def rich_status(exc: BaseException) -> status_pb2.Status:
    """The google.rpc.Status, with its details, for an exception (the gRPC status carries it in its trailers)."""
    code = _row(exc)[1]
    if code == code_pb2.INTERNAL:
        reason, message, metadata = "INTERNAL", "internal error; see the server log", {}
    else:
        reason = getattr(exc, "reason", "INTERNAL")
        message = str(exc)
        metadata = dict(getattr(exc, "metadata", {}) or {})
    details = [_pack(error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN, metadata=metadata))]
    if isinstance(exc, errors.InvalidArgument):
        details.append(
            _pack(
                error_details_pb2.BadRequest(
                    field_violations=[
                        error_details_pb2.BadRequest.FieldViolation(field=v.field, description=v.description)
                        for v in exc.violations
                    ]
                )
            )
        )
    retry_after = getattr(exc, "retry_after_s", None)
    if retry_after is not None:
        delay = duration_pb2.Duration()
        delay.FromNanoseconds(int(retry_after * 1e9))
        details.append(_pack(error_details_pb2.RetryInfo(retry_delay=delay)))
    return status_pb2.Status(code=code, message=message, details=details)


def abort(context: grpc.ServicerContext, status: grpc.Status) -> None:
    """Abort the call with a rich status.

    Equivalent to context.abort_with_status(status), written out because
    grpc_testing's context does not implement abort_with_status.
    """
    context.set_trailing_metadata(status.trailing_metadata)
    context.abort(status.code, status.details)
