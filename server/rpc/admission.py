"""Admission control: refuse excess concurrent calls at once, with a retry hint, before they queue.

The server runs calls on a pool of `max_workers` threads, behind the pool's
queue. Were the limit checked when a worker picks a call up, a burst would wait
in that queue first: refusals would come late, the queue would act as a waiting
room, and health checks would wait behind the backlog.

So `AdmissionControl` decides in `intercept_service`, which gRPC runs on its
polling thread as a call arrives, before the call is handed to any pool. It
admits at most `limit` calls at a time and refuses the rest with
RESOURCE_EXHAUSTED (reason OVERLOADED) and a google.rpc.RetryInfo, which the
client SDK honours. Admitted calls run on the worker pool (`worker_pool()`),
which never holds more than `limit` of them; refusals (`express`) and health
checks (`health`) run on small pools of their own, so they never wait behind
admitted work, and health checks never wait behind a flood of refusals. Health
checks are never counted nor refused. There is no waiting room: a call is
admitted now or refused now, so the client, not the server, decides whether
to wait.

An admitted call holds its slot until its behaviour returns, or, if it never
runs (its client went away before the request arrived), until its task in the
worker pool ends: `_SlotReleasingPool` frees the slot then.

Streams (WatchSession) last as long as a session and hold a worker each, so
they have a budget of their own within the limit (`stream_limit`, by default
half of it): however many watchers connect, the other half of the admitted
calls stays available to writes and reads.

On shutdown, `drain(grace)` refuses every new call with UNAVAILABLE (reason
SHUTTING_DOWN) and a RetryInfo, so clients move to another replica, tells the
calls in flight through the `ShutdownSignal` (streams end at once, verifier
calls are cut before the grace period ends) and waits for them to finish; only
then does the gRPC server stop (which would otherwise answer new calls with a
bare CANCELLED or UNAVAILABLE).
"""

from __future__ import annotations

import threading
import time
from concurrent import futures
from typing import Any, Callable, Iterator, Optional

import grpc

from evidence_trace.server.domain.errors import Overloaded, ShuttingDown
from evidence_trace.server.rpc.auth import HEALTH_PREFIX
from evidence_trace.server.rpc.shutdown import ShutdownSignal
from evidence_trace.server.rpc.status import abort, status_for

__all__ = ["AdmissionControl", "ShuttingDown", "concurrency_limit", "stream_limit"]

#: Threads answering refusals; each takes microseconds of work.
EXPRESS_WORKERS = 4
#: Threads answering health checks.
HEALTH_WORKERS = 2
#: Of the grace period, the part kept after cutting verifier calls, to record and answer (at most).
ANSWER_RESERVE_S = 1.0
#: Health's unary method (Watch streams are left to the worker pool: they last).
_HEALTH_CHECK = HEALTH_PREFIX + "Check"


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


def cut_time(deadline: float, grace_s: float) -> float:
    """When in-flight verifier calls are cut: before `deadline`, leaving time to record and answer."""
    return deadline - min(ANSWER_RESERVE_S, grace_s / 4)


class _Slot:
    """An admitted call's place; released once, whichever of its behaviour or its task ends first."""

    __slots__ = ("_control", "streaming", "_released")

    def __init__(self, control: "AdmissionControl", streaming: bool):
        self._control = control
        self.streaming = streaming
        self._released = False

    def release(self) -> None:
        self._control._release(self)


class _SlotReleasingPool(futures.ThreadPoolExecutor):
    """The worker pool: frees an admitted call's slot when its task ends, even if its behaviour never ran."""

    def submit(self, fn, /, *args, **kwargs):
        future = super().submit(fn, *args, **kwargs)
        for arg in args:  # gRPC passes the call's behaviour to its task
            slot = getattr(arg, "admission_slot", None)
            if isinstance(slot, _Slot):
                future.add_done_callback(_releasing(slot))
        return future


def _releasing(slot: _Slot) -> Callable[[futures.Future], None]:
    def release(_: futures.Future) -> None:
        slot.release()

    return release


class AdmissionControl(grpc.ServerInterceptor):
    """Admits at most `limit` concurrent calls (health checks excepted), deciding before they queue."""

    def __init__(
        self,
        limit: int,
        retry_after_s: float = 0.5,
        streams: Optional[int] = None,
        shutdown: Optional[ShutdownSignal] = None,
    ):
        self.limit = limit
        self.stream_limit = stream_limit(limit, streams or 0)
        self.shutdown = shutdown or ShutdownSignal()
        self._retry_after_s = retry_after_s
        self._lock = threading.Condition()
        self._in_flight = 0
        self._streams_in_flight = 0
        self._draining = False
        #: Runs refusals, never admitted work.
        self.express = futures.ThreadPoolExecutor(EXPRESS_WORKERS, thread_name_prefix="rpc-express")
        #: Runs health checks: never behind admitted work, nor behind a flood of refusals.
        self.health = futures.ThreadPoolExecutor(HEALTH_WORKERS, thread_name_prefix="rpc-health")
        #: Calls refused so far because the limit was reached.
        self.refused = 0
        #: Calls admitted so far (health checks are never counted).
        self.admitted = 0
        streams_full = Overloaded(
            f"the server is serving its limit of {self.stream_limit} concurrent streams; "
            "retry after the RetryInfo delay",
            retry_after_s=retry_after_s,
            max_concurrent_streams=str(self.stream_limit),
        )
        calls_full = Overloaded(
            f"the server is serving its limit of {limit} concurrent calls; retry after the RetryInfo delay",
            retry_after_s=retry_after_s,
            max_concurrent_rpcs=str(limit),
        )
        self._errors = {"draining": ShuttingDown(), "streams": streams_full, "calls": calls_full}
        self._statuses = {why: status_for(error) for why, error in self._errors.items()}
        self._refusing: dict[tuple[str, str], grpc.RpcMethodHandler] = {}

    def worker_pool(self, max_workers: int) -> futures.ThreadPoolExecutor:
        """The pool to give grpc.server(): it frees the slots of admitted calls whose behaviour never ran."""
        return _SlotReleasingPool(max_workers=max_workers, thread_name_prefix="rpc")

    def intercept_service(self, continuation, handler_call_details):
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method = handler_call_details.method
        if method.startswith(HEALTH_PREFIX):
            return _on_pool(handler, self.health) if method == _HEALTH_CHECK else handler
        with self._lock:
            refusal = self._refusal(handler.response_streaming)
            slot = None if refusal is not None else self._admit(handler.response_streaming)
        if refusal is not None:
            # Built once per method and reason: under a flood of refusals, each costs next to nothing.
            refusing = self._refusing.get((method, refusal))
            if refusing is None:
                refusing = _on_pool(_refusing(handler, self._statuses[refusal]), self.express)
                self._refusing[(method, refusal)] = refusing
            return refusing
        assert slot is not None
        return _holding(handler, slot)

    def admit(self) -> _Slot:
        """Admit one unary call that does not come through gRPC (OTLP/HTTP), or raise its refusal
        (Overloaded, ShuttingDown). The caller releases the slot when the call ends."""
        with self._lock:
            refusal = self._refusal(False)
            if refusal is None:
                return self._admit(False)
        raise self._errors[refusal]

    def _admit(self, streaming: bool) -> _Slot:
        """Count a call in (under the lock)."""
        self._in_flight += 1
        self.admitted += 1
        self._streams_in_flight += streaming
        return _Slot(self, streaming)

    def _release(self, slot: _Slot) -> None:
        with self._lock:
            if slot._released:
                return
            slot._released = True
            self._in_flight -= 1
            self._streams_in_flight -= slot.streaming
            self._lock.notify_all()

    def _refusal(self, streaming: bool) -> Optional[str]:
        """Why a new call is refused now (a key of _statuses; called under the lock), or None to admit it."""
        if self._draining:
            return "draining"
        if streaming and self._streams_in_flight >= self.stream_limit:
            self.refused += 1
            return "streams"
        if self._in_flight >= self.limit:
            self.refused += 1
            return "calls"
        return None

    def drain(self, grace_s: float) -> float:
        """Refuse new calls from now on, end streams, cut verifier calls; wait up to grace_s. The grace left."""
        deadline = time.monotonic() + grace_s
        with self._lock:
            self._draining = True
        self.shutdown.begin(cut_time(deadline, grace_s))
        with self._lock:
            while self._in_flight and time.monotonic() < deadline:
                self._lock.wait(deadline - time.monotonic())
        return max(0.0, deadline - time.monotonic())

    def close(self) -> None:
        """Stop the refusal and health pools' threads (after the gRPC server stopped)."""
        self.express.shutdown(wait=False)
        self.health.shutdown(wait=False)


def _behavior_name(handler: grpc.RpcMethodHandler) -> str:
    return (
        ("stream" if handler.request_streaming else "unary")
        + "_"
        + ("stream" if handler.response_streaming else "unary")
    )


def _replaced(handler: grpc.RpcMethodHandler, behavior: Callable[..., Any]) -> grpc.RpcMethodHandler:
    return handler._replace(**{_behavior_name(handler): behavior})  # type: ignore[attr-defined]


def _on_pool(handler: grpc.RpcMethodHandler, pool: futures.ThreadPoolExecutor) -> grpc.RpcMethodHandler:
    """`handler` run on `pool` instead of the server's worker pool (gRPC's experimental_thread_pool)."""
    inner = getattr(handler, _behavior_name(handler))

    def behavior(request: Any, context: grpc.ServicerContext) -> Any:
        return inner(request, context)

    behavior.experimental_thread_pool = pool  # type: ignore[attr-defined]
    return _replaced(handler, behavior)


def _refusing(handler: grpc.RpcMethodHandler, status: grpc.Status) -> grpc.RpcMethodHandler:
    """A handler that answers `status` without running the method."""
    if handler.response_streaming:

        def streaming(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            abort(context, status)
            yield from ()

        return _replaced(handler, streaming)

    def unary(request: Any, context: grpc.ServicerContext) -> Any:
        abort(context, status)

    return _replaced(handler, unary)


def _holding(handler: grpc.RpcMethodHandler, slot: _Slot) -> grpc.RpcMethodHandler:
    """`handler` releasing `slot` when its behaviour ends (the worker pool releases it if it never runs)."""
    inner = getattr(handler, _behavior_name(handler))
    if handler.response_streaming:

        def streaming(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            try:
                yield from inner(request, context)
            finally:
                slot.release()

        behavior: Callable[..., Any] = streaming
    else:

        def unary(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return inner(request, context)
            finally:
                slot.release()

        behavior = unary
    behavior.admission_slot = slot  # type: ignore[attr-defined]
    return _replaced(handler, behavior)
