"""What one unary call costs beyond its row: each part of the call path on its own line.

    python -m bench.percall [--seconds 3] [--concurrency 8]

Two views of the same question:

- end to end: RecordInvocation at concurrency 8 against measurement-only
  servers (bench/percall_server.py) that switch the real path's parts on one by
  one: a canned handler, then the guards (admission, authentication), then the
  writer handoff, then the real servicer; each line gives calls/s and the
  server's CPU time per call (from /proc, so a busy machine changes the rate
  more than the CPU per call);
- in isolation: each interceptor and the response building, timed
  sequentially in this process on a stand-in context (µs per call).
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import sys
import tempfile
import time
from typing import Any, Callable

import grpc

from bench.load import run_load
from bench.procs import Proc
from bench.workload import Wire, record_request

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (all its threads)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def drive(address: str, pids: list[int], concurrency: int, seconds: float, view: int = 0) -> dict[str, float]:
    """RecordInvocation at `concurrency` for `seconds`: rate, server CPU per call, the load generator's CPU share."""
    from evidence_trace.v1 import evidence_trace_pb2 as pb

    wire = Wire("record")
    suffix = pb.RecordInvocationRequest(view=view).SerializeToString() if view else b""  # a later field: appended
    with grpc.insecure_channel(address) as channel:
        raw = channel.unary_unary(wire.method)

        def call(w: int, i: int) -> None:
            raw(wire.fresh() + suffix, timeout=10)

        run_load(call, concurrency, min(1.0, seconds / 2))  # warm up
        server_before = sum(cpu_seconds(p) for p in pids)
        own_before = own_cpu_seconds()
        result = run_load(call, concurrency, seconds)
        server_cpu = sum(cpu_seconds(p) for p in pids) - server_before
        own_cpu = own_cpu_seconds() - own_before
    calls = max(1, result.calls)
    return {
        "rate": result.rate,
        "server_us": server_cpu / calls * 1e6,
        "client_us": own_cpu / calls * 1e6,
        "client_share": own_cpu / max(1e-9, own_cpu + server_cpu),
        "errors": result.errors,
        "p50": result.p50_ms,
    }


#: (label, handler, interceptors, max_workers) of the end-to-end lines, cheapest first.
VARIANTS = (
    ("bare handler (no decoding), no interceptors", "bare", "none", 64),
    ("canned handler, no interceptors", "canned", "none", 64),
    ("  the same on grpc.aio's server (reference)", "aio", "none", 64),
    ("+ admission and authentication", "canned", "guards", 64),
    ("+ metrics interceptor", "canned", "all", 64),
    ("+ writer handoff (no SQL)", "handoff", "all", 64),
    ("real servicer and recorder, writer runs no SQL", "nosql", "all", 64),
    ("real RecordInvocation (serve defaults)", "full", "guards", 64),
    ("real RecordInvocation, metrics on", "full", "all", 64),
    ("real, metrics on, 16 worker threads", "full", "all", 16),
)


def end_to_end(seconds: float, concurrency: int, variants=VARIANTS, views: bool = True) -> list[tuple[str, dict]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, (label, handler, interceptors, workers) in enumerate(variants):
            url = f"sqlite:///{tmp}/percall-{n}.db"
            argv = [sys.executable, "-m", "bench.percall_server", handler, interceptors, url, str(workers)]
            with Proc(argv) as server:
                rows.append((label, drive(server.address, [server.pid], concurrency, seconds)))
                if views and handler == "full" and interceptors == "all" and workers == 64 and _has_views():
                    rows.append((label + ", view BASIC", drive(server.address, [server.pid], concurrency, seconds, 1)))
    return rows


def _has_views() -> bool:
    from evidence_trace.v1 import evidence_trace_pb2 as pb

    return "view" in pb.RecordInvocationRequest.DESCRIPTOR.fields_by_name


# -- in isolation -------------------------------------------------------------


class _Context:
    """The parts of a grpc.ServicerContext the interceptors read."""

    def peer(self) -> str:
        return "ipv4:127.0.0.1:50312"

    def invocation_metadata(self) -> tuple:
        return ()

    def is_active(self) -> bool:
        return True

    def code(self) -> Any:
        return None

    def time_remaining(self) -> float:
        return 10.0

    def abort(self, code, details):  # pragma: no cover - never reached on this path
        raise RuntimeError(details)


class _Details:
    method = "/evidence_trace.v1.EvidenceTraceService/RecordInvocation"
    invocation_metadata = ()


def _per_call_us(fn: Callable[[], object], calls: int = 20_000, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, time.perf_counter() - started)
    return best / calls * 1e6


def isolated() -> list[tuple[str, float]]:
    from evidence_trace.server import settings as settings_module
    from evidence_trace.server.domain.model import Classification, Outcome, RecordOutcome
    from evidence_trace.server.rpc import convert
    from evidence_trace.server.rpc.guards import Guards
    from evidence_trace.server.rpc.metrics import Metrics, MetricsInterceptor
    from evidence_trace.server.usecases.recording import Recorded

    logging.getLogger("evidence_trace").setLevel(logging.ERROR)  # the guards' start-up warnings
    settings = settings_module.load({"listen": "127.0.0.1:0", "database_url": "sqlite:///:memory:"}, env={})
    guards = Guards(settings)
    admission, auth = guards.interceptors
    handler = grpc.unary_unary_rpc_method_handler(lambda request, context: b"")
    context, details = _Context(), _Details()

    def through(*chain: grpc.ServerInterceptor) -> Callable[[], object]:
        def continuation(d):
            return handler

        for interceptor in reversed(chain):
            continuation = (lambda i, c: lambda d: i.intercept_service(c, d))(interceptor, continuation)

        def one() -> object:
            return continuation(details).unary_unary(b"", context)

        return one

    inv, _ = convert.invocation_from_pb(record_request("iso").invocation)
    recorded = Recorded(
        RecordOutcome.CREATED, 1, invocation=inv, classification=Classification(Outcome.DIRECT_SUPPORT, "payment")
    )
    return [
        ("a handler called directly", _per_call_us(lambda: handler.unary_unary(b"", context))),
        (
            "admission control",
            _per_call_us(through(admission)) - _per_call_us(lambda: handler.unary_unary(b"", context)),
        ),
        ("authentication", _per_call_us(through(auth)) - _per_call_us(lambda: handler.unary_unary(b"", context))),
        (
            "metrics interceptor",
            _per_call_us(through(MetricsInterceptor(Metrics())))
            - _per_call_us(lambda: handler.unary_unary(b"", context)),
        ),
        (
            "response: the whole stored row (invocation_to_pb, serialized)",
            _per_call_us(lambda: pb_response(convert, recorded, full=True).SerializeToString(), calls=5_000),
        ),
        (
            "response: RECORD_VIEW_BASIC (outcome, id, record time)",
            _per_call_us(lambda: pb_response(convert, recorded, full=False).SerializeToString(), calls=5_000),
        ),
    ]


def pb_response(convert, recorded, full: bool):
    from evidence_trace.server.rpc.servicer import _basic_record_response
    from evidence_trace.v1 import evidence_trace_pb2 as pb

    if full:
        return pb.RecordInvocationResponse(
            outcome=convert.wire(recorded.outcome), invocation=convert.invocation_to_pb(recorded)
        )
    return _basic_record_response(recorded.invocation.invocation_id, recorded)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    print(f"  per-call cost of RecordInvocation at c={args.concurrency} (end to end, server CPU per call)")
    for label, r in end_to_end(args.seconds, args.concurrency):
        print(
            f"  {label:<52} {r['rate']:>7,.0f} calls/s {r['server_us']:>7,.0f} µs server CPU/call"
            f"  (load generator {r['client_share']:.0%} of CPU{', errors ' + str(r['errors']) if r['errors'] else ''})",
            flush=True,
        )
    print("  in isolation (sequential, this process)")
    for label, micros in isolated():
        print(f"  {label:<62} {micros:>7.1f} µs/call", flush=True)


if __name__ == "__main__":
    main()
