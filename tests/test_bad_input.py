"""Bad input never gives INTERNAL: non-finite numbers, bytes that do not decode, lone
surrogates, NUL echoes and unknown enum values, through a real server on each backend."""

from __future__ import annotations

import math

import grpc
import pytest
from builders import bad_fields, invocation
from conftest import make_settings
from google.protobuf import struct_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stored import stored_values
from tenants import bearer, tenant_server  # noqa: F401  (fixture)

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

RECORD = "/evidence_trace.v1.EvidenceTraceService/RecordInvocation"
BATCH = "/evidence_trace.v1.EvidenceTraceService/BatchRecordInvocations"
WATCH = "/evidence_trace.v1.EvidenceTraceService/WatchSession"


def _raw(channel: grpc.Channel, method: str, data: bytes, streaming: bool = False, metadata=()):
    """Send request bytes as they are (no client-side serialization)."""
    if streaming:
        call = channel.unary_stream(method, request_serializer=None, response_deserializer=None)
        return list(call(data, timeout=10, metadata=metadata))
    return channel.unary_unary(method, request_serializer=None, response_deserializer=None)(
        data, timeout=10, metadata=metadata
    )


# -- item 1 and 2: NaN and Infinity in Struct fields -----------------------------


@pytest.mark.parametrize("number", [math.nan, math.inf, -math.inf])
def test_non_finite_params_are_invalid_argument_naming_the_field(stub, number):
    request = pb.RecordInvocationRequest(invocation=invocation(input_params={"query": "x", "latency": number}))
    with pytest.raises(grpc.RpcError) as caught:
        stub.RecordInvocation(request, timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_from_rpc(caught.value).reason == "INVALID_FIELDS"
    assert bad_fields(caught.value) == ["invocation.input_params.latency"]


def test_non_finite_retrieval_details_deep_in_a_list_name_their_path(stub):
    inv = invocation(tool_name="lookup_knowledge", input_params={"query": "q"})
    inv.retrieval.details.update({"scores": [0.5, {"inner": math.nan}]})
    with pytest.raises(grpc.RpcError) as caught:
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=inv), timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["invocation.retrieval.details.scores[1].inner"]


def test_a_batch_item_with_nan_is_rejected_alone(stub):
    good = [invocation(session_id="nan-batch") for _ in range(2)]
    bad = invocation(session_id="nan-batch", input_params={"value": math.nan})
    response = stub.BatchRecordInvocations(
        pb.BatchRecordInvocationsRequest(invocations=[good[0], bad, good[1]]), timeout=10
    )
    assert [r.outcome for r in response.results] == [
        pb.RECORD_OUTCOME_CREATED,
        pb.RECORD_OUTCOME_REJECTED,
        pb.RECORD_OUTCOME_CREATED,
    ]
    assert [v.field for v in response.results[1].violations] == ["input_params.value"]
    session = stub.GetSession(pb.GetSessionRequest(session_id="nan-batch"), timeout=10).session
    assert session.tool_call_count == 2


# -- item 3: bytes that do not decode ---------------------------------------------


def _with_bad_utf8(text_field: str) -> bytes:
    """A RecordInvocationRequest whose invocation.<text_field> holds GBK bytes (invalid UTF-8)."""
    gbk = "支付服务超时".encode("gbk")
    inv = invocation(**{text_field: "P" * len(gbk)})
    data = pb.RecordInvocationRequest(invocation=inv).SerializeToString()
    assert data.count(b"P" * len(gbk)) == 1
    return data.replace(b"P" * len(gbk), gbk)


def _deep_struct(levels: int) -> struct_pb2.Struct:
    top = struct_pb2.Struct()
    current = top
    for _ in range(levels):
        current = current.fields["a"].struct_value
    return top


@pytest.mark.parametrize("field", ["output_preview", "error_message", "topic_domain"])
def test_gbk_bytes_in_a_string_field_are_malformed_request_naming_it(channel, field):
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, _with_bad_utf8(field))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"
    assert bad_fields(caught.value) == [f"invocation.{field}"]


def test_gbk_bytes_inside_params_name_the_struct_key(channel):
    gbk = "日志".encode("gbk")
    data = pb.RecordInvocationRequest(invocation=invocation(input_params={"query": "QQQQ"})).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, data.replace(b"QQQQ", gbk))
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"
    assert bad_fields(caught.value) == ["invocation.input_params.query"]


def test_a_struct_deeper_than_the_decode_limit_is_malformed_request(channel):
    request = pb.RecordInvocationRequest(invocation=invocation())
    request.invocation.input_params.CopyFrom(_deep_struct(34))
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, request.SerializeToString())
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"
    (field,) = bad_fields(caught.value)
    assert field.startswith("invocation.input_params.a.a.a")


def test_truncated_bytes_are_malformed_request(channel):
    data = pb.RecordInvocationRequest(invocation=invocation(output_preview="x" * 200)).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, data[:-50])
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"
    assert bad_fields(caught.value) == ["invocation.output_preview"]


def test_bad_bytes_in_one_batch_item_name_its_index(channel):
    items = [invocation(), invocation(topic_domain="TTTT")]
    data = pb.BatchRecordInvocationsRequest(invocations=items).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, BATCH, data.replace(b"TTTT", "监控".encode("gbk")))
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"
    assert bad_fields(caught.value) == ["invocations[1].topic_domain"]


def test_a_streaming_rpc_refuses_bytes_that_do_not_decode(channel):
    data = pb.WatchSessionRequest(session_id="SSSS").SerializeToString().replace(b"SSSS", b"\xff\xfe\xfd\xfc")
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, WATCH, data, streaming=True)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["session_id"]


def test_authentication_runs_before_decoding(tenant_server):
    channel = tenant_server.channel
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, _with_bad_utf8("output_preview"))
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert error_from_rpc(caught.value).reason == "MISSING_CREDENTIALS"
    with pytest.raises(grpc.RpcError) as caught:
        _raw(channel, RECORD, _with_bad_utf8("output_preview"), metadata=bearer("acme"))
    assert error_from_rpc(caught.value).reason == "MALFORMED_REQUEST"


def test_the_server_still_serves_after_malformed_requests(channel, stub):
    for _ in range(3):
        with pytest.raises(grpc.RpcError):
            _raw(channel, RECORD, b"\x0a\xff\xff\xff")
    response = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation()), timeout=10)
    assert response.outcome == pb.RECORD_OUTCOME_CREATED


# -- item 4: lone surrogates in verifier output -----------------------------------

LONE_SURROGATE_OUTPUT = '{"decision": "ACCEPT", "reasons": ["logs \\ud800 show it", "\\udfff"], "confidence": 0.9}'


def test_chat_with_a_lone_surrogate_in_the_reasons_is_stored_with_u_fffd(stub, db_url):
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="sur-1")), timeout=10)
    response = stub.Chat(
        pb.ChatRequest(
            session_id="sur-1", question="why?", draft_answer="because", verifier_output=LONE_SURROGATE_OUTPUT
        ),
        timeout=10,
    )
    assert response.decision.decision == pb.DECISION_ACCEPT
    assert list(response.decision.reasons) == ["logs \ufffd show it", "\ufffd"]
    assert stub.GetSession(pb.GetSessionRequest(session_id="sur-1"), timeout=10).session.evaluation_count == 1
    (reasons,) = stored_values(db_url, "verifier_evaluation", "reasons")
    assert "\ufffd" in reasons


def test_the_rules_verifier_reasons_with_a_lone_surrogate_are_stored(sqlite_url):
    """A model's output (here the caller's copy of it, a JSON escape) holding a lone surrogate in any string."""
    running = create_server(make_settings(sqlite_url))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="sur-2")), timeout=10)
            output = '{"decision": "REJECT\\ud83d", "reasons": ["\\ud83d"]}'
            response = stub.Chat(
                pb.ChatRequest(session_id="sur-2", question="q?", draft_answer="d", verifier_output=output), timeout=10
            )
            assert response.evaluation_id
    finally:
        running.stop(grace=1)


# -- item 5: the echoed row is the stored row ----------------------------------------


def test_the_echoed_invocation_equals_the_stored_row(stub, db_url):
    preview = "before\x00after"
    response = stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(output_preview=preview, error_message="", topic_domain="t\x00d")
        ),
        timeout=10,
    )
    (stored_preview,) = stored_values(db_url, "tool_invocation", "output_preview")
    (stored_topic,) = stored_values(db_url, "tool_invocation", "topic_domain")
    assert stored_preview == "before\ufffdafter"
    assert response.invocation.output_preview == stored_preview
    assert response.invocation.topic_domain == stored_topic


def test_a_resend_with_nul_stays_a_duplicate(stub):
    inv = invocation(output_preview="a\x00b")
    first = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=inv), timeout=10)
    again = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=inv), timeout=10)
    assert (first.outcome, again.outcome) == (pb.RECORD_OUTCOME_CREATED, pb.RECORD_OUTCOME_DUPLICATE)


# -- item 6: ListSessions with an unknown status ---------------------------------------


def test_list_sessions_with_an_unknown_status_is_invalid_argument(stub):
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListSessions(pb.ListSessionsRequest(status=42), timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_from_rpc(caught.value).reason == "INVALID_FIELDS"
    assert bad_fields(caught.value) == ["status"]


# -- any bytes: never INTERNAL or UNKNOWN -------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 400), flips=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), max_size=4))
def test_mangled_request_bytes_are_never_internal(channel, cut, flips):
    data = bytearray(
        pb.BatchRecordInvocationsRequest(
            invocations=[
                invocation(input_params={"query": "日志", "n": [1, {"k": "v"}]}),
                invocation(topic_domain="支付"),
            ]
        ).SerializeToString()
    )
    for at, byte in flips:
        data[at % len(data)] = byte
    try:
        _raw(channel, BATCH, bytes(data[: len(data) - cut % len(data)]))
    except grpc.RpcError as err:
        assert err.code() not in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN), err
        if err.code() == grpc.StatusCode.INVALID_ARGUMENT:
            assert error_from_rpc(err).reason in ("MALFORMED_REQUEST", "INVALID_FIELDS")
