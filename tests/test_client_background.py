"""BackgroundRecorder: delivers in batches, never blocks the agent, accounts for every record."""

from __future__ import annotations

import time
import uuid

import pytest
from builders import invocation, step
from conftest import make_settings
from serverproc import ServerProcess

from evidence_trace.client import BackgroundRecorder, EvidenceTraceClient, RecorderStats, RetryPolicy, traced
from evidence_trace.server.app import create_server


def balanced(stats: RecorderStats) -> bool:
    """The documented accounting identity."""
    return stats.enqueued == (
        stats.sent
        + stats.duplicates
        + stats.rejected
        + stats.failed_after_retries
        + stats.abandoned_at_close
        + stats.pending
    )


@pytest.fixture
def client(server):
    with EvidenceTraceClient(f"127.0.0.1:{server.port}") as c:
        yield c


def test_delivers_batches_and_counts_outcomes(client):
    good = [invocation(session_id="bg-1") for _ in range(250)]
    with BackgroundRecorder(client, batch_size=100) as recorder:
        for inv in good:
            assert recorder.submit(inv)
        recorder.submit(good[0])  # a resend: duplicate
        recorder.submit(invocation(session_id="bg-1", tool_name="9-not-a-name"))  # rejected
        recorder.submit_step(step(session_id="bg-1"))
        assert recorder.flush(10)
        stats = recorder.stats()
    assert (stats.enqueued, stats.sent, stats.duplicates, stats.rejected, stats.pending) == (253, 251, 1, 1, 0)
    assert balanced(stats)
    session = client.get_session(session_id="bg-1").session
    assert (session.tool_call_count, session.step_count) == (250, 1)


def test_after_close_records_are_dropped_and_counted(client):
    recorder = BackgroundRecorder(client)
    recorder.close(5)
    assert not recorder.submit(invocation())
    assert recorder.stats().dropped_after_close == 1
    assert recorder.close() == recorder.stats()  # idempotent


def test_client_recorder_is_shared_and_closed_with_the_client(server):
    client = EvidenceTraceClient(f"127.0.0.1:{server.port}")
    recorder = client.recorder
    assert client.recorder is recorder
    traced(client, session_id="bg-2", tool_name="query_logs")(lambda: "ERROR x")()
    client.close()  # flushes the recorder first
    assert recorder.stats().sent == 1 and not recorder.submit(invocation())


def test_queue_full_drops_without_blocking_and_close_accounts_for_the_rest(sqlite_url):
    """A server that is gone, a retry waiting 60 s: the queue fills, submit stays instant, close stops retrying."""
    running = create_server(make_settings(sqlite_url))
    port = running.port
    running.stop(grace=0)
    with EvidenceTraceClient(
        f"127.0.0.1:{port}", retry=RetryPolicy(max_attempts=2, initial_backoff=60, jitter=0)
    ) as client:
        recorder = BackgroundRecorder(client, max_queue=3, batch_size=1, send_timeout=120)
        started = time.monotonic()
        accepted = [recorder.submit(invocation()) for _ in range(20)]
        # no speed is asserted: a submit that waited on the worker would wait out its 60 s retry
        assert time.monotonic() - started < 30.0
        stats = recorder.stats()
        assert stats.enqueued + stats.dropped_queue_full == 20 and stats.dropped_queue_full >= 16
        assert accepted.count(True) == stats.enqueued
        recorder.close(timeout=0.2)
        assert recorder.flush(5)  # the worker leaves its retry wait at once
        final = recorder.stats()
    assert final.sent == 0 and final.pending == 0 and balanced(final)
    assert final.failed_after_retries + final.abandoned_at_close == final.enqueued


def test_killing_the_server_neither_crashes_nor_stalls_the_agent(tmp_path):
    """A traced agent loop keeps going while the server dies; stats() accounts for every record."""
    db = f"sqlite:///{tmp_path}/kill.db"
    session = f"kill-{uuid.uuid4()}"
    proc = ServerProcess(db)
    client = EvidenceTraceClient(
        proc.address, default_timeout=1.0, retry=RetryPolicy(max_attempts=3, initial_backoff=0.05)
    )
    recorder = BackgroundRecorder(client, max_queue=50, batch_size=10, flush_interval=0.05)

    @traced(recorder, session_id=session, tool_name="query_logs")
    def query_logs(i: int) -> str:
        return f"2026-11-30T10:00:{i:02d}Z ERROR payment-service upstream timeout"

    calls = 0
    try:
        for i in range(200):
            if i == 40:
                assert recorder.flush(10)
                proc.kill()
            began = time.monotonic()
            assert query_logs(i).startswith("2026")
            # no speed is asserted: a call held up by a send to the dead server waits out 3 attempts of 1 s each
            assert time.monotonic() - began < 2.5, f"tool call {i} was held up by recording"
            calls += 1
        stats = recorder.close(timeout=3)
        assert recorder.flush(10)
        stats = recorder.stats()
    finally:
        client.close()
        proc.kill() if proc.proc.poll() is None else None
    assert calls == 200
    assert stats.enqueued + stats.dropped_queue_full == 200
    assert stats.sent >= 40 and stats.rejected == 0 and stats.pending == 0 and balanced(stats)
    assert stats.failed_after_retries + stats.abandoned_at_close + stats.dropped_queue_full == 200 - stats.delivered
    with ServerProcess(db) as again, EvidenceTraceClient(again.address) as reader:
        stored = reader.get_session(session_id=session).session.tool_call_count
    assert stats.delivered <= stored <= stats.enqueued  # a commit may land without its acknowledgement
