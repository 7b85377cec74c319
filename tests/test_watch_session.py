"""WatchSession: replay in commit order, live rows, the end on completion, cancellation, NOT_FOUND."""

from __future__ import annotations

import queue
import threading
import time

import grpc
import pytest
from builders import failed_invocation, invocation, step

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb


def _kinds(events) -> list[str]:
    return [e.WhichOneof("event") for e in events]


class Follower:
    """Reads a watch stream on a thread; events arrive on a queue, None when the stream ends."""

    def __init__(self, stub, session_id: str, wait_for_session: bool = False):
        self.call = stub.WatchSession(
            pb.WatchSessionRequest(session_id=session_id, wait_for_session=wait_for_session), timeout=60
        )
        self.events: queue.Queue = queue.Queue()
        self.error: list[grpc.RpcError] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        try:
            for event in self.call:
                self.events.put(event)
        except grpc.RpcError as exc:
            self.error.append(exc)
        self.events.put(None)

    def take(self, n: int, timeout: float = 10) -> list:
        """The next n events, waiting at most timeout seconds in all."""
        deadline = time.monotonic() + timeout
        out = []
        while len(out) < n:
            event = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            assert event is not None, f"stream ended early after {_kinds(out)}"
            out.append(event)
        return out

    def ended(self, timeout: float = 10) -> bool:
        return self.events.get(timeout=timeout) is None


def _seed(stub, session_id: str) -> None:
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(step_id="w-step-1", session_id=session_id)), timeout=10)
    stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(invocation_id="w-inv-1", session_id=session_id, output_truncated=True)
        ),
        timeout=10,
    )
    stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=failed_invocation(invocation_id="w-inv-2", session_id=session_id)),
        timeout=10,
    )
    stub.Chat(
        pb.ChatRequest(
            session_id=session_id,
            question="why?",
            draft_answer="a timeout",
            verifier_output='{"decision": "ACCEPT", "reasons": ["ok"]}',
        ),
        timeout=10,
    )


def test_replay_only_returns_the_stored_timeline_in_commit_order(stub):
    _seed(stub, "w-replay")
    events = list(stub.WatchSession(pb.WatchSessionRequest(session_id="w-replay", replay_only=True), timeout=10))
    assert _kinds(events) == ["session", "step", "invocation", "invocation", "evaluation"]
    assert all(e.replayed for e in events)
    assert events[0].session.tool_call_count == 2
    assert events[1].step.step_id == "w-step-1"
    assert events[2].invocation.invocation_id == "w-inv-1" and events[2].invocation.output_truncated
    assert events[3].invocation.outcome == pb.INVOCATION_OUTCOME_FAILED
    assert events[3].invocation.output_state == pb.OUTPUT_STATE_NOT_CAPTURED
    assert events[4].evaluation.decision.decision == pb.DECISION_ACCEPT
    assert events[4].evaluation.question == "why?"


def test_follow_streams_new_rows_and_ends_when_the_session_completes(stub):
    _seed(stub, "w-live")
    follower = Follower(stub, "w-live")
    assert _kinds(follower.take(5)) == ["session", "step", "invocation", "invocation", "evaluation"]
    stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=invocation(invocation_id="w-inv-3", session_id="w-live")), timeout=10
    )
    (live,) = follower.take(1)
    assert live.invocation.invocation_id == "w-inv-3" and not live.replayed
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(step_id="w-step-2", session_id="w-live")), timeout=10)
    assert follower.take(1)[0].step.step_id == "w-step-2"
    stub.CompleteSession(pb.CompleteSessionRequest(session_id="w-live", status=pb.SESSION_STATUS_COMPLETED), timeout=10)
    (final,) = follower.take(1)
    assert final.session.status == pb.SESSION_STATUS_COMPLETED
    assert follower.ended()
    assert follower.error == []


def test_a_finished_session_replays_and_ends(stub):
    _seed(stub, "w-done")
    stub.CompleteSession(pb.CompleteSessionRequest(session_id="w-done", status=pb.SESSION_STATUS_FAILED), timeout=10)
    events = list(stub.WatchSession(pb.WatchSessionRequest(session_id="w-done"), timeout=10))
    assert _kinds(events)[0] == "session" and events[0].session.status == pb.SESSION_STATUS_FAILED
    assert len(events) == 5


def test_cancel_ends_the_watch(stub):
    _seed(stub, "w-cancel")
    follower = Follower(stub, "w-cancel")
    follower.take(5)
    follower.call.cancel()
    assert follower.ended()
    assert follower.error[0].code() == grpc.StatusCode.CANCELLED


def test_watching_an_unknown_session_is_not_found(stub):
    with pytest.raises(grpc.RpcError) as err:
        list(stub.WatchSession(pb.WatchSessionRequest(session_id="nobody"), timeout=10))
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    assert error_from_rpc(err.value).reason == "SESSION_NOT_FOUND"


def test_waiting_for_an_unknown_session_waits_instead_of_not_found(stub):
    with pytest.raises(grpc.RpcError) as err:
        list(stub.WatchSession(pb.WatchSessionRequest(session_id="w-not-yet", wait_for_session=True), timeout=1))
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


def test_waiting_watch_follows_the_session_once_its_first_row_arrives(stub):
    follower = Follower(stub, "w-later", wait_for_session=True)
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(step_id="w-later-1", session_id="w-later")), timeout=10)
    stub.CompleteSession(
        pb.CompleteSessionRequest(session_id="w-later", status=pb.SESSION_STATUS_COMPLETED), timeout=10
    )
    events = []
    while (event := follower.events.get(timeout=10)) is not None:
        events.append(event)
    assert not follower.error
    assert _kinds(events)[0] == "session" and "step" in _kinds(events)
    last_seen = [e.session for e in events if e.WhichOneof("event") == "session"][-1]
    assert last_seen.status == pb.SESSION_STATUS_COMPLETED  # the stream ended because the session did


def test_a_bad_session_id_is_invalid_argument(stub):
    with pytest.raises(grpc.RpcError) as err:
        list(stub.WatchSession(pb.WatchSessionRequest(session_id="not valid!"), timeout=10))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
