"""SIGTERM under load: in-flight calls complete, new ones are refused cleanly, the process exits within its grace."""
from __future__ import annotations

import collections
import concurrent.futures
import sqlite3
import time

import grpc
import pytest
from builders import error_info, invocation, retry_delay_s
from ingest import Ingest
from serverproc import ServerProcess
from stored import stored_invocation_ids

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
            in_flight = [pool.submit(stub.RecordInvocation, pb.RecordInvocationRequest(
                invocation=invocation(invocation_id=f"in-flight-{i}", session_id="ingest")), timeout=30)
                for i in range(4)]
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
                    refused[f"{err.code().name}/{error_info(err).reason}/retry={retry_delay_s(err)}s"] += 1
            locker.execute("ROLLBACK")
            locker.close()
            finished = [f.result().outcome for f in in_flight]
            exit_code = server.proc.wait(GRACE_S + 5)
            exit_s = time.monotonic() - started
        ingest.stop()
    stored = set(stored_invocation_ids(url))
    acknowledged = set(ingest.acknowledged) | {f"in-flight-{i}" for i, o in enumerate(finished)
                                               if o == pb.RECORD_OUTCOME_CREATED}
    statuses = dict(ingest.statuses)
    fault_report(in_flight_at_sigterm=len(in_flight), in_flight_completed=finished.count(pb.RECORD_OUTCOME_CREATED),
                 new_calls_refused=dict(refused), exit_code=exit_code, exit_s=round(exit_s, 2), grace_s=GRACE_S,
                 acknowledged=len(acknowledged), acknowledged_missing=len(acknowledged - stored),
                 acks_before_sigterm=acks_before_term, statuses=statuses)
    assert finished == [pb.RECORD_OUTCOME_CREATED] * 4
    assert set(refused) == {"UNAVAILABLE/SHUTTING_DOWN/retry=1.0s"}
    assert exit_code == 0 and exit_s < GRACE_S + 2
    assert acknowledged <= stored
    # Clients racing the very end of the drain can see gRPC's own CANCELLED as the
    # server stops accepting calls (docs/reliability.md); nothing else.
    assert set(statuses) <= {"OK", "UNAVAILABLE", "CANCELLED"}
    assert "stopped" in "".join(server.output)
