"""What the contract states in options, and how the SDK reads it."""
from __future__ import annotations

import uuid

from google.api import field_behavior_pb2
from google.protobuf.descriptor_pb2 import MethodOptions

from evidence_trace.client.rpcs import IDEMPOTENT_RPCS, REQUEST_ID_FIELDS, build_request
from evidence_trace.v1 import evidence_trace_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]


def _behavior(message, field: str) -> list[int]:
    return list(message.DESCRIPTOR.fields_by_name[field].GetOptions().Extensions[field_behavior_pb2.field_behavior])


def test_every_rpc_states_whether_a_resend_is_safe():
    """A new RPC must choose: an idempotency level, or a request id that makes resends safe."""
    undecided = [m.name for m in SERVICE.methods
                 if m.GetOptions().idempotency_level == MethodOptions.IDEMPOTENCY_UNKNOWN
                 and m.name not in REQUEST_ID_FIELDS]
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
