"""Admission control: refuse excess concurrent calls at once, with a retry hint.

The server runs calls on a fixed pool of `max_workers` threads. Without a
limit, a burst queues behind busy workers: latencies grow without bound,
deadlines expire in the queue, and health checks wait behind the backlog.
`AdmissionControl` admits at most `limit` calls at a time (the limit is kept
below `max_workers`, so some workers are always free) and refuses the rest
immediately with RESOURCE_EXHAUSTED (reason OVERLOADED) and a
google.rpc.RetryInfo, which the client SDK honours. Health checks are never
counted nor refused. There is no waiting room: a call is admitted now or
refused now, so the client, not the server, decides whether to wait.

Streams (WatchSession) last as long as a session and hold a worker each, so
they have a budget of their own within the limit (`stream_limit`, by default
half of it): however many watchers connect, the other half of the admitted
calls stays available to writes and reads.

On shutdown, `drain(grace)` refuses every new call with UNAVAILABLE (reason
SHUTTING_DOWN) and a RetryInfo, so clients move to another replica, and waits
for the admitted unary calls to finish; only then does the gRPC server stop (which
would otherwise answer new calls with a bare CANCELLED).
"""
from __future__ import annotations

import contextlib
import functools
import threading
import time
from typing import Iterator, Optional, Union

import grpc

from evidence_trace.server.auth import HEALTH_PREFIX
from evidence_trace.server.domain.errors import Overloaded, StorageUnavailable
from evidence_trace.server.errors import abort, status_for
from evidence_trace.server.method_handlers import within



def concurrency_limit(max_workers: int, max_concurrent_rpcs: int) -> int:
    """The admission limit: the setting, or by default all workers but a few (at most 4, at least 1 left)."""
    if max_concurrent_rpcs > 0:
        return max_concurrent_rpcs
    return max(1, max_workers - min(4, max_workers // 2))


def stream_limit(limit: int, max_concurrent_streams: int) -> int:
    """The streams admitted at once: the setting (at most the limit), or by default half the limit."""
    if max_concurrent_streams > 0:
        return min(max_concurrent_streams, limit)
    return max(1, limit // 2)


class AdmissionControl(grpc.ServerInterceptor):
    """Admits at most `limit` concurrent calls (health checks excepted)."""

    def __init__(self, limit: int, retry_after_s: float = 0.5, streams: Optional[int] = None):
        self.limit = limit
        self.stream_limit = stream_limit(limit, streams or 0)
        self._retry_after_s = retry_after_s
        self._lock = threading.Condition()
        self._in_flight = 0
        self._unary_in_flight = 0
        self._draining = False
        #: Calls refused so far because the limit was reached.
        self.refused = 0

    def intercept_service(self, continuation, handler_call_details):
        handler = continuation(handler_call_details)
        if handler is None or handler_call_details.method.startswith(HEALTH_PREFIX):
            return handler
        return within(handler, functools.partial(self._admitted, streaming=handler.response_streaming))

    @contextlib.contextmanager
    def _admitted(self, context: grpc.ServicerContext, streaming: bool) -> Iterator[None]:
        with self._lock:
            refusal = self._refusal(streaming)
            if refusal is None:
                self._in_flight += 1
                self._unary_in_flight += not streaming
        if refusal is not None:
            abort(context, status_for(refusal))
            raise refusal  # abort() raises; this guards against a context whose abort does not
        try:
            yield
        finally:
            with self._lock:
                self._in_flight -= 1
                self._unary_in_flight -= not streaming
                self._lock.notify_all()

    def _refusal(self, streaming: bool) -> Optional[Union[Overloaded, "ShuttingDown"]]:
        """Why a new call is refused now (called under the lock), or None to admit it."""
        if self._draining:
            return ShuttingDown("the server is shutting down; retry on another replica or after restart")
        if streaming and self._in_flight - self._unary_in_flight >= self.stream_limit:
            self.refused += 1
            return Overloaded(f"the server is serving its limit of {self.stream_limit} concurrent streams; "
                              "retry after the RetryInfo delay", retry_after_s=self._retry_after_s,
                              max_concurrent_streams=str(self.stream_limit))
        if self._in_flight >= self.limit:
            self.refused += 1
            return Overloaded(f"the server is serving its limit of {self.limit} concurrent calls; "
                              "retry after the RetryInfo delay", retry_after_s=self._retry_after_s,
                              max_concurrent_rpcs=str(self.limit))
        return None

    def drain(self, grace_s: float) -> float:
        """Refuse new calls from now on; wait up to grace_s for admitted unary ones. Returns the grace left.

        Streams (WatchSession) do not end by themselves: the gRPC server's own
        stop gives them the grace left, then cancels them.
        """
        deadline = time.monotonic() + grace_s
        with self._lock:
            self._draining = True
            while self._unary_in_flight and time.monotonic() < deadline:
                self._lock.wait(deadline - time.monotonic())
        return max(0.0, deadline - time.monotonic())


class ShuttingDown(StorageUnavailable):
    """The server is draining before it stops: UNAVAILABLE with a retry hint."""

    reason = "SHUTTING_DOWN"
