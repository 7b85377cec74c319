"""`serve --workers N`: several server processes on one port, on each backend, as real processes."""

from __future__ import annotations

import concurrent.futures
import os
import re
import signal
import urllib.request

import grpc
import pytest
from builders import invocation
from grpc_health.v1 import health_pb2, health_pb2_grpc
from serverproc import ServerProcess

from evidence_trace.server import settings as settings_module
from evidence_trace.server.cli.workers import EXIT_WORKER_DIED
from evidence_trace.server.store.db import SiblingWriteLock
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = pytest.mark.slow

CLIENTS = 12
IDS_PER_CLIENT = 10


def _own_connection(address: str) -> grpc.Channel:
    """A channel with its own TCP connection (channels in one process share them by default)."""
    return grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])


def _record_twice(address: str, client: int) -> list[int]:
    """Each of this client's ids sent twice, over two connections (a resend that may land on another worker)."""
    outcomes = []
    with _own_connection(address) as first, _own_connection(address) as second:
        stubs = [pb_grpc.EvidenceTraceServiceStub(first), pb_grpc.EvidenceTraceServiceStub(second)]
        for i in range(IDS_PER_CLIENT):
            request = pb.RecordInvocationRequest(
                invocation=invocation(invocation_id=f"w{client}-{i}", session_id="workers"), view=pb.RECORD_VIEW_BASIC
            )
            outcomes += [stub.RecordInvocation(request, timeout=30).outcome for stub in stubs]
    return outcomes


def _metric(text: str, name: str, labels: str) -> float:
    found = re.search(rf"^{re.escape(name)}\{{{re.escape(labels)}\}} (\S+)$", text, re.MULTILINE)
    assert found, f"{name}{{{labels}}} not exposed"
    return float(found.group(1))


def _workers_serving(output: list[str]) -> dict[int, int]:
    """worker index -> pid, from the workers' start-up lines."""
    found = (re.search(r"worker (\d+) \(pid (\d+)\) serving on", line) for line in output)
    return {int(m.group(1)): int(m.group(2)) for m in found if m}


def test_two_workers_share_one_port_each_write_lands_once_and_stop_cleanly(db_url, tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    with ServerProcess(
        db_url, "--workers", "2", "--metrics-listen", "127.0.0.1:0", "--log-level", "INFO", env={"TMPDIR": str(scratch)}
    ) as server:
        listening_at = next(i for i, line in enumerate(server.output) if "listening on" in line)
        assert set(_workers_serving(server.output[:listening_at])) == {1, 2}  # ready means every worker

        with _own_connection(server.address) as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
            assert health.status == health_pb2.HealthCheckResponse.SERVING

        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
            outcomes = [o for per in pool.map(lambda c: _record_twice(server.address, c), range(CLIENTS)) for o in per]
        rows = CLIENTS * IDS_PER_CLIENT
        assert outcomes.count(pb.RECORD_OUTCOME_CREATED) == rows
        assert outcomes.count(pb.RECORD_OUTCOME_DUPLICATE) == rows

        with _own_connection(server.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            session = stub.GetSession(pb.GetSessionRequest(session_id="workers"), timeout=10).session
        assert session.tool_call_count == rows

        metrics_url = next(
            re.search(r"(http://\S+/metrics)", line).group(1) for line in server.output if "/metrics" in line
        )
        with urllib.request.urlopen(metrics_url, timeout=10) as response:
            exposed = response.read().decode()
        assert _metric(exposed, "evidence_trace_rows_written_total", 'kind="invocation"') == rows  # summed
        assert _metric(exposed, "evidence_trace_duplicates_total", 'kind="invocation"') == rows
        # The same endpoint serves the audit page, which reads what every worker wrote.
        with urllib.request.urlopen(metrics_url.replace("/metrics", "/sessions/workers"), timeout=10) as response:
            page = response.read().decode()
        assert f"{rows} tool call(s)" in page, page[:2000]

        assert server.terminate() == 0
        served = [
            int(m.group(1))
            for m in (re.search(r"stopped after serving (\d+) calls", line) for line in server.output)
            if m
        ]
        assert len(served) == 2 and all(calls > 0 for calls in served), served  # both workers took connections
    assert list(scratch.iterdir()) == []  # the workers' metrics folder is removed


def test_a_worker_that_dies_stops_the_others_and_the_supervisor_fails(sqlite_url):
    with ServerProcess(sqlite_url, "--workers", "2", "--log-level", "INFO") as server:
        pids = _workers_serving(server.output)
        os.kill(pids[2], signal.SIGKILL)
        assert server.proc.wait(60) == EXIT_WORKER_DIED
        assert any("worker 2" in line and "died" in line for line in server.output)
        assert any(f"worker 1 (pid {pids[1]}) stopped after serving" in line for line in server.output)


def test_on_sqlite_a_worker_s_write_waits_for_the_siblings_lock_then_lands_once(tmp_path):
    path = tmp_path / "shared.db"
    with ServerProcess(f"sqlite:///{path}", "--workers", "2") as server:
        request = pb.RecordInvocationRequest(invocation=invocation(invocation_id="locked", session_id="lock"))
        lock = SiblingWriteLock(f"{path}-writers.lock")  # the lock the workers' writers take
        with lock.held(), _own_connection(server.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            with pytest.raises(grpc.RpcError) as caught:
                stub.RecordInvocation(request, timeout=1)
            assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED  # waiting, not failing
        lock.close()
        with _own_connection(server.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            assert stub.RecordInvocation(request, timeout=30).outcome in (
                pb.RECORD_OUTCOME_CREATED,
                pb.RECORD_OUTCOME_DUPLICATE,  # the first call's write committed once the lock was free
            )
            session = stub.GetSession(pb.GetSessionRequest(session_id="lock"), timeout=10).session
        assert session.tool_call_count == 1
        assert server.terminate() == 0


@pytest.mark.parametrize("workers", ["0", "-1", str(settings_module.MAX_PROCESSES + 1), "two"])
def test_a_worker_count_out_of_range_is_refused(workers):
    with pytest.raises(settings_module.SettingsError, match="workers"):
        settings_module.load({}, env={"EVIDENCE_TRACE_WORKERS": workers})
