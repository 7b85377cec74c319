"""RecordInvocation end to end, against a real server on a free port, on each backend."""

from __future__ import annotations

import concurrent.futures

import grpc
import pytest
from builders import bad_fields, failed_invocation, invocation, step

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb


def record(stub, message):
    return stub.RecordInvocation(pb.RecordInvocationRequest(invocation=message), timeout=10)


def session(stub, session_id="s-1"):
    return stub.GetSession(pb.GetSessionRequest(session_id=session_id), timeout=10).session


def test_success_is_stored_and_counted(stub):
    response = record(stub, invocation(invocation_id="inv-1"))
    assert response.outcome == pb.RECORD_OUTCOME_CREATED
    assert response.invocation.invocation_id == "inv-1"
    assert response.invocation.outcome == pb.INVOCATION_OUTCOME_DIRECT_SUPPORT
    assert response.invocation.record_time.seconds > 0
    got = session(stub)
    assert (got.tool_call_count, got.step_count, got.status) == (1, 0, pb.SESSION_STATUS_ACTIVE)


def test_the_basic_view_returns_the_outcome_and_record_time_not_the_row(stub):
    message = invocation(invocation_id="inv-basic")
    basic = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=message, view=pb.RECORD_VIEW_BASIC), timeout=10)
    full = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=message, view=pb.RECORD_VIEW_FULL), timeout=10)
    assert (basic.outcome, full.outcome) == (pb.RECORD_OUTCOME_CREATED, pb.RECORD_OUTCOME_DUPLICATE)
    assert basic.invocation.invocation_id == "inv-basic"
    assert basic.invocation.outcome == full.invocation.outcome == pb.INVOCATION_OUTCOME_DIRECT_SUPPORT
    assert basic.invocation.record_time == full.invocation.record_time
    assert (basic.invocation.tool_name, basic.invocation.output_preview) == ("", "")  # no echo of the row
    assert (full.invocation.tool_name, full.invocation.output_preview) == (message.tool_name, message.output_preview)


def test_failure_is_preserved_as_failure(stub):
    response = record(stub, failed_invocation(invocation_id="inv-f"))
    assert response.invocation.success is False
    assert response.invocation.error_message == "upstream timed out after 30s"
    assert response.invocation.error_kind == pb.ERROR_KIND_TIMEOUT
    assert response.invocation.outcome == pb.INVOCATION_OUTCOME_FAILED


def test_no_output_is_explicit_and_not_failure(stub):
    response = record(stub, invocation(output_preview="", output_state=pb.OUTPUT_STATE_EMPTY))
    assert response.invocation.success is True
    assert response.invocation.output_state == pb.OUTPUT_STATE_EMPTY
    assert response.invocation.outcome == pb.INVOCATION_OUTCOME_NO_HIT


def test_same_id_same_content_is_a_duplicate_not_a_row(stub):
    message = invocation(invocation_id="inv-dup")
    first, second = record(stub, message), record(stub, message)
    assert (first.outcome, second.outcome) == (pb.RECORD_OUTCOME_CREATED, pb.RECORD_OUTCOME_DUPLICATE)
    assert second.invocation.record_time == first.invocation.record_time
    assert session(stub).tool_call_count == 1


def test_same_id_other_content_is_already_exists(stub):
    record(stub, invocation(invocation_id="inv-x", duration_ms=5))
    with pytest.raises(grpc.RpcError) as caught:
        record(stub, invocation(invocation_id="inv-x", duration_ms=6))
    assert caught.value.code() == grpc.StatusCode.ALREADY_EXISTS
    assert error_from_rpc(caught.value).reason == "INVOCATION_ID_CONFLICT"
    assert session(stub).tool_call_count == 1


def test_concurrent_resends_store_one_row(stub):
    message = invocation(invocation_id="inv-race")
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        outcomes = list(pool.map(lambda _: record(stub, message).outcome, range(48)))
    assert outcomes.count(pb.RECORD_OUTCOME_CREATED) == 1
    assert outcomes.count(pb.RECORD_OUTCOME_DUPLICATE) == 47
    assert session(stub).tool_call_count == 1


def test_oversize_preview_is_truncated_and_flagged(stub):
    text = "日志" * 20000  # 120,000 UTF-8 bytes, over the 16 KiB default
    response = record(stub, invocation(output_preview=text))
    stored = response.invocation
    assert stored.output_truncated is True
    assert len(stored.output_preview.encode()) <= 16 * 1024
    assert text.startswith(stored.output_preview)


def test_helper_steps_never_inflate_tool_calls(stub):
    record(stub, invocation())
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step()), timeout=10)
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step()), timeout=10)
    stub.RecordAgentStep(
        pb.RecordAgentStepRequest(step=step(kind=pb.AGENT_STEP_KIND_HELPER_CALL, name="rewrite_query")), timeout=10
    )
    got = session(stub)
    assert (got.step_count, got.helper_call_count, got.tool_call_count) == (2, 1, 1)


def test_step_resend_is_duplicate(stub):
    message = step(step_id="step-1")
    first = stub.RecordAgentStep(pb.RecordAgentStepRequest(step=message), timeout=10)
    second = stub.RecordAgentStep(pb.RecordAgentStepRequest(step=message), timeout=10)
    assert (first.outcome, second.outcome) == (pb.RECORD_OUTCOME_CREATED, pb.RECORD_OUTCOME_DUPLICATE)
    assert session(stub).step_count == 1


def test_unknown_session_is_not_found(stub):
    with pytest.raises(grpc.RpcError) as caught:
        session(stub, "nope")
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    assert error_from_rpc(caught.value).reason == "SESSION_NOT_FOUND"


def test_complete_session(stub):
    record(stub, invocation())
    done = stub.CompleteSession(
        pb.CompleteSessionRequest(session_id="s-1", status=pb.SESSION_STATUS_COMPLETED), timeout=10
    ).session
    assert done.status == pb.SESSION_STATUS_COMPLETED and done.complete_time.seconds > 0
    again = stub.CompleteSession(
        pb.CompleteSessionRequest(session_id="s-1", status=pb.SESSION_STATUS_COMPLETED), timeout=10
    ).session
    assert again.complete_time == done.complete_time
    with pytest.raises(grpc.RpcError) as caught:
        stub.CompleteSession(pb.CompleteSessionRequest(session_id="s-1", status=pb.SESSION_STATUS_FAILED), timeout=10)
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION


def test_batch_keeps_good_items_and_rejects_bad_ones(stub):
    good, dup = invocation(invocation_id="b-1"), invocation(invocation_id="b-2")
    record(stub, dup)
    bad = invocation(invocation_id="b-3", session_id="")
    response = stub.BatchRecordInvocations(pb.BatchRecordInvocationsRequest(invocations=[good, bad, dup]), timeout=10)
    outcomes = [(r.invocation_id, r.outcome) for r in response.results]
    assert outcomes == [
        ("b-1", pb.RECORD_OUTCOME_CREATED),
        ("b-3", pb.RECORD_OUTCOME_REJECTED),
        ("b-2", pb.RECORD_OUTCOME_DUPLICATE),
    ]
    assert [v.field for v in response.results[1].violations] == ["session_id"]
    assert session(stub).tool_call_count == 2


@pytest.mark.parametrize(
    "fields, expected",
    [
        (dict(session_id=""), ["invocation.session_id"]),
        (dict(tool_name=""), ["invocation.tool_name"]),
        (dict(invocation_id=""), ["invocation.invocation_id"]),
        (dict(duration_ms=-1), ["invocation.duration_ms"]),
        (dict(success=False, error_kind=pb.ERROR_KIND_EXCEPTION), ["invocation.error_message"]),
        (dict(success=True, error_message="boom"), ["invocation.error_message"]),
        (dict(output_preview=""), ["invocation.output_state"]),
        (
            dict(session_id="", tool_name="", duration_ms=-5),
            ["invocation.session_id", "invocation.tool_name", "invocation.duration_ms"],
        ),
        (dict(topic_domain="t" * 257), ["invocation.topic_domain"]),
        (dict(input_params={f"k{i}": i for i in range(129)}), ["invocation.input_params"]),
        (dict(input_params={"blob": "x" * 70_000}), ["invocation.input_params"]),
        (dict(error_kind=pb.ERROR_KIND_TIMEOUT), ["invocation.error_kind"]),
    ],
)
def test_bad_input_names_each_field_and_stores_nothing(stub, fields, expected):
    with pytest.raises(grpc.RpcError) as caught:
        record(stub, invocation(**fields))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == expected
    assert error_from_rpc(caught.value).reason == "INVALID_FIELDS"
    with pytest.raises(grpc.RpcError) as missing:
        session(stub)
    assert missing.value.code() == grpc.StatusCode.NOT_FOUND


def test_missing_success_is_rejected(stub):
    message = invocation()
    message.ClearField("success")
    with pytest.raises(grpc.RpcError) as caught:
        record(stub, message)
    assert bad_fields(caught.value) == ["invocation.success"]


def test_nul_characters_are_stored_on_every_backend(stub):
    message = invocation(invocation_id="nul-1", output_preview="binary\x00output", error_message="")
    assert record(stub, message).outcome == pb.RECORD_OUTCOME_CREATED
    assert record(stub, message).outcome == pb.RECORD_OUTCOME_DUPLICATE
    assert session(stub).tool_call_count == 1


def test_an_invocation_copied_with_changes_equals_dataclasses_replace() -> None:
    """Invocation.with_changes, the write path's one copy of a row, is dataclasses.replace, faster."""
    import dataclasses

    from evidence_trace.server.domain.model import Invocation, OutputState, Retrieval

    inv = Invocation("i", "s", "query_logs", {"q": 1}, retrieval=Retrieval(layer="L1"), topic_domain=" t ")
    changes = {"output_state": OutputState.CAPTURED, "output_preview": "x", "topic_domain": "t"}
    copied = inv.with_changes(changes)
    assert copied == dataclasses.replace(inv, **changes)
    assert copied is not inv and inv.topic_domain == " t "  # the original is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.output_preview = "y"  # type: ignore[misc]
    with pytest.raises(TypeError):
        inv.with_changes({"no_such_field": 1})
