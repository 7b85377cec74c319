"""Sustained ingest for fault tests: client threads recording unique invocations
until stopped, keeping what the server acknowledged and every status it answered."""

from __future__ import annotations

import collections
import itertools
import threading
import time
from typing import Optional

import grpc
from builders import invocation

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


class Ingest:
    """`threads` clients recording `{prefix}-{n}` invocations into session `session_id` until stop().

    `fields` are passed on to each invocation (builders.invocation), e.g. a large output_preview.
    """

    def __init__(
        self,
        address: str,
        prefix: str,
        threads: int = 8,
        session_id: str = "ingest",
        metadata: Optional[tuple] = None,
        timeout: float = 10,
        **fields,
    ):
        self.acknowledged: list[str] = []
        self.statuses: collections.Counter = collections.Counter()
        self.unacknowledged: list[str] = []  # sent, answered with an error or not at all
        #: "CODE/REASON/retry-hint|no-retry-hint" -> count, for every error answered.
        self.refusals: collections.Counter = collections.Counter()
        self.address = address
        self._ids = (f"{prefix}-{n}" for n in itertools.count())
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._channel = grpc.insecure_channel(address)
        self._stub = pb_grpc.EvidenceTraceServiceStub(self._channel)
        self._session_id, self._metadata, self._timeout = session_id, metadata, timeout
        self._fields = fields
        self._threads = [threading.Thread(target=self._run, daemon=True) for _ in range(threads)]
        for t in self._threads:
            t.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                invocation_id = next(self._ids)
            self.send(invocation_id)

    def send(self, invocation_id: str) -> bool:
        """Record one invocation; True when acknowledged."""
        request = pb.RecordInvocationRequest(
            invocation=invocation(invocation_id=invocation_id, session_id=self._session_id, **self._fields)
        )
        try:
            self._stub.RecordInvocation(request, timeout=self._timeout, metadata=self._metadata)
        except grpc.RpcError as err:
            refusal = _describe(err)
            with self._lock:
                self.refusals[refusal] += 1
                self.statuses[err.code().name] += 1
                self.unacknowledged.append(invocation_id)
            return False
        with self._lock:
            self.statuses["OK"] += 1
            self.acknowledged.append(invocation_id)
        return True

    def wait_for_acks(self, count: int, timeout: float = 30) -> None:
        """Block until at least `count` acknowledgements (bounded by timeout)."""
        self._wait(lambda: len(self.acknowledged) >= count, f"{count} acknowledgements", timeout)

    def wait_for_errors(self, count: int, timeout: float = 30) -> None:
        """Block until at least `count` error answers in all (bounded by timeout)."""
        self._wait(lambda: sum(self.refusals.values()) >= count, f"{count} errors", timeout)

    def _wait(self, done, what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {timeout}s; statuses {dict(self.statuses)}")
            time.sleep(0.01)

    def stop(self, resend_unacknowledged: bool = False) -> int:
        """Stop the clients; optionally resend each unacknowledged id once. Returns the resends acknowledged."""
        self._stop.set()
        for t in self._threads:
            t.join(30)
        acknowledged = 0
        if resend_unacknowledged:
            for invocation_id in sorted(set(self.unacknowledged) - set(self.acknowledged)):
                acknowledged += self.send(invocation_id)
        self._channel.close()
        return acknowledged


def _describe(err: grpc.RpcError) -> str:
    error = error_from_rpc(err)
    return f"{error.code.name}/{error.reason}/{'no-retry-hint' if error.retry_delay is None else 'retry-hint'}"
