"""Acknowledged writes survive SIGKILL; SIGTERM drains in-flight calls and exits cleanly."""

from __future__ import annotations

import concurrent.futures
import sqlite3

import grpc
from builders import invocation
from serverproc import ServerProcess

from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


def _record_many(address: str, ids: list[str]) -> list[str]:
    """Record concurrently; return the ids the server acknowledged."""
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)

        def one(invocation_id: str):
            stub.RecordInvocation(
                pb.RecordInvocationRequest(invocation=invocation(invocation_id=invocation_id)), timeout=10
            )
            return invocation_id

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            return list(pool.map(one, ids))


def test_sigkill_right_after_acknowledged_writes_loses_none(tmp_path):
    path = tmp_path / "et.db"
    ids = [f"kill-{i}" for i in range(300)]
    with ServerProcess(f"sqlite:///{path}") as server:
        acknowledged = _record_many(server.address, ids)
        server.kill()
    stored = {row[0] for row in sqlite3.connect(path).execute("SELECT invocation_id FROM tool_invocation")}
    assert set(acknowledged) <= stored
    assert len(acknowledged) == 300
    (count,) = (
        sqlite3.connect(path)
        .execute("SELECT tool_call_count FROM diagnosis_session WHERE session_id = 's-1'")
        .fetchone()
    )
    assert count == 300


def test_sigterm_exits_cleanly_and_keeps_everything(tmp_path):
    path = tmp_path / "et.db"
    with ServerProcess(f"sqlite:///{path}", "--grace-period", "5") as server:
        acknowledged = _record_many(server.address, [f"term-{i}" for i in range(50)])
        assert server.terminate() == 0
    assert "stopped" in "".join(server.output)
    (count,) = sqlite3.connect(path).execute("SELECT COUNT(*) FROM tool_invocation").fetchone()
    assert count == len(acknowledged) == 50
