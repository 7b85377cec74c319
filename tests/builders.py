"""Small builders of request messages, for tests. Rich errors are read with the SDK's `error_from_rpc`."""

from __future__ import annotations

import uuid

import grpc

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb


def invocation(**fields) -> pb.ToolInvocation:
    """A valid successful query_logs invocation; keyword arguments override fields."""
    params = fields.pop("input_params", {"query": "level:ERROR", "logTopic": "payment"})
    base = dict(
        invocation_id=str(uuid.uuid4()),
        session_id="s-1",
        tool_name="query_logs",
        duration_ms=120,
        success=True,
        output_preview='{"total": 1, "logs": [{"level": "ERROR"}]}',
    )
    base.update(fields)
    message = pb.ToolInvocation(**base)
    if params is not None:
        message.input_params.update(params)
    return message


def failed_invocation(**fields) -> pb.ToolInvocation:
    base = dict(
        success=False,
        output_preview="",
        output_state=pb.OUTPUT_STATE_NOT_CAPTURED,
        error_message="upstream timed out after 30s",
        error_kind=pb.ERROR_KIND_TIMEOUT,
    )
    base.update(fields)
    return invocation(**base)


def step(**fields) -> pb.AgentStep:
    base = dict(
        step_id=str(uuid.uuid4()), session_id="s-1", kind=pb.AGENT_STEP_KIND_MODEL_STEP, name="gpt-4o", duration_ms=800
    )
    base.update(fields)
    return pb.AgentStep(**base)


def bad_fields(err: grpc.RpcError) -> list[str]:
    """The field paths of the error's violations (the SDK decodes its google.rpc.BadRequest)."""
    return [v.field for v in error_from_rpc(err).violations]
