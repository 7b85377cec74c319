"""The one write path: a group-commit writer.

Every row evidence-trace stores goes through `GroupCommitWriter`. RPC threads
submit prepared operations and wait on one future per call; one writer thread
takes every operation queued at that moment (store/operations.py), applies them
all in one transaction with raw multi-row SQL (store/transaction.py; Peewee owns
the connection, the transaction and the schema, its query builder is too slow
for this loop, see docs/performance.md), commits, and only then resolves the
futures. So a call is acknowledged only after the
transaction holding its row committed, and concurrent calls share one commit.

Idempotency: invocations and steps are keyed by (tenant, client id). A resend
with the same content hash resolves to DUPLICATE, other content to a Conflict;
`INSERT ... ON CONFLICT DO NOTHING RETURNING` makes this hold across replicas
writing to one PostgreSQL database. Session counters change in the same
transaction as the rows they count, by one atomic upsert (`x = x + n`).
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import logging
import random
import threading
import time
from typing import Iterator, Optional, Sequence, Union

import peewee

from evidence_trace.server.domain.errors import StorageContention, StorageUnavailable, WriterClosed
from evidence_trace.server.store.db import SiblingWriteLock, is_sqlite, translate_errors
from evidence_trace.server.store.operations import (
    CompleteSession,
    Operation,
    WriteEvaluation,
    WriteInvocation,
    WriteStep,
    Written,
    now_us,
)
from evidence_trace.server.store.outages import Outages
from evidence_trace.server.store.transaction import Batch

__all__ = [  # the operations are the writer's vocabulary: importable from here too
    "CompleteSession",
    "GroupCommitWriter",
    "LINGER_S",
    "Operation",
    "WriteEvaluation",
    "WriteInvocation",
    "WriteStep",
    "Written",
    "now_us",
]

log = logging.getLogger(__name__)

#: How long a transaction waits, at most, for rows that concurrent calls are
#: still preparing (GroupCommitWriter.producing). Measured at concurrency 8 on
#: 2 cores, interleaved runs: 1 ms gave 2-24% more calls/s at 3-19% less server
#: CPU a call than none; 2 ms gave no more; a lone caller never waits.
LINGER_S = 0.001


#: A transaction PostgreSQL aborted for a concurrent one (a deadlock between
#: replicas inserting the same ids in crossing orders, a serialization failure)
#: wrote nothing, so the writer runs it again, after a random pause of up to
#: 10, 20, 40 ms, before the calls in it are refused with UNAVAILABLE and a
#: retry hint (tests/test_postgres_deadlock.py).
CONTENTION_RETRIES = 3
CONTENTION_PAUSE_S = 0.01


#: The outage probe's one statement: a write that changes nothing, to the newest schema version's row.
PROBE_SQL = "UPDATE schema_version SET version = version WHERE version = (SELECT MAX(version) FROM schema_version)"


class GroupCommitWriter:
    """Batches concurrent writes into shared transactions on one thread."""

    def __init__(
        self,
        db: peewee.Database,
        max_batch: int = 1024,
        sibling_lock: Optional[SiblingWriteLock] = None,
        linger_s: float = LINGER_S,
        outages: Optional[Outages] = None,
    ):
        self._db = db
        self._max_batch = max_batch
        self._linger_s = linger_s
        self._producers = 0  # calls inside `producing()`
        #: Taken around each transaction when sibling processes write the same SQLite file (serve --workers).
        self._sibling_lock = sibling_lock
        #: Where failed and committed transactions are reported: the outage log, health and metrics.
        self.outages = outages or Outages()
        self._pending: collections.deque[tuple[list[Operation], concurrent.futures.Future]] = collections.deque()
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="evidence-trace-writer", daemon=True)
        self._thread.start()

    # -- producer side -------------------------------------------------------
    def submit(self, ops: Sequence[Operation]) -> concurrent.futures.Future:
        """Queue operations; the future resolves after their commit.

        Its result holds one entry per operation, in order: Written, or the
        operation's own error (a Conflict, a NotFound...). A storage failure
        that hit the whole transaction is the future's exception instead.
        """
        future: concurrent.futures.Future = concurrent.futures.Future()
        with self._cond:
            if self._closed:
                raise WriterClosed("the server is shutting down")
            self._pending.append((list(ops), future))
            self._cond.notify()
        return future

    @contextlib.contextmanager
    def producing(self) -> Iterator[None]:
        """Around a call's preparation of its rows and its `submit`: rows are on their way.

        The writer, about to open a transaction, waits at most `linger_s` while
        calls are inside this, so concurrent calls share one commit rather than
        each paying for its own (docs/performance.md). A call waiting for its
        commit is outside it, so a lone caller never makes the writer wait.
        """
        with self._cond:
            self._producers += 1
        try:
            yield
        finally:
            with self._cond:
                self._producers -= 1
                if not self._producers:
                    self._cond.notify()

    def close(self, timeout: Optional[float] = None) -> None:
        """Stop accepting work, commit what is queued, stop the thread."""
        with self._cond:
            self._closed = True
            self._cond.notify()
        self._thread.join(timeout)

    # -- writer thread -------------------------------------------------------
    def _take(self) -> Optional[list[tuple[list[Operation], concurrent.futures.Future]]]:
        """Every submission queued now, up to about max_batch operations.

        None once closed and drained; empty when, during an outage, it is time
        to tick or probe (Outages.wait_s) and nothing is queued.
        """
        with self._cond:
            while not self._pending and not self._closed:
                wait = self.outages.wait_s()
                if wait is not None and wait <= 0:
                    return []
                self._cond.wait(wait)
            if self._producers and not self._closed and self._linger_s > 0:
                deadline = time.monotonic() + self._linger_s
                while self._producers and not self._closed and len(self._pending) < self._max_batch:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    self._cond.wait(remaining)
            batch: list[tuple[list[Operation], concurrent.futures.Future]] = []
            size = 0
            while self._pending and (not batch or size + len(self._pending[0][0]) <= self._max_batch):
                ops, future = self._pending.popleft()
                batch.append((ops, future))
                size += len(ops)
            return batch if batch or not self._closed else None

    def _run(self) -> None:
        while True:
            batch = self._take()
            if batch is None:
                break  # closed and drained
            if batch:
                self._commit(batch)
            else:
                self._tick()
        if not self._db.is_closed():
            self._db.close()
        if self._sibling_lock is not None:
            self._sibling_lock.close()

    def _commit(self, batch: list[tuple[list[Operation], concurrent.futures.Future]]) -> None:
        ops = [op for submitted, _ in batch for op in submitted]
        try:
            results = self._contended(ops)
        except StorageUnavailable as exc:
            self._reset_connection()
            self.outages.failed(exc, refused=len(batch))
            for _, future in batch:
                future.set_exception(exc)
            return
        except Exception:
            self._reset_connection()
            results = self._isolated(ops)
        else:
            self.outages.committed()
        start = 0
        for submitted, future in batch:
            future.set_result(results[start : start + len(submitted)])
            start += len(submitted)

    def _isolated(self, ops: list[Operation]) -> list[Union[Written, Exception]]:
        """One operation may be poisoned: commit each in its own transaction."""
        results: list[Union[Written, Exception]] = []
        for op in ops:
            try:
                results.extend(self._contended([op]))
            except StorageUnavailable as exc:
                self._reset_connection()
                self.outages.failed(exc, refused=1)
                results.append(exc)
            except Exception:
                log.exception("write failed")
                self._reset_connection()
                results.append(StorageUnavailable("write failed"))
            else:
                self.outages.committed()
        return results

    def _reset_connection(self) -> None:
        try:
            if not self._db.is_closed():
                self._db.close()
        except Exception:  # the connection is already broken
            log.debug("closing a broken connection failed", exc_info=True)

    def _tick(self) -> None:
        """During an outage, with nothing queued: probe the store when it is time, report how it goes."""
        if self.outages.probe_due():
            try:
                self._transaction([], probe=True)
            except StorageUnavailable as exc:
                self._reset_connection()
                self.outages.failed(exc, refused=0)
            except Exception as exc:  # not a storage cause, but the store still does not take writes
                self._reset_connection()
                self.outages.failed(StorageUnavailable(f"{StorageUnavailable.what}: probe failed: {exc}"), refused=0)
            else:
                self.outages.committed()
        self.outages.tick()

    def _contended(self, ops: list[Operation]) -> list[Union[Written, Exception]]:
        """One write transaction of `ops`, run again when the database aborts it for a concurrent one; the last
        try's StorageContention is the caller's."""
        for attempt in range(CONTENTION_RETRIES):
            try:
                return self._transaction(ops)
            except StorageContention as exc:
                log.info("write transaction aborted for a concurrent one, running it again: %s", exc)
                time.sleep(random.uniform(0, CONTENTION_PAUSE_S * 2**attempt))
        return self._transaction(ops)

    def _transaction(self, ops: list[Operation], probe: bool = False) -> list[Union[Written, Exception]]:
        """One write transaction of `ops`; with `probe`, the outage probe instead (docs/reliability.md): the
        schema version row rewritten as it is, which needs the write lock, a writable store and a commit."""
        db = self._db
        with self._sibling_lock.held() if self._sibling_lock else contextlib.nullcontext(), translate_errors(db):
            db.connect(reuse_if_open=True)
            with db.atomic("IMMEDIATE") if is_sqlite(db) else db.atomic():
                if probe:
                    db.execute_sql(PROBE_SQL)
                    return []
                return Batch(db, now_us()).apply(ops)
