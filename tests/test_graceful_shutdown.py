"""SIGTERM under load: in-flight calls complete, new ones are refused cleanly, the process exits within its grace."""

from __future__ import annotations

import collections
import concurrent.futures
import ctypes
import os
import signal
import sqlite3
import sys
import time

import grpc
import pytest
from builders import invocation
from ingest import Ingest
from serverproc import ServerProcess
from slow_verifier import StalledVerifier
from stored import stored_invocation_ids

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = pytest.mark.slow

GRACE_S = 5.0


def _wait_until_stalled(ingest: Ingest, quiet_s: float = 0.3, timeout_s: float = 10) -> None:
    """Bounded wait until no acknowledgement arrived for quiet_s: the clients' writes wait on the lock."""
    deadline = time.monotonic() + timeout_s
    seen, since = len(ingest.acknowledged), time.monotonic()
    while time.monotonic() - since < quiet_s:
        assert time.monotonic() < deadline, "writes never stalled"
        time.sleep(0.02)
        if len(ingest.acknowledged) != seen:
            seen, since = len(ingest.acknowledged), time.monotonic()


def test_sigterm_under_load_completes_in_flight_calls_and_refuses_new_ones(tmp_path, fault_report):
    path = tmp_path / "et.db"
    url = f"sqlite:///{path}"
    with ServerProcess(url, "--grace-period", str(GRACE_S), env={"EVIDENCE_TRACE_BUSY_TIMEOUT_MS": "30000"}) as server:
        ingest = Ingest(server.address, prefix="load")
        ingest.wait_for_acks(200)
        # Stall the writer: the next writes stay in flight until the lock goes.
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        with grpc.insecure_channel(server.address) as channel, concurrent.futures.ThreadPoolExecutor(4) as pool:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            in_flight = [
                pool.submit(
                    stub.RecordInvocation,
                    pb.RecordInvocationRequest(
                        invocation=invocation(invocation_id=f"in-flight-{i}", session_id="ingest")
                    ),
                    timeout=30,
                )
                for i in range(4)
            ]
            _wait_until_stalled(ingest)  # every client thread now has a write waiting at the server
            acks_before_term = len(ingest.acknowledged)
            started = time.monotonic()
            server.proc.terminate()
            # New calls are refused while the in-flight ones still wait for the lock.
            refused: collections.Counter = collections.Counter()
            deadline = time.monotonic() + GRACE_S
            while not refused and time.monotonic() < deadline:
                try:
                    stub.GetSession(pb.GetSessionRequest(session_id="ingest"), timeout=2)
                except grpc.RpcError as err:
                    refusal = error_from_rpc(err)
                    refused[f"{refusal.code.name}/{refusal.reason}/retry={refusal.retry_delay}s"] += 1
            locker.execute("ROLLBACK")
            locker.close()
            finished = [f.result().outcome for f in in_flight]
            exit_code = server.proc.wait(GRACE_S + 5)
            exit_s = time.monotonic() - started
        ingest.stop()
    stored = set(stored_invocation_ids(url))
    acknowledged = set(ingest.acknowledged) | {
        f"in-flight-{i}" for i, o in enumerate(finished) if o == pb.RECORD_OUTCOME_CREATED
    }
    statuses = dict(ingest.statuses)
    fault_report(
        in_flight_at_sigterm=len(in_flight),
        in_flight_completed=finished.count(pb.RECORD_OUTCOME_CREATED),
        new_calls_refused=dict(refused),
        exit_code=exit_code,
        exit_s=round(exit_s, 2),
        grace_s=GRACE_S,
        acknowledged=len(acknowledged),
        acknowledged_missing=len(acknowledged - stored),
        acks_before_sigterm=acks_before_term,
        statuses=statuses,
    )
    assert finished == [pb.RECORD_OUTCOME_CREATED] * 4
    assert set(refused) == {"UNAVAILABLE/SHUTTING_DOWN/retry=1.0s"}
    assert exit_code == 0 and exit_s < GRACE_S + 2
    assert acknowledged <= stored
    # Clients racing the very end of the drain can see gRPC's own CANCELLED as the
    # server stops accepting calls (docs/reliability.md); nothing else.
    assert set(statuses) <= {"OK", "UNAVAILABLE", "CANCELLED"}
    assert "stopped" in "".join(server.output)


def _watching(stub: pb_grpc.EvidenceTraceServiceStub):
    """An open WatchSession on session "s", its first event already received."""
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="s")), timeout=10)
    watch = stub.WatchSession(pb.WatchSessionRequest(session_id="s"), timeout=120)
    next(watch)
    return watch


def _ended(watch) -> grpc.RpcError:
    """How the watch ended: the error it raised (a watch that ended OK fails the test)."""
    with pytest.raises(grpc.RpcError) as ended:
        for _ in watch:
            pass
    return ended.value


def test_sigterm_ends_an_open_watch_at_once_with_a_retry_hint(tmp_path, fault_report):
    with ServerProcess(f"sqlite:///{tmp_path / 'et.db'}", "--grace-period", str(GRACE_S)) as server:
        with grpc.insecure_channel(server.address) as channel:
            watch = _watching(pb_grpc.EvidenceTraceServiceStub(channel))
            started = time.monotonic()
            server.proc.terminate()
            ended = _ended(watch)
            watch_s = time.monotonic() - started
            exit_code = server.proc.wait(GRACE_S + 10)
            exit_s = time.monotonic() - started
    end = error_from_rpc(ended)
    fault_report(
        watch_ended=f"{end.code.name}/{end.reason}/retry={end.retry_delay}s",
        watch_ended_s=round(watch_s, 2),
        exit_code=exit_code,
        exit_s=round(exit_s, 2),
        grace_s=GRACE_S,
    )
    assert ended.code() == grpc.StatusCode.UNAVAILABLE
    assert end.reason == "SHUTTING_DOWN" and (end.retry_delay or 0) > 0
    assert exit_code == 0


def test_sigterm_cuts_a_stalled_verifier_and_records_the_timeout_within_the_grace(tmp_path, fault_report):
    """A Chat waiting on a verifier that would take minutes: answered VERIFIER_TIMEOUT, then exit within grace."""
    verifier = StalledVerifier(release_after_s=120)
    try:
        with (
            ServerProcess(
                f"sqlite:///{tmp_path / 'et.db'}",
                "--grace-period",
                str(GRACE_S),
                "--verifier",
                "openai_compatible",
                "--verifier-base-url",
                verifier.url,
                "--verifier-model",
                "stalled",
                env={"EVIDENCE_TRACE_VERIFIER_TIMEOUT_S": "60"},
            ) as server,
            grpc.insecure_channel(server.address) as channel,
            concurrent.futures.ThreadPoolExecutor(1) as pool,
        ):
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            watch = _watching(stub)
            chat = pool.submit(
                stub.Chat, pb.ChatRequest(session_id="s", question="why?", draft_answer="a timeout"), timeout=120
            )
            assert verifier.arrived.wait(10)
            started = time.monotonic()
            server.proc.terminate()
            ended = _ended(watch)
            answer = chat.result(timeout=GRACE_S + 10)
            answered_s = time.monotonic() - started
            exit_code = server.proc.wait(GRACE_S + 10)
            exit_s = time.monotonic() - started
    finally:
        verifier.close()
    fault_report(
        chat=pb.FallbackReason.Name(answer.decision.fallback_reason),
        chat_answered_s=round(answered_s, 2),
        watch_ended=ended.code().name,
        exit_code=exit_code,
        exit_s=round(exit_s, 2),
        grace_s=GRACE_S,
        verifier_timeout_s=60,
    )
    assert answer.decision.decision == pb.DECISION_LOW_CONFID
    assert answer.decision.fallback_reason == pb.FALLBACK_REASON_VERIFIER_TIMEOUT
    assert answer.evaluation_id  # recorded before the answer
    assert ended.code() == grpc.StatusCode.UNAVAILABLE
    assert exit_code == 0 and exit_s < GRACE_S + 2


def _threads_but_the_main(pid: int) -> list[int]:
    return sorted(int(tid) for tid in os.listdir(f"/proc/{pid}/task") if int(tid) != pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="targets threads with Linux's tgkill")
def test_a_sigterm_the_kernel_hands_to_another_thread_still_drains_and_exits(tmp_path, fault_report):
    """The kernel may deliver SIGTERM to any thread (gRPC's, the writer's); the main thread must still act on it.

    Sent here to every thread but the main one, as the kernel may choose: the server drains and exits 0.
    """
    tgkill = ctypes.CDLL(None, use_errno=True).tgkill
    with ServerProcess(f"sqlite:///{tmp_path / 'et.db'}", "--grace-period", str(GRACE_S)) as server:
        with grpc.insecure_channel(server.address) as channel:
            watch = _watching(pb_grpc.EvidenceTraceServiceStub(channel))
            pid = server.proc.pid
            threads = _threads_but_the_main(pid)
            started = time.monotonic()
            for tid in threads:
                tgkill(pid, tid, signal.SIGTERM)
            ended = _ended(watch)
            exit_code = server.proc.wait(GRACE_S + 10)
            exit_s = time.monotonic() - started
    fault_report(
        threads_signalled=len(threads), watch_ended=ended.code().name, exit_code=exit_code, exit_s=round(exit_s, 2)
    )
    assert threads, "the server runs more than its main thread"
    assert ended.code() == grpc.StatusCode.UNAVAILABLE
    assert exit_code == 0 and exit_s < GRACE_S + 2
    assert "stopped" in "".join(server.output)
