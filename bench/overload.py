"""Overload figures: CPU-bound calls at 4x the admitted concurrency, refusals and health timed.

    python -m bench.overload [--seconds 10] [--max-workers 8] [--admitted 4] [--rows 2000]

A server child process admits `--admitted` calls at a time. 4x that many
client threads, spread over 4 client processes, call SummarizeSession on a
session of `--rows` rows (CPU-bound in the server: classification and merging
in Python) back to back, for `--seconds`; a process of its own checks health
every 20 ms, as a load balancer would. Printed: calls
admitted and refused, refusal latency p50/p99 (client-side, loopback), whether
every refusal carried ErrorInfo OVERLOADED and a RetryInfo, and health latency
p50/p99. Not part of the test suite (timings belong here, not in tests);
docs/reliability.md quotes a run.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import statistics
import tempfile
import threading
import time
import uuid
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from bench.procs import Proc
from bench.workload import session_invocations
from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

#: Processes the client threads are spread over (one process's GIL would otherwise time itself).
CLIENT_PROCESSES = 4


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def _refusal_details(err: grpc.RpcError) -> tuple[str, bool]:
    """(ErrorInfo reason, whether a RetryInfo with a positive delay came with it), decoded by the SDK."""
    error = error_from_rpc(err)
    return error.reason, (error.retry_delay or 0) > 0


def _clients(address: str, threads: int, session: str, start_at: float, seconds: float) -> dict[str, Any]:
    """In a client process: `threads` threads calling SummarizeSession back to back from start_at."""
    ok: list[float] = []
    refused: list[float] = []
    without_hints: list[str] = []
    other: dict[str, int] = {}
    lock = threading.Lock()

    def client() -> None:
        with grpc.insecure_channel(address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            request = pb.SummarizeSessionRequest(session_id=session)
            time.sleep(max(0.0, start_at - time.time()))
            while time.time() < start_at + seconds:
                t0 = time.perf_counter()
                try:
                    stub.SummarizeSession(request, timeout=60)
                    with lock:
                        ok.append(time.perf_counter() - t0)
                except grpc.RpcError as err:
                    elapsed = time.perf_counter() - t0
                    with lock:
                        if err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                            refused.append(elapsed)
                            reason, retry = _refusal_details(err)
                            if reason != "OVERLOADED" or not retry:
                                without_hints.append(f"{reason or 'no ErrorInfo'}/retry={retry}")
                        else:
                            other[err.code().name] = other.get(err.code().name, 0) + 1

    running = [threading.Thread(target=client) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join()
    return {"ok": ok, "refused": refused, "without_hints": without_hints, "other": other}


def _prober(address: str, start_at: float, seconds: float) -> list[float]:
    """In a process of its own, like a load balancer: a health check every 20 ms; latencies in ms."""
    latencies: list[float] = []
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        health.Check(health_pb2.HealthCheckRequest(), timeout=10)
        time.sleep(max(0.0, start_at - time.time()))
        while time.time() < start_at + seconds:
            t0 = time.perf_counter()
            health.Check(health_pb2.HealthCheckRequest(), timeout=10)
            latencies.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.02)
    return latencies


def run(address: str, clients: int, seconds: float, session: str) -> dict[str, str]:
    """`clients` client threads spread over CLIENT_PROCESSES processes, and a health prober in its own."""
    start_at = time.time() + 3  # every process set up by then
    spawn = multiprocessing.get_context("spawn")  # gRPC and fork do not mix
    with concurrent.futures.ProcessPoolExecutor(CLIENT_PROCESSES + 1, mp_context=spawn) as processes:
        shares = [clients // CLIENT_PROCESSES + (i < clients % CLIENT_PROCESSES) for i in range(CLIENT_PROCESSES)]
        parts = [processes.submit(_clients, address, n, session, start_at, seconds) for n in shares if n]
        probe = processes.submit(_prober, address, start_at, seconds)
        results = [p.result() for p in parts]
        health_ms = probe.result()
    ok = [x for r in results for x in r["ok"]]
    refused = [x for r in results for x in r["refused"]]
    without_hints = [x for r in results for x in r["without_hints"]]
    other: dict[str, int] = {}
    for r in results:
        for code, n in r["other"].items():
            other[code] = other.get(code, 0) + n
    calls = len(ok) + len(refused) + sum(other.values())
    return {
        "calls": f"{calls:,}",
        "admitted (OK)": f"{len(ok):,} (p50 {statistics.median(ok) * 1000:.0f} ms)" if ok else "0",
        "refused RESOURCE_EXHAUSTED": f"{len(refused):,} ({len(refused) / max(calls, 1):.0%})",
        "refusal latency p50 / p99": f"{_percentile(refused, 0.5) * 1000:.1f} / {_percentile(refused, 0.99) * 1000:.1f} ms",
        "refusals without OVERLOADED + RetryInfo": str(len(without_hints)),
        "other errors": str(other or 0),
        "health checks": str(len(health_ms)),
        "health latency p50 / p99": f"{_percentile(health_ms, 0.5):.1f} / {_percentile(health_ms, 0.99):.1f} ms",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of the overload (default 10)")
    parser.add_argument("--max-workers", type=int, default=8, help="the server's worker threads (default 8)")
    parser.add_argument("--admitted", type=int, default=4, help="max_concurrent_rpcs (default 4)")
    parser.add_argument("--rows", type=int, default=2000, help="rows in the summarized session (default 2000)")
    args = parser.parse_args()
    clients = 4 * args.admitted
    os.environ["EVIDENCE_TRACE_MAX_CONCURRENT_RPCS"] = str(args.admitted)
    with (
        tempfile.TemporaryDirectory() as tmp,
        Proc.evidence_trace(f"sqlite:///{tmp}/overload.db", "--max-workers", str(args.max_workers)) as et,
    ):
        session = f"overload-{uuid.uuid4().hex[:6]}"
        with grpc.insecure_channel(et.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            invocations = session_invocations(session, args.rows)
            for i in range(0, args.rows, 500):
                stub.BatchRecordInvocations(
                    pb.BatchRecordInvocationsRequest(invocations=invocations[i : i + 500]), timeout=60
                )
            with grpc.insecure_channel(et.address) as idle:
                health = health_pb2_grpc.HealthStub(idle)
                idle_ms = []
                for _ in range(50):
                    t0 = time.perf_counter()
                    health.Check(health_pb2.HealthCheckRequest(), timeout=10)
                    idle_ms.append((time.perf_counter() - t0) * 1000)
        print(
            f"overload: {clients} clients (4x {args.admitted} admitted, {args.max_workers} workers), "
            f"SummarizeSession of {args.rows} rows, {args.seconds:.0f} s, {os.cpu_count()} cores"
        )
        print(
            f"  {'health latency when idle p50 / p99':<42} {_percentile(idle_ms, 0.5):.1f} / "
            f"{_percentile(idle_ms, 0.99):.1f} ms"
        )
        for name, value in run(et.address, clients, args.seconds, session).items():
            print(f"  {name:<42} {value}", flush=True)


if __name__ == "__main__":
    main()
