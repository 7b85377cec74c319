"""A measurement-only server: RecordInvocation with parts of the real call path switched on one by one.

    python -m bench.percall_server HANDLER INTERCEPTORS DATABASE_URL [MAX_WORKERS]

HANDLER is what runs for a call once the interceptors let it through:

- `bare`: returns a fixed response without reading the request, like the
  echo baseline (bench/echo_server.py);
- `canned`: decodes the request and returns a fixed RecordInvocationResponse;
- `handoff`: `canned`, plus a round trip through a GroupCommitWriter whose
  transaction does no SQL (the queue, the future, the writer thread's wake-up);
- `aio`: `canned` on grpc.aio's asyncio server instead (INTERCEPTORS must be
  `none`): what the sync server's thread handoffs cost;
- `nosql`: the real servicer and recorder, with the no-SQL writer of `handoff`;
- `full`: the real servicer and use cases on DATABASE_URL.

INTERCEPTORS is `none`, `guards` (admission and authentication, as `serve`
builds them) or `all` (guards and metrics). Prints "listening on HOST:PORT";
stops on SIGTERM. Not a way to run evidence-trace: bench/percall.py drives it.
"""

from __future__ import annotations

import os
import signal
import sys
from concurrent import futures

import grpc

from bench.workload import record_request
from evidence_trace.server import settings as settings_module
from evidence_trace.server.app import GIL_SWITCH_INTERVAL_S, create_server
from evidence_trace.server.cli.signals import StopSignals
from evidence_trace.server.domain.model import RecordOutcome
from evidence_trace.server.rpc.decoding import SERVICE, decode
from evidence_trace.server.rpc.guards import Guards
from evidence_trace.server.rpc.metrics import Metrics, MetricsInterceptor
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.writer import GroupCommitWriter, Written, now_us
from evidence_trace.server.usecases import services
from evidence_trace.v1 import evidence_trace_pb2 as pb

_CANNED = pb.RecordInvocationResponse(outcome=pb.RECORD_OUTCOME_CREATED).SerializeToString()


class _NoSqlWriter(GroupCommitWriter):
    """The writer's queue, futures and thread, with a transaction that does nothing."""

    def _transaction(self, ops):  # type: ignore[no-untyped-def]
        stamp = now_us()
        return [Written(RecordOutcome.CREATED, stamp)] * len(ops)


def _canned(writer: GroupCommitWriter | None, decoding: bool = True):
    op = None
    if writer is not None:
        from evidence_trace.server.domain.validation import Limits
        from evidence_trace.server.rpc import convert
        from evidence_trace.server.usecases.recording import Recorder

        inv, _ = convert.invocation_from_pb(record_request("handoff").invocation)
        op, _ = Recorder(writer, Limits()).prepare_invocation("default", inv, 0)

    def bare(data: bytes, context: grpc.ServicerContext) -> bytes:
        return _CANNED

    if writer is None and not decoding:
        return bare

    def handler(data: bytes, context: grpc.ServicerContext) -> bytes:
        decode(pb.RecordInvocationRequest, data)
        if writer is not None:
            writer.submit([op]).result(10)
        return _CANNED

    return handler


def _server(handler_kind: str, interceptors: str, url: str, max_workers: int) -> tuple[grpc.Server, int]:
    flags = {"listen": "127.0.0.1:0", "database_url": url, "max_workers": max_workers}
    if handler_kind == "full" and interceptors == "all":
        flags["metrics_listen"] = "127.0.0.1:0"
    settings = settings_module.load(flags, env={})
    if handler_kind in ("full", "nosql"):
        if handler_kind == "nosql":  # the real recorder, handing its rows to a writer that runs no SQL
            services.GroupCommitWriter = _NoSqlWriter  # type: ignore[misc]
        running = create_server(settings)
        return running.server, running.port
    chain: list[grpc.ServerInterceptor] = []
    pool: futures.ThreadPoolExecutor = futures.ThreadPoolExecutor(max_workers)
    if interceptors in ("guards", "all"):
        guards = Guards(settings)
        pool = guards.worker_pool()
        chain = list(guards.interceptors)
    if interceptors == "all":
        chain.insert(0, MetricsInterceptor(Metrics()))
    writer = _NoSqlWriter(open_database(url)) if handler_kind == "handoff" else None
    server = grpc.server(pool, interceptors=chain)
    method = SERVICE.methods_by_name["RecordInvocation"].name
    handlers = {method: grpc.unary_unary_rpc_method_handler(_canned(writer, decoding=handler_kind != "bare"))}
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    return server, port


def _aio_canned() -> int:
    """`canned` on grpc.aio's server: handlers run on one event loop, with no pool to hand each call to."""
    import asyncio

    async def handler(data: bytes, context: grpc.aio.ServicerContext) -> bytes:
        decode(pb.RecordInvocationRequest, data)
        return _CANNED

    async def serve() -> None:
        server = grpc.aio.server()
        handlers = {"RecordInvocation": grpc.unary_unary_rpc_method_handler(handler)}
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        print(f"listening on 127.0.0.1:{port}", flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
        await server.stop(1)

    asyncio.run(serve())
    return 0


def main(argv: list[str]) -> int:
    handler_kind, interceptors, url = argv[:3]
    if handler_kind == "aio":
        return _aio_canned()
    max_workers = int(argv[3]) if len(argv) > 3 else settings_module.Settings.max_workers
    sys.setswitchinterval(float(os.environ.get("BENCH_SWITCH_INTERVAL_S", GIL_SWITCH_INTERVAL_S)))  # as `serve`
    server, port = _server(handler_kind, interceptors, url, max_workers)
    print(f"listening on 127.0.0.1:{port}", flush=True)
    stop = StopSignals()  # a SIGTERM on any thread wakes the main one (server/cli/signals.py)
    stop.wait()
    server.stop(1).wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
