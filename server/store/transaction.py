"""One transaction of the group-commit writer: every queued operation applied with raw multi-row SQL.

Peewee owns the connection, the transaction and the schema; its query builder
is too slow for this loop (docs/performance.md), so statements are built here
from each table's mapper (store/rows/), every value a bound parameter.
"""

from __future__ import annotations

import collections
from typing import Any, Sequence, Union

import peewee

from evidence_trace.server.domain.errors import Conflict, FailedPrecondition, SessionNotFound
from evidence_trace.server.domain.model import RecordOutcome, SessionStatus
from evidence_trace.server.domain.redaction import storable
from evidence_trace.server.store.operations import (
    CompleteSession,
    Operation,
    WriteEvaluation,
    WriteInvocation,
    WriteStep,
    Written,
)
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, SESSIONS, STEPS, KeyedMapper, KeyedRow

#: Rows per multi-row INSERT statement (keeps under SQLite's 32,766 parameters).
_CHUNK = 400


class Batch:
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
        on their sessions (tests/test_postgres_replicas.py). Two replicas
        inserting the same ids in crossing orders can still meet on the
        invocation key: PostgreSQL aborts one of them, and the writer runs it
        again (writer.CONTENTION_RETRIES) before it answers UNAVAILABLE with a
        retry hint (its rows were not written). A session whose rows were all
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
