"""The one table mapping domain and storage errors to gRPC statuses (AIP-193).

Every error carries a google.rpc.ErrorInfo (reason, domain, metadata); bad
input adds a google.rpc.BadRequest with one violation per field; retryable
errors add a google.rpc.RetryInfo. Nothing reaches a client as UNKNOWN.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from evidence_trace.server.domain import errors

DOMAIN = "evidence-trace"

#: exception type -> canonical code. The first matching row wins (subclasses first).
STATUS_TABLE: list[tuple[type[BaseException], int]] = [
    (errors.InvalidArgument, code_pb2.INVALID_ARGUMENT),
    (errors.NotFound, code_pb2.NOT_FOUND),
    (errors.Conflict, code_pb2.ALREADY_EXISTS),
    (errors.FailedPrecondition, code_pb2.FAILED_PRECONDITION),
    (errors.StorageUnavailable, code_pb2.UNAVAILABLE),  # includes StorageBusy and shutdown
    (errors.CommitPending, code_pb2.DEADLINE_EXCEEDED),
    (errors.Overloaded, code_pb2.RESOURCE_EXHAUSTED),
    (errors.Unauthenticated, code_pb2.UNAUTHENTICATED),
]


def _pack(message) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(message)
    return packed


def status_for(exc: BaseException) -> grpc.Status:
    """The gRPC status (with rich details) for an exception."""
    code = next((c for kind, c in STATUS_TABLE if isinstance(exc, kind)), code_pb2.INTERNAL)
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
    return rpc_status.to_status(status_pb2.Status(code=code, message=message, details=details))


def abort(context: grpc.ServicerContext, status: grpc.Status) -> None:
    """Abort the call with a rich status.

    Equivalent to context.abort_with_status(status), written out because
    grpc_testing's context does not implement abort_with_status.
    """
    context.set_trailing_metadata(status.trailing_metadata)
    context.abort(status.code, status.details)
