"""Watching a server's health while a fault test runs: every status change of the server ("")
and of its write service, as a client polling the standard health service sees them."""

from __future__ import annotations

import threading
import time
from typing import Callable

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVICE = "evidence_trace.v1.EvidenceTraceService"
SERVING = "SERVING"
NOT_SERVING = "NOT_SERVING"


class HealthWatch:
    """Polls "" and SERVICE until stop(); `changes[name]` lists each status in the order it was seen."""

    def __init__(self, address: str):
        self.changes: dict[str, list[str]] = {"": [], SERVICE: []}
        self.causes: list[str] = []
        self._channel = grpc.insecure_channel(address)
        self._stub = health_pb2_grpc.HealthStub(self._channel)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            for name, seen in self.changes.items():
                try:
                    response, call = self._stub.Check.with_call(health_pb2.HealthCheckRequest(service=name), timeout=5)
                except grpc.RpcError as err:
                    status = f"ERROR:{err.code().name}"
                else:
                    status = health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)
                    cause = dict(call.trailing_metadata() or ()).get("evidence-trace-health-cause")
                    if cause and cause not in self.causes:
                        self.causes.append(str(cause))
                if not seen or seen[-1] != status:
                    seen.append(status)
            self._stop.wait(0.02)

    def wait_for(self, status: str, service: str = SERVICE, timeout: float = 30) -> None:
        wait_until(lambda: self.changes[service][-1:] == [status], f"{service or 'server'} {status}", timeout)

    def stop(self) -> dict[str, list[str]]:
        self._stop.set()
        self._thread.join(10)
        self._channel.close()
        return self.changes


def wait_until(done: Callable[[], bool], what: str, timeout: float = 30) -> None:
    """Poll `done` until it holds; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout}s")
        time.sleep(0.01)
