"""WatchSession across replicas: rows written through one server process reach a watch on another."""

from __future__ import annotations

import grpc
import pytest
from builders import invocation, step
from conftest import postgres_url_or_skip
from serverproc import ServerProcess
from test_watch_session import Follower, _kinds

from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_a_watch_on_one_replica_sees_writes_through_another():
    url = postgres_url_or_skip()
    with (
        ServerProcess(url) as writer_proc,
        ServerProcess(url) as watcher_proc,
        grpc.insecure_channel(writer_proc.address) as a,
        grpc.insecure_channel(watcher_proc.address) as b,
    ):
        writer, watcher = pb_grpc.EvidenceTraceServiceStub(a), pb_grpc.EvidenceTraceServiceStub(b)
        writer.RecordAgentStep(pb.RecordAgentStepRequest(step=step(step_id="x-1", session_id="x-s")), timeout=10)
        follower = Follower(watcher, "x-s")
        assert _kinds(follower.take(2)) == ["session", "step"]
        for i in range(5):
            writer.RecordInvocation(
                pb.RecordInvocationRequest(invocation=invocation(invocation_id=f"x-inv-{i}", session_id="x-s")),
                timeout=10,
            )
        live = follower.take(5)
        assert [e.invocation.invocation_id for e in live] == [f"x-inv-{i}" for i in range(5)]
        assert not any(e.replayed for e in live)
        writer.CompleteSession(
            pb.CompleteSessionRequest(session_id="x-s", status=pb.SESSION_STATUS_COMPLETED), timeout=10
        )
        assert follower.take(1)[0].session.status == pb.SESSION_STATUS_COMPLETED
        assert follower.ended()
