"""The transport baseline: a bare gRPC server that echoes bytes and does no work.

Run as a process: `python -m bench.echo_server` prints "listening on HOST:PORT".
"""

from __future__ import annotations

import sys
from concurrent import futures

import grpc

from evidence_trace.server.cli.signals import StopSignals

METHOD = "/bench.Echo/Echo"  # the full method path clients call


def _echo(request: bytes, context) -> bytes:
    return request[:64]  # a small reply, like RecordInvocationResponse


def main() -> int:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=32))
    handler = grpc.method_handlers_generic_handler("bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(_echo)})
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(f"listening on 127.0.0.1:{port}", flush=True)
    stop = StopSignals()  # a SIGTERM on any thread wakes the main one (server/cli/signals.py)
    stop.wait()
    server.stop(1).wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
