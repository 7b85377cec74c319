"""Background recording: the tool call never waits for the evidence service.

`submit()` puts the record on a bounded queue and returns at once. One worker
thread takes up to `batch_size` records (waiting at most `flush_interval` for a
batch to fill), sends tool calls with one BatchRecordInvocations and steps with
RecordAgentStep, retrying under the client's RetryPolicy, and counts every
outcome (see `RecorderStats`):

- queue full: the new record is dropped at once and counted in
  `dropped_queue_full`; the tool call is not slowed down;
- the server unreachable past the retry budget (per batch: the policy's
  attempts within `send_timeout`): the batch is counted in
  `failed_after_retries` and the worker moves on;
- `close(timeout)`: no new records are taken (`dropped_after_close`); the
  worker sends what is queued for up to `timeout`, then stops retrying; records
  still queued are discarded as `abandoned_at_close` and a warning says how
  many records were not delivered;
- process exit: an atexit hook closes every open recorder with `exit_timeout`
  (2 s by default). Records in a process killed by a signal are lost.
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
import time
import weakref
from typing import TYPE_CHECKING, Callable, Optional

from evidence_trace.client.recording import Counters, Record, RecorderStats, error_counter, outcome_counter
from evidence_trace.client.retry import Retrier
from evidence_trace.v1 import evidence_trace_pb2 as pb

if TYPE_CHECKING:
    from evidence_trace.client.sync import EvidenceTraceClient

log = logging.getLogger("evidence_trace.client")

#: Most invocations the server takes in one BatchRecordInvocations.
MAX_BATCH_ITEMS = 500
#: Bytes per batch, well under the server's 8 MiB message limit.
MAX_BATCH_BYTES = 4 * 1024 * 1024

_OPEN: "weakref.WeakSet[BackgroundRecorder]" = weakref.WeakSet()

#: Put on the queue by flush() and close() to wake the worker; never counted or sent.
_WAKE = pb.ToolInvocation()


class BackgroundRecorder:
    """Delivers records from a worker thread; `submit()` never blocks and never raises."""

    def __init__(
        self,
        client: "EvidenceTraceClient",
        *,
        max_queue: int = 10_000,
        batch_size: int = 100,
        flush_interval: float = 0.2,
        send_timeout: Optional[float] = None,
        exit_timeout: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        """Start the worker.

        `send_timeout` bounds one batch, its retries included (default: the
        client's default_timeout, else 5 s); `exit_timeout` is how long the
        atexit hook waits for queued records.
        """
        if not 1 <= batch_size <= MAX_BATCH_ITEMS:
            raise ValueError(f"batch_size must be within 1..{MAX_BATCH_ITEMS}")
        self._queue: "queue.Queue[Record]" = queue.Queue(max_queue)
        self._batch_size = batch_size
        self._flush_interval = flush_interval
        self._send_timeout = send_timeout or client.default_timeout or 5.0
        self._exit_timeout = exit_timeout
        self._clock = clock
        self._cond = threading.Condition()
        self._counters = Counters(self._cond)  # type: ignore[arg-type]
        self._closed = False
        self._hurry = 0  # flush() callers waiting: send without waiting for a batch to fill
        self._stopping = threading.Event()  # close() started: drain, then exit
        self._abort = threading.Event()  # close() timed out: stop retrying
        self._client = client.with_retrier(Retrier(client.retry, sleep=self._abort.wait))
        self._worker = threading.Thread(target=self._run, name="evidence-trace-recorder", daemon=True)
        self._worker.start()
        _OPEN.add(self)

    # -- the agent side --------------------------------------------------------
    def submit(self, invocation: pb.ToolInvocation) -> bool:
        """Queue one tool call; False (and counted) when it was dropped."""
        return self._put(invocation)

    def submit_step(self, step: pb.AgentStep) -> bool:
        """Queue one agent step; False (and counted) when it was dropped."""
        return self._put(step)

    def stats(self) -> RecorderStats:
        """A consistent snapshot of the counters."""
        return self._counters.snapshot()

    def flush(self, timeout: Optional[float] = 5.0) -> bool:
        """Wait until every queued record was sent or given up on; False on timeout."""
        with self._cond:
            self._hurry += 1
            self._wake()
            try:
                return self._cond.wait_for(lambda: self._counters.snapshot_unlocked().pending == 0, timeout)
            finally:
                self._hurry -= 1

    def close(self, timeout: float = 5.0) -> RecorderStats:
        """Stop taking records, deliver the queue for up to `timeout`, discard the rest; idempotent."""
        with self._cond:
            if self._closed:
                return self._counters.snapshot_unlocked()
            self._closed = True
        _OPEN.discard(self)
        self._stopping.set()
        self._wake()
        self._worker.join(timeout)
        if self._worker.is_alive():
            self._abort.set()
            self._discard_queue()
        stats = self.stats()
        if stats.undelivered or stats.pending:
            log.warning(
                "evidence-trace recorder closed: %d records not delivered (%s)",
                stats.undelivered + stats.pending,
                stats,
            )
        return stats

    def __enter__(self) -> "BackgroundRecorder":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _put(self, record: Record) -> bool:
        try:
            with self._cond:
                if self._closed:
                    self._counters.add_unlocked("dropped_after_close")
                    return False
                try:
                    self._queue.put_nowait(record)
                except queue.Full:
                    self._counters.add_unlocked("dropped_queue_full")
                    dropped = self._counters.values["dropped_queue_full"]
                    if dropped == 1 or dropped % 1000 == 0:
                        log.warning("evidence-trace recorder queue full: %d records dropped so far", dropped)
                    return False
                self._counters.add_unlocked("enqueued")
                return True
        except Exception:  # never break the agent
            log.exception("evidence-trace recorder: submit failed")
            return False

    def _wake(self) -> None:
        try:
            self._queue.put_nowait(_WAKE)
        except queue.Full:  # a full queue wakes the worker anyway
            pass

    def _discard_queue(self) -> None:
        while True:
            try:
                record = self._queue.get_nowait()
            except queue.Empty:
                return
            if record is not _WAKE:
                self._finish("abandoned_at_close", 1)

    def _finish(self, counter: str, n: int) -> None:
        with self._cond:
            self._counters.add_unlocked(counter, n)
            self._cond.notify_all()

    # -- the worker side -------------------------------------------------------
    def _run(self) -> None:
        while True:
            batch = self._collect()
            if batch is None:
                return
            try:
                self._send(batch)
            except Exception:  # a bug here must not kill the worker silently
                log.exception("evidence-trace recorder: sending a batch failed")

    def _urgent(self) -> bool:
        return self._stopping.is_set() or self._hurry > 0

    def _collect(self) -> Optional[list[Record]]:
        """The next batch; None when closing and the queue is empty."""
        first = self._first()
        if first is None:
            return None
        batch, size = [first], first.ByteSize()
        deadline = self._clock() + self._flush_interval
        while len(batch) < self._batch_size and size < MAX_BATCH_BYTES:
            wait = deadline - self._clock()
            try:
                record = self._queue.get_nowait() if wait <= 0 or self._urgent() else self._queue.get(timeout=wait)
            except queue.Empty:
                break
            if record is _WAKE:
                break
            batch.append(record)
            size += record.ByteSize()
        return batch

    def _first(self) -> Optional[Record]:
        while True:
            try:
                record = self._queue.get(timeout=self._flush_interval)
            except queue.Empty:
                record = None
            if record is not None and record is not _WAKE:
                return record
            if self._stopping.is_set() and self._queue.empty():
                return None

    def _send(self, batch: list[Record]) -> None:
        invocations = [r for r in batch if isinstance(r, pb.ToolInvocation)]
        if invocations:
            self._send_invocations(invocations)
        for step in (r for r in batch if isinstance(r, pb.AgentStep)):
            self._send_step(step)

    def _send_invocations(self, invocations: list[pb.ToolInvocation]) -> None:
        try:
            response = self._client.batch_record_invocations(invocations=invocations, timeout=self._send_timeout)
        except Exception as exc:
            self._failed(exc, len(invocations))
            return
        for result in response.results:
            if result.outcome == pb.RECORD_OUTCOME_REJECTED:
                log.warning(
                    "evidence-trace: invocation %s rejected: %s %s",
                    result.invocation_id,
                    result.reason,
                    [(v.field, v.description) for v in result.violations],
                )
            self._finish(outcome_counter(result.outcome), 1)
        missing = len(invocations) - len(response.results)
        if missing > 0:  # a malformed response: never leave records pending forever
            self._finish("failed_after_retries", missing)

    def _send_step(self, step: pb.AgentStep) -> None:
        try:
            response = self._client.record_agent_step(step=step, timeout=self._send_timeout)
        except Exception as exc:
            self._failed(exc, 1)
            return
        self._finish(outcome_counter(response.outcome), 1)

    def _failed(self, exc: BaseException, n: int) -> None:
        counter = error_counter(exc)
        log.warning("evidence-trace: %d records not delivered (%s): %s", n, counter, exc)
        self._finish(counter, n)


@atexit.register
def _close_open_recorders() -> None:
    """At exit, give every open recorder its exit_timeout to deliver what is queued."""
    for recorder in list(_OPEN):
        try:
            recorder.close(recorder._exit_timeout)
        except Exception:
            log.exception("evidence-trace recorder: close at exit failed")
