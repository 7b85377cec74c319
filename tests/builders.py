"""Small builders of request messages and readers of rich errors, for tests."""
from __future__ import annotations

import uuid

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from evidence_trace.v1 import evidence_trace_pb2 as pb


def invocation(**fields) -> pb.ToolInvocation:
    """A valid successful query_logs invocation; keyword arguments override fields."""
    params = fields.pop("input_params", {"query": "level:ERROR", "logTopic": "payment"})
    base = dict(invocation_id=str(uuid.uuid4()), session_id="s-1", tool_name="query_logs",
                duration_ms=120, success=True, output_preview='{"total": 1, "logs": [{"level": "ERROR"}]}')
    base.update(fields)
    message = pb.ToolInvocation(**base)
    if params is not None:
        message.input_params.update(params)
    return message


def failed_invocation(**fields) -> pb.ToolInvocation:
    base = dict(success=False, output_preview="", output_state=pb.OUTPUT_STATE_NOT_CAPTURED,
                error_message="upstream timed out after 30s", error_kind=pb.ERROR_KIND_TIMEOUT)
    base.update(fields)
    return invocation(**base)


def step(**fields) -> pb.AgentStep:
    base = dict(step_id=str(uuid.uuid4()), session_id="s-1", kind=pb.AGENT_STEP_KIND_MODEL_STEP,
                name="gpt-4o", duration_ms=800)
    base.update(fields)
    return pb.AgentStep(**base)


def error_info(err: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    return _detail(err, error_details_pb2.ErrorInfo)


def bad_fields(err: grpc.RpcError) -> list[str]:
    """The field paths named by the error's google.rpc.BadRequest."""
    return [v.field for v in _detail(err, error_details_pb2.BadRequest).field_violations]


def retry_delay_s(err: grpc.RpcError) -> float:
    return _detail(err, error_details_pb2.RetryInfo).retry_delay.ToNanoseconds() / 1e9


def _detail(err: grpc.RpcError, kind):
    status = rpc_status.from_call(err)
    assert status is not None, f"no rich status on {err.code()}: {err.details()}"
    for detail in status.details:
        if detail.Is(kind.DESCRIPTOR):
            message = kind()
            detail.Unpack(message)
            return message
    raise AssertionError(f"no {kind.DESCRIPTOR.name} in {err.code()} {err.details()}")
