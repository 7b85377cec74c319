"""The one write path: a group-commit writer.

Every row evidence-trace stores goes through `GroupCommitWriter`. RPC threads
submit prepared operations and wait on one future per call; one writer thread
takes every operation queued at that moment, applies them all in one transaction with raw
multi-row SQL (Peewee owns the connection, the transaction and the schema; its
query builder is too slow for this loop, see docs/performance.md), commits,
and only then resolves the futures. So a call is acknowledged only after the
transaction holding its row committed, and concurrent calls share one commit.

Idempotency: invocations and steps are keyed by (tenant, client id). A resend
with the same content hash resolves to DUPLICATE, other content to a Conflict;
`INSERT ... ON CONFLICT DO NOTHING RETURNING` makes this hold across replicas
writing to one PostgreSQL database. Session counters change in the same
transaction as the rows they count, by atomic `x = x + n` updates.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import dataclasses
import logging
import threading
import time
from typing import Any, Iterator, Optional, Sequence, Union

import peewee

from evidence_trace.server.domain.errors import (
    Conflict,
    FailedPrecondition,
    SessionNotFound,
    StorageUnavailable,
    WriterClosed,
)
from evidence_trace.server.domain.model import (
    AgentStep,
    Classification,
    Invocation,
    RecordOutcome,
    SessionStatus,
    StepKind,
)
from evidence_trace.server.domain.redaction import storable
from evidence_trace.server.domain.timeline import NewEvaluation
from evidence_trace.server.store.db import SiblingWriteLock, is_sqlite, translate_errors
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, SESSIONS, STEPS, KeyedMapper, KeyedRow

log = logging.getLogger(__name__)

#: How long a transaction waits, at most, for rows that concurrent calls are
#: still preparing (GroupCommitWriter.producing). Measured at concurrency 8 on
#: 2 cores, interleaved runs: 1 ms gave 2-24% more calls/s at 3-19% less server
#: CPU a call than none; 2 ms gave no more; a lone caller never waits.
LINGER_S = 0.001

#: Rows per multi-row INSERT statement (keeps under SQLite's 32,766 parameters).
_CHUNK = 400


def now_us() -> int:
    return time.time_ns() // 1000


@dataclasses.dataclass
class WriteInvocation:
    row: KeyedRow

    @classmethod
    def of(
        cls,
        tenant: str,
        inv: Invocation,
        c: Classification,
        classifier_version: int,
        received_us: int,
        params_json: Optional[str] = None,
    ) -> WriteInvocation:
        """The write of a validated, normalized invocation classified as `c` (its row is built here)."""
        return cls(INVOCATIONS.keyed_row(tenant, inv, c, classifier_version, received_us, params_json))


@dataclasses.dataclass
class WriteStep:
    row: KeyedRow
    kind: StepKind

    @classmethod
    def of(cls, tenant: str, step: AgentStep, received_us: int) -> WriteStep:
        """The write of a validated, normalized step (its row is built here)."""
        return cls(STEPS.keyed_row(tenant, step, received_us), step.kind)


@dataclasses.dataclass
class WriteEvaluation:
    tenant: str
    session_id: str
    values: tuple  # EVALUATIONS.write_row; the writer appends the commit stamp

    @classmethod
    def of(cls, evaluation: NewEvaluation) -> WriteEvaluation:
        """The write of one Chat call's evaluation (its row is built here).

        With a request id already stored in the session, nothing is written and
        the result is DUPLICATE: the caller reads the first call's row.
        """
        return cls(evaluation.tenant, evaluation.session_id, EVALUATIONS.write_row(evaluation))

    @property
    def evaluation_id(self) -> str:
        return self.values[0]


@dataclasses.dataclass
class CompleteSession:
    tenant: str
    session_id: str
    status: SessionStatus


Operation = Union[WriteInvocation, WriteStep, WriteEvaluation, CompleteSession]


@dataclasses.dataclass(frozen=True)
class Written:
    """The result of one operation: what happened and when it committed."""

    outcome: RecordOutcome
    record_us: int


class GroupCommitWriter:
    """Batches concurrent writes into shared transactions on one thread."""

    def __init__(
        self,
        db: peewee.Database,
        max_batch: int = 1024,
        sibling_lock: Optional[SiblingWriteLock] = None,
        linger_s: float = LINGER_S,
    ):
        self._db = db
        self._max_batch = max_batch
        self._linger_s = linger_s
        self._producers = 0  # calls inside `producing()`
        #: Taken around each transaction when sibling processes write the same SQLite file (serve --workers).
        self._sibling_lock = sibling_lock
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
    def _take(self) -> list[tuple[list[Operation], concurrent.futures.Future]]:
        """Every submission queued now, up to about max_batch operations."""
        with self._cond:
            while not self._pending and not self._closed:
                self._cond.wait()
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
            return batch

    def _run(self) -> None:
        while True:
            batch = self._take()
            if not batch:
                break  # closed and drained
            self._commit(batch)
        if not self._db.is_closed():
            self._db.close()
        if self._sibling_lock is not None:
            self._sibling_lock.close()

    def _commit(self, batch: list[tuple[list[Operation], concurrent.futures.Future]]) -> None:
        ops = [op for submitted, _ in batch for op in submitted]
        try:
            results = self._transaction(ops)
        except StorageUnavailable as exc:
            self._reset_connection()
            for _, future in batch:
                future.set_exception(exc)
            return
        except Exception:
            self._reset_connection()
            results = self._isolated(ops)
        start = 0
        for submitted, future in batch:
            future.set_result(results[start : start + len(submitted)])
            start += len(submitted)

    def _isolated(self, ops: list[Operation]) -> list[Union[Written, Exception]]:
        """One operation may be poisoned: commit each in its own transaction."""
        results: list[Union[Written, Exception]] = []
        for op in ops:
            try:
                results.extend(self._transaction([op]))
            except StorageUnavailable as exc:
                self._reset_connection()
                results.append(exc)
            except Exception:
                log.exception("write failed")
                self._reset_connection()
                results.append(StorageUnavailable("write failed"))
        return results

    def _reset_connection(self) -> None:
        try:
            if not self._db.is_closed():
                self._db.close()
        except Exception:  # the connection is already broken
            log.debug("closing a broken connection failed", exc_info=True)

    def _transaction(self, ops: list[Operation]) -> list[Union[Written, Exception]]:
        db = self._db
        with self._sibling_lock.held() if self._sibling_lock else contextlib.nullcontext(), translate_errors(db):
            db.connect(reuse_if_open=True)
            with db.atomic("IMMEDIATE") if is_sqlite(db) else db.atomic():
                return _Batch(db, now_us()).apply(ops)


class _Batch:
    """Applies one batch of operations inside an open transaction."""

    def __init__(self, db: peewee.Database, stamp_us: int):
        self.db = db
        self.p = db.param
        self.stamp = stamp_us
        self.deltas: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)

    def apply(self, ops: list[Operation]) -> list[Union[Written, Exception]]:
        results: list[Union[Written, Exception, None]] = [None] * len(ops)
        touched = {
            (o.tenant, o.session_id) if isinstance(o, WriteEvaluation) else (o.row.tenant, o.row.session_id)
            for o in ops
            if not isinstance(o, CompleteSession)
        }
        inv = [(i, o) for i, o in enumerate(ops) if isinstance(o, WriteInvocation)]
        steps = [(i, o) for i, o in enumerate(ops) if isinstance(o, WriteStep)]
        evals = [(i, o) for i, o in enumerate(ops) if isinstance(o, WriteEvaluation)]
        done = [(i, o) for i, o in enumerate(ops) if isinstance(o, CompleteSession)]
        if inv:
            outcomes = self._insert_keyed(INVOCATIONS, [o.row for _, o in inv], "INVOCATION_ID_CONFLICT")
            for (i, o), out in zip(inv, outcomes):
                results[i] = out
                if isinstance(out, Written) and out.outcome == RecordOutcome.CREATED:
                    self.deltas[(o.row.tenant, o.row.session_id)][SESSIONS.invocation_counter] += 1
        if steps:
            outcomes = self._insert_keyed(STEPS, [o.row for _, o in steps], "STEP_ID_CONFLICT")
            for (i, s), out in zip(steps, outcomes):
                results[i] = out
                if isinstance(out, Written) and out.outcome == RecordOutcome.CREATED:
                    self.deltas[(s.row.tenant, s.row.session_id)][SESSIONS.step_counter(s.kind)] += 1
        if evals:
            returned = self._insert_rows(
                EVALUATIONS.table,
                EVALUATIONS.write_columns,
                [(*o.values, self.stamp) for _, o in evals],
                conflict=EVALUATIONS.request_key,
                returning=("evaluation_id",),
            )
            inserted = {r[0] for r in returned}
            for i, e in evals:
                if e.evaluation_id not in inserted:  # its request id was stored first
                    results[i] = Written(RecordOutcome.DUPLICATE, self.stamp)
                    continue
                results[i] = Written(RecordOutcome.CREATED, self.stamp)
                self.deltas[(e.tenant, e.session_id)][SESSIONS.evaluation_counter] += 1
        self._upsert_sessions(touched)
        for i, c in done:
            results[i] = self._complete(c)
        return results  # type: ignore[return-value]

    # -- sessions ------------------------------------------------------------
    def _upsert_sessions(self, keys: set[tuple[str, str]]) -> None:
        """Create each touched session that does not exist yet and move its counters: one statement.

        Rows and their session commit in the same transaction and no foreign
        key ties them, so the sessions come last, all in one statement in key
        order: a transaction holding a session's lock waits for nothing but
        the sessions after it, so replicas sharing PostgreSQL cannot deadlock
        (tests/test_postgres_replicas.py). A session whose rows were all
        duplicates keeps its counters and update time.
        """
        if not keys:
            return
        table, counters = SESSIONS.table, SESSIONS.counters
        ordered = sorted(keys)
        rows = [SESSIONS.new_row(t, s, self.stamp, self.deltas.get((t, s))) for t, s in ordered]
        sets = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in counters)
        moved = " + ".join(f"excluded.{c}" for c in counters)
        self._insert_rows(
            table,
            SESSIONS.write_columns,
            rows,
            conflict=("tenant", "session_id"),
            on_conflict=(
                f"DO UPDATE SET {sets}, update_us = CASE WHEN {moved} > 0 THEN excluded.update_us "
                f"ELSE {table}.update_us END"
            ),
        )

    def _complete(self, op: CompleteSession) -> Union[Written, Exception]:
        table = SESSIONS.table
        p = self.p
        row = self.db.execute_sql(
            f"SELECT status FROM {table} WHERE tenant = {p} AND session_id = {p}", (op.tenant, op.session_id)
        ).fetchone()
        if row is None:
            return SessionNotFound(op.session_id)
        status = SessionStatus(row[0])
        if status == op.status:
            return Written(RecordOutcome.DUPLICATE, self.stamp)
        if status != SessionStatus.ACTIVE:
            return FailedPrecondition(
                "SESSION_ALREADY_FINISHED",
                f"session {op.session_id!r} is already {status.name}",
                session_id=op.session_id,
                status=status.name,
            )
        self.db.execute_sql(
            f"UPDATE {table} SET status = {p}, complete_us = {p}, update_us = {p} "
            f"WHERE tenant = {p} AND session_id = {p}",
            (int(op.status), self.stamp, self.stamp, op.tenant, op.session_id),
        )
        return Written(RecordOutcome.CREATED, self.stamp)

    # -- keyed rows ----------------------------------------------------------
    def _insert_keyed(
        self, mapper: KeyedMapper, rows: list[KeyedRow], conflict_reason: str
    ) -> list[Union[Written, Exception]]:
        first: dict[tuple[str, str], KeyedRow] = {}
        for row in rows:
            first.setdefault((row.tenant, row.key), row)
        # Insert first and look up only what the insert skipped: a fresh row
        # (the usual case) costs no SELECT; a resend, or an id another replica
        # committed meanwhile, is compared with the stored hash. Rows go in in
        # the order they were sent: their sequence numbers are the timeline's.
        returned = self._insert_rows(
            mapper.table,
            mapper.write_columns,
            [(*r.values, self.stamp) for r in first.values()],
            conflict=mapper.conflict_columns,
            returning=mapper.conflict_columns,
            checked=mapper.storable_by_construction,
        )
        inserted = {tuple(r) for r in returned}
        skipped = [k for k in first if k not in inserted]
        stored = self._stored_hashes(mapper, skipped) if skipped else {}
        key_col = mapper.key_column
        out: list[Union[Written, Exception]] = []
        claimed: set[tuple[str, str]] = set()
        for row in rows:
            k = (row.tenant, row.key)
            if k in inserted and k not in claimed and first[k] is row:
                claimed.add(k)
                out.append(Written(RecordOutcome.CREATED, self.stamp))
                continue
            reference = stored.get(k, (first[k].content_hash, self.stamp))
            if reference[0] == row.content_hash or (row.legacy_hash is not None and reference[0] == row.legacy_hash()):
                out.append(Written(RecordOutcome.DUPLICATE, reference[1]))
            else:
                out.append(
                    Conflict(
                        conflict_reason,
                        f"{key_col} {row.key!r} was already recorded with different content",
                        **{key_col: row.key},
                    )
                )
        return out

    def _stored_hashes(
        self, mapper: KeyedMapper, keys: list[tuple[str, str]]
    ) -> dict[tuple[str, str], tuple[str, int]]:
        p = self.p
        found: dict[tuple[str, str], tuple[str, int]] = {}
        by_tenant: dict[str, list[str]] = collections.defaultdict(list)
        for tenant, key in keys:
            by_tenant[tenant].append(key)
        for tenant, ids in by_tenant.items():
            for chunk in _chunks(ids, _CHUNK):
                marks = ", ".join([p] * len(chunk))
                cursor = self.db.execute_sql(
                    f"SELECT {', '.join(mapper.hash_columns)} FROM {mapper.table} "
                    f"WHERE tenant = {p} AND {mapper.key_column} IN ({marks})",
                    [tenant, *chunk],
                )
                for key, content_hash, record_us in cursor.fetchall():
                    found[(tenant, key)] = (content_hash, record_us)
        return found

    def _insert_rows(
        self,
        table: str,
        columns: tuple[str, ...],
        rows: list[tuple],
        conflict: tuple[str, ...] = (),
        returning: tuple[str, ...] = (),
        checked: bool = False,
        on_conflict: str = "DO NOTHING",
    ) -> list[tuple]:
        """Multi-row INSERTs of value tuples in `columns` order, every value a bound parameter.

        checked: every text in rows is storable already (see KeyedMapper), so
        the last-resort pass over each value is skipped.
        """
        one = "(" + ", ".join([self.p] * len(columns)) + ")"
        tail = f" ON CONFLICT ({', '.join(conflict)}) {on_conflict}" if conflict else ""
        tail += f" RETURNING {', '.join(returning)}" if returning else ""
        out: list[tuple] = []
        for chunk in _chunks(rows, max(1, 30_000 // len(columns))):
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * len(chunk))}{tail}"
            values = [v for row in chunk for v in row] if checked else [_storable(v) for row in chunk for v in row]
            cursor = self.db.execute_sql(sql, values)
            if returning:
                out.extend(cursor.fetchall())
        return out


def _storable(value: Any) -> Any:
    """Every text as valid UTF-8 that PostgreSQL text can hold: NUL and lone surrogates become U+FFFD.

    The recorder and Chat already store only such text (the redactor makes it
    so, and the echoed row is the stored one); this is the guard of last resort.
    """
    return storable(value) if isinstance(value, str) else value


def _chunks(items: Sequence, size: int):
    for start in range(0, len(items), size):
        yield items[start : start + size]
