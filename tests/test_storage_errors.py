"""Storage failures reach clients as UNAVAILABLE with a retry hint, never UNKNOWN, and lose nothing."""

from __future__ import annotations

import sqlite3

import grpc
import pytest
from builders import invocation
from conftest import make_settings

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


@pytest.fixture
def busy_server(tmp_path):
    path = tmp_path / "et.db"
    running = create_server(make_settings(f"sqlite:///{path}", busy_timeout_ms=100))
    yield running, path
    running.stop(grace=1)


def test_locked_database_is_unavailable_with_retry_info_then_recovers(busy_server):
    running, path = busy_server
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        with pytest.raises(grpc.RpcError) as caught:
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(invocation_id="busy-1")), timeout=10)
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        assert error_from_rpc(caught.value).reason == "STORAGE_BUSY"
        assert (error_from_rpc(caught.value).retry_delay or 0) > 0
        locker.execute("ROLLBACK")
        locker.close()
        # The retry with the same id now succeeds, once.
        response = stub.RecordInvocation(
            pb.RecordInvocationRequest(invocation=invocation(invocation_id="busy-1")), timeout=10
        )
        assert response.outcome == pb.RECORD_OUTCOME_CREATED
        got = stub.GetSession(pb.GetSessionRequest(session_id="s-1"), timeout=10).session
        assert got.tool_call_count == 1
