"""Read queries. One query per answer, never a query per row.

Each function opens (or reuses) the calling thread's connection for the
duration of the call and translates driver errors to storage errors. The
SELECT lists and the mapping of rows to domain objects are the mappers'
(store/rows.py).
"""

from __future__ import annotations

from typing import Optional

import peewee

from evidence_trace.server.domain.model import ClassifiedRow, EvidenceRow, Session
from evidence_trace.server.domain.timeline import (
    PriorChat,
    SessionFilter,
    SessionKey,
    SessionOverview,
    TimelineCursor,
    TimelineSnapshot,
)
from evidence_trace.server.store.db import is_sqlite, thread_connection, translate_errors
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, SESSIONS, STEPS, from_us


def find_session(db: peewee.Database, tenant: str, session_id: str) -> Optional[Session]:
    """The session row; call with a connection open (and inside the read's transaction, if any)."""
    p = db.param
    found = db.execute_sql(
        f"SELECT {', '.join(SESSIONS.columns)} FROM {SESSIONS.table} WHERE tenant = {p} AND session_id = {p}",
        (tenant, session_id),
    ).fetchall()
    return SESSIONS.to_domain(found[0]) if found else None


class Reader:
    """Read access to the store for one database."""

    def __init__(self, db: peewee.Database):
        self._db = db
        self._p = db.param

    def _query(self, sql: str, params: tuple) -> list[tuple]:
        with translate_errors(self._db), thread_connection(self._db):
            return self._db.execute_sql(sql, params).fetchall()

    def _find_session(self, tenant: str, session_id: str) -> Optional[Session]:
        return find_session(self._db, tenant, session_id)

    def _session_rows(self, columns: tuple[str, ...], tenant: str, session_id: str) -> list[tuple]:
        """A session's invocation rows in call order; call inside the read's transaction."""
        p = self._p
        return self._db.execute_sql(
            f"SELECT {', '.join(columns)} FROM {INVOCATIONS.table} WHERE tenant = {p} AND session_id = {p} "
            "ORDER BY start_us, seq",
            (tenant, session_id),
        ).fetchall()

    def session(self, tenant: str, session_id: str) -> Optional[Session]:
        with translate_errors(self._db), thread_connection(self._db):
            return self._find_session(tenant, session_id)

    def session_with_rows(self, tenant: str, session_id: str) -> tuple[Optional[Session], list[ClassifiedRow]]:
        """The session and its classified invocation rows in call order, in one read transaction."""
        with translate_errors(self._db), thread_connection(self._db), self._db.atomic():
            return self._session_and_rows(tenant, session_id)

    def session_for_chat(
        self, tenant: str, session_id: str, preview_chars: int = 16384
    ) -> tuple[Optional[Session], list[ClassifiedRow], list[EvidenceRow]]:
        """session_with_rows, plus each row as the claim checks read it, in one query.

        One read transaction, so the evidence is that of exactly the rows judged.
        """
        with translate_errors(self._db), thread_connection(self._db), self._db.atomic():
            session = self._find_session(tenant, session_id)
            if session is None:
                return None, [], []
            rows = self._session_rows(INVOCATIONS.evidence_columns, tenant, session_id)
        return (session, *self._evidence(rows, preview_chars))

    def prior_chat(self, tenant: str, session_id: str, request_id: str) -> Optional[PriorChat]:
        """The evaluation a Chat with `request_id` stored in the session, if one did."""
        p = self._p
        with translate_errors(self._db), thread_connection(self._db):
            found = self._db.execute_sql(
                f"SELECT {', '.join(EVALUATIONS.prior_columns)} FROM {EVALUATIONS.table} "
                f"WHERE tenant = {p} AND session_id = {p} AND request_id = {p}",
                (tenant, session_id, request_id),
            ).fetchall()
        return EVALUATIONS.to_prior(found[0]) if found else None

    @staticmethod
    def _evidence(rows: list[tuple], preview_chars: int) -> tuple[list[ClassifiedRow], list[EvidenceRow]]:
        classified, evidence = [], []
        for r in rows:
            row, seen = INVOCATIONS.evidence(r, preview_chars)
            classified.append(row)
            evidence.append(seen)
        return classified, evidence

    def _session_and_rows(self, tenant: str, session_id: str) -> tuple[Optional[Session], list[ClassifiedRow]]:
        """The session and its classified rows; call inside an open read transaction."""
        session = self._find_session(tenant, session_id)
        if session is None:
            return None, []
        rows = self._session_rows(INVOCATIONS.classified_columns, tenant, session_id)
        return session, [INVOCATIONS.classified(r) for r in rows]

    def list_sessions(
        self, tenant: str, flt: SessionFilter, after: Optional[SessionKey], limit: int
    ) -> list[tuple[SessionKey, SessionOverview]]:
        """Sessions by (update_us, id) descending after a keyset position, with their last verdict.

        One query per page: the last evaluation comes from a correlated
        subquery on the (tenant, session_id, seq) index, never a query per row.
        """
        p = self._p
        where: list[str] = [f"s.tenant = {p}"]
        params: list[object] = [tenant]
        if flt.status is not None:
            where.append(f"s.status = {p}")
            params.append(int(flt.status))
        if flt.min_update_us is not None:
            where.append(f"s.update_us >= {p}")
            params.append(flt.min_update_us)
        if flt.max_update_us is not None:
            where.append(f"s.update_us < {p}")
            params.append(flt.max_update_us)
        if flt.id_contains:
            escaped = flt.id_contains.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            where.append(f"LOWER(s.session_id) LIKE {p} ESCAPE '\\'")
            params.append(f"%{escaped}%")
        if after is not None:
            where.append(f"(s.update_us < {p} OR (s.update_us = {p} AND s.id < {p}))")
            params += [after.update_us, after.update_us, after.row_id]
        params.append(int(limit))
        sessions, evaluations = SESSIONS.table, EVALUATIONS.table
        columns = ", ".join(f"s.{c}" for c in SESSIONS.columns)
        last = ", ".join(f"e.{c}" for c in EVALUATIONS.overview_columns)
        rows = self._query(
            f"SELECT s.id, {columns}, {last} "
            f"FROM {sessions} s LEFT JOIN {evaluations} e ON e.seq = ("
            f"SELECT MAX(v.seq) FROM {evaluations} v WHERE v.tenant = s.tenant AND v.session_id = s.session_id) "
            f"WHERE {' AND '.join(where)} ORDER BY s.update_us DESC, s.id DESC LIMIT {p}",
            tuple(params),
        )
        width = len(SESSIONS.columns)
        out = []
        for row in rows:
            session = SESSIONS.to_domain(row[1 : 1 + width])
            verdict, decided_us = EVALUATIONS.overview_verdict(row[1 + width :])
            out.append(
                (
                    SessionKey(update_us=row[1 + SESSIONS.columns.index("update_us")], row_id=row[0]),
                    SessionOverview(session, verdict, from_us(decided_us)),
                )
            )
        return out

    def timeline_since(self, tenant: str, session_id: str, cursor: TimelineCursor) -> Optional[TimelineSnapshot]:
        """The session and its rows above the cursor, read in one snapshot; None when it does not exist.

        PostgreSQL reads at REPEATABLE READ so that the session's counters and
        the rows come from the same snapshot; a SQLite read transaction is one.
        """
        p = self._p
        atomic = self._db.atomic() if is_sqlite(self._db) else self._db.atomic(isolation_level="REPEATABLE READ")
        with translate_errors(self._db), thread_connection(self._db), atomic:
            session = self._find_session(tenant, session_id)
            if session is None:
                return None
            fetched = []
            for table, columns, after in (
                (STEPS.table, STEPS.columns, cursor.step_seq),
                (INVOCATIONS.table, INVOCATIONS.columns, cursor.invocation_seq),
                (EVALUATIONS.table, EVALUATIONS.columns, cursor.evaluation_seq),
            ):
                fetched.append(
                    self._db.execute_sql(
                        f"SELECT {', '.join(columns)} FROM {table} "
                        f"WHERE tenant = {p} AND session_id = {p} AND seq > {p} ORDER BY seq",
                        (tenant, session_id, after),
                    ).fetchall()
                )
        steps, invocations, evaluations = fetched
        return TimelineSnapshot(
            session=session,
            steps=[STEPS.to_domain(r) for r in steps],
            invocations=[INVOCATIONS.to_domain(r) for r in invocations],
            evaluations=[EVALUATIONS.to_domain(r) for r in evaluations],
        )
