"""A write transaction PostgreSQL aborts for a deadlock is run again, not refused: the caller sees CREATED.

A real deadlock on a real database: another connection holds the session's row
lock while the server's transaction, having inserted its invocation, waits for
it; the other connection then asks for the invocation table, which waits for
the server's transaction. PostgreSQL aborts the server's transaction (its own
deadlock timeout runs out first), and the writer must run it again.
"""

from __future__ import annotations

import threading
import time

import grpc
import psycopg2
import pytest
from builders import invocation
from conftest import make_settings, postgres_url_or_skip

from evidence_trace.server.app import create_server
from evidence_trace.server.store.models import DiagnosisSession, ToolInvocation
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = pytest.mark.postgres


def _deadlocks(cur) -> int:
    cur.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()")
    return cur.fetchone()[0]


def _wait_until_waiting(cur, holder_pid: int, timeout: float = 10) -> None:
    """Until some backend waits for a lock the holder holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        cur.execute("SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", (holder_pid,))
        if cur.fetchone()[0]:
            return
        time.sleep(0.02)
    raise AssertionError("the server's transaction never waited for the session lock")


def test_a_deadlocked_write_is_run_again_and_acknowledged_once(fault_report):
    url = postgres_url_or_skip()
    running = create_server(make_settings(url))
    sessions, invocations = DiagnosisSession._meta.table_name, ToolInvocation._meta.table_name
    holder = psycopg2.connect(url)
    watcher = psycopg2.connect(url)
    watcher.autocommit = True
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            first = invocation(invocation_id="dl-seed", session_id="dl-s")
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=first), timeout=15)
            with watcher.cursor() as w:
                before = _deadlocks(w)
            h = holder.cursor()
            # The holder waits 30 s before it looks for a deadlock, the server's backend 1 s:
            # PostgreSQL aborts the server's transaction, never the holder's.
            h.execute("SET deadlock_timeout = '30s'")
            h.execute(f"SELECT 1 FROM {sessions} WHERE session_id = 'dl-s' FOR UPDATE")
            answer: dict = {}

            def record() -> None:
                try:
                    message = invocation(invocation_id="dl-second", session_id="dl-s")
                    answer["outcome"] = stub.RecordInvocation(
                        pb.RecordInvocationRequest(invocation=message), timeout=30
                    ).outcome
                except grpc.RpcError as err:
                    answer["error"] = err

            caller = threading.Thread(target=record)
            caller.start()
            with watcher.cursor() as w:
                _wait_until_waiting(w, holder.get_backend_pid())
            # Now the holder waits for the server's inserted invocation: a cycle.
            h.execute(f"LOCK TABLE {invocations} IN SHARE MODE")
            holder.rollback()  # the holder got its lock once the server's transaction was aborted
            caller.join(30)
            with watcher.cursor() as w:
                after = _deadlocks(w)
                w.execute(f"SELECT count(*) FROM {invocations} WHERE invocation_id = 'dl-second'")
                stored = w.fetchone()[0]
            got = stub.GetSession(pb.GetSessionRequest(session_id="dl-s"), timeout=15).session
            fault_report(
                deadlocks=after - before,
                answer=pb.RecordOutcome.Name(answer["outcome"]) if "outcome" in answer else answer["error"].code().name,
                stored=stored,
                tool_call_count=got.tool_call_count,
            )
            assert after - before == 1  # the deadlock really happened
            assert "error" not in answer, answer.get("error") and answer["error"].details()
            assert answer["outcome"] == pb.RECORD_OUTCOME_CREATED
            assert stored == 1
            assert got.tool_call_count == 2
    finally:
        holder.close()
        watcher.close()
        running.stop(grace=1)
