"""What the contract states in options, and how the SDK reads it."""

from __future__ import annotations

import uuid

import grpc
import pytest
from builders import bad_fields, invocation, step
from google.api import field_behavior_pb2
from google.protobuf.descriptor_pb2 import MethodOptions

from evidence_trace.client.rpcs import IDEMPOTENT_RPCS, REQUEST_ID_FIELDS, build_request
from evidence_trace.v1 import evidence_trace_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]


def _behavior(message, field: str) -> list[int]:
    return list(message.DESCRIPTOR.fields_by_name[field].GetOptions().Extensions[field_behavior_pb2.field_behavior])


def test_every_rpc_states_whether_a_resend_is_safe():
    """A new RPC must choose: an idempotency level, or a request id that makes resends safe."""
    undecided = [
        m.name
        for m in SERVICE.methods
        if m.GetOptions().idempotency_level == MethodOptions.IDEMPOTENCY_UNKNOWN and m.name not in REQUEST_ID_FIELDS
    ]
    assert undecided == []


def test_the_retry_set_comes_from_the_contract():
    reads = {m.name for m in SERVICE.methods if m.GetOptions().idempotency_level == MethodOptions.NO_SIDE_EFFECTS}
    assert reads == {"GetSession", "SummarizeSession", "ListSessions", "WatchSession"}
    assert REQUEST_ID_FIELDS == {"Chat": "request_id"}
    assert IDEMPOTENT_RPCS == {m.name for m in SERVICE.methods}


def test_required_and_output_only_fields_are_marked():
    required, output_only = field_behavior_pb2.REQUIRED, field_behavior_pb2.OUTPUT_ONLY
    assert _behavior(pb.ToolInvocation, "invocation_id") == [required]
    assert _behavior(pb.ToolInvocation, "record_time") == [output_only]
    assert _behavior(pb.ToolInvocation, "outcome") == [output_only]
    assert _behavior(pb.ChatRequest, "draft_answer") == [required]
    assert _behavior(pb.ChatRequest, "verifier_output") == []


def test_the_client_fills_an_empty_request_id_with_a_uuid4():
    request = build_request(pb.ChatRequest, None, session_id="s", question="q", draft_answer="a")
    assert uuid.UUID(request.request_id).version == 4


def test_the_client_keeps_a_request_id_the_caller_chose_and_never_changes_the_callers_message():
    chosen = build_request(pb.ChatRequest, pb.ChatRequest(session_id="s", request_id="mine"))
    assert chosen.request_id == "mine"
    mine = pb.ChatRequest(session_id="s")
    sent = build_request(pb.ChatRequest, mine)
    assert mine.request_id == "" and sent.request_id and sent.session_id == "s"


def test_requests_without_a_request_id_field_are_passed_through():
    request = pb.GetSessionRequest(session_id="s")
    assert build_request(pb.GetSessionRequest, request) is request


def _required_paths(message, prefix: str = "") -> list[str]:
    """Every field path marked REQUIRED, following REQUIRED message fields (not repeated ones)."""
    paths = []
    for field in message.DESCRIPTOR.fields:
        if field_behavior_pb2.REQUIRED in field.GetOptions().Extensions[field_behavior_pb2.field_behavior]:
            paths.append(prefix + field.name)
            if field.message_type is not None and not field.is_repeated:
                paths += _required_paths(getattr(message, field.name), prefix + field.name + ".")
    return paths


def _valid_requests():
    sid = f"contract-{uuid.uuid4()}"
    return sid, {
        "RecordInvocation": pb.RecordInvocationRequest(invocation=invocation(session_id=sid)),
        "RecordAgentStep": pb.RecordAgentStepRequest(step=step(session_id=sid)),
        "GetSession": pb.GetSessionRequest(session_id=sid),
        "CompleteSession": pb.CompleteSessionRequest(session_id=sid, status=pb.SESSION_STATUS_COMPLETED),
        "SummarizeSession": pb.SummarizeSessionRequest(session_id=sid),
        "Chat": pb.ChatRequest(session_id=sid, question="Why?", draft_answer="Because."),
    }


def _cleared(request, path: str):
    copy = type(request)()
    copy.CopyFrom(request)
    *parents, leaf = path.split(".")
    holder = copy
    for name in parents:
        holder = getattr(holder, name)
    holder.ClearField(leaf)
    return copy


def test_every_field_marked_required_is_refused_when_missing_and_named_in_the_error(stub):
    """The annotation and the server's validation agree: leave a REQUIRED field out, get it named."""
    _, requests = _valid_requests()
    checked = []
    for rpc, request in requests.items():
        for path in _required_paths(request):
            with pytest.raises(grpc.RpcError) as caught:
                getattr(stub, rpc)(_cleared(request, path), timeout=10)
            assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, (rpc, path)
            named = bad_fields(caught.value)  # a missing message is named by its own required fields
            assert path in named or any(f.startswith(path + ".") for f in named), (rpc, path, named)
            checked.append(f"{rpc}:{path}")
    assert len(checked) >= 15  # every request above has required fields; nested ones are followed
