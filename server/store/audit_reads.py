"""Read queries of the audit page: the waterfall paged in start order, its time span, evaluations with drafts.

One query per table and answer, never one per row; a page reads at most a page
of rows from each table (keyset on start time and seq), so the first view of a
10,000-row session reads a hundred rows, not ten thousand.
"""

from __future__ import annotations

from typing import Optional

import peewee

from evidence_trace.server.domain.audit import (
    INVOCATION_RANK,
    STEP_RANK,
    AuditedEvaluation,
    AuditView,
    TimelineEntry,
    TimelinePage,
    TimelinePosition,
    TimeSpan,
)
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.timeline import StoredInvocation, TimelineCursor
from evidence_trace.server.store.db import is_sqlite, thread_connection, translate_errors
from evidence_trace.server.store.reads import find_session
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, STEPS

#: A seq above any stored one: "no row of this table at the cursor's start time".
_AFTER_EVERY_SEQ = 2**62


class AuditReader:
    """Read access for the audit page over one database."""

    def __init__(self, db: peewee.Database):
        self._db = db
        self._p = db.param

    def _atomic(self):
        """A read transaction whose statements share one snapshot (REPEATABLE READ on PostgreSQL)."""
        return self._db.atomic() if is_sqlite(self._db) else self._db.atomic(isolation_level="REPEATABLE READ")

    def view(self, tenant: str, session_id: str, rows: int, evaluations: int) -> Optional[AuditView]:
        """The session, its time span, the first `rows` of its waterfall and its last evaluations; None if absent."""
        p = self._p
        with translate_errors(self._db), thread_connection(self._db), self._atomic():
            session = find_session(self._db, tenant, session_id)
            if session is None:
                return None
            bounds = []
            for table in (STEPS.table, INVOCATIONS.table, EVALUATIONS.table):
                bounds.append(
                    self._db.execute_sql(
                        f"SELECT MIN(start_us), MAX(start_us + duration_ms * 1000), MAX(seq) FROM {table} "
                        f"WHERE tenant = {p} AND session_id = {p}"
                        if table != EVALUATIONS.table
                        else f"SELECT NULL, NULL, MAX(seq) FROM {table} WHERE tenant = {p} AND session_id = {p}",
                        (tenant, session_id),
                    ).fetchall()[0]
                )
            page = self._page(tenant, session_id, None, rows)
            audited = self._evaluations(tenant, session_id, evaluations)
        starts = [b[0] for b in bounds[:2] if b[0] is not None]
        ends = [b[1] for b in bounds[:2] if b[1] is not None]
        span = TimeSpan(min(starts), max(ends)) if starts else None
        cursor = TimelineCursor(*(int(b[2] or 0) for b in bounds))
        return AuditView(session, span, cursor, page, audited)

    def timeline(
        self, tenant: str, session_id: str, after: Optional[TimelinePosition], rows: int
    ) -> Optional[TimelinePage]:
        """The waterfall's rows after a position, in start order; None when the session does not exist."""
        with translate_errors(self._db), thread_connection(self._db), self._atomic():
            if find_session(self._db, tenant, session_id) is None:
                return None
            return self._page(tenant, session_id, after, rows)

    def evaluations(self, tenant: str, session_id: str, limit: int) -> Optional[list[AuditedEvaluation]]:
        """The session's last `limit` evaluations, newest first; None when the session does not exist."""
        with translate_errors(self._db), thread_connection(self._db), self._atomic():
            if find_session(self._db, tenant, session_id) is None:
                return None
            return self._evaluations(tenant, session_id, limit)

    def _evaluations(self, tenant: str, session_id: str, limit: int) -> list[AuditedEvaluation]:
        p = self._p
        found = self._db.execute_sql(
            f"SELECT {', '.join(EVALUATIONS.audit_columns)} FROM {EVALUATIONS.table} "
            f"WHERE tenant = {p} AND session_id = {p} ORDER BY seq DESC LIMIT {p}",
            (tenant, session_id, limit),
        ).fetchall()
        return [EVALUATIONS.to_audited(r) for r in found]

    def failure_counts(self, tenant: str, session_ids: list[str]) -> dict[str, int]:
        """Failed tool calls per session, for a page of the session list: one query, not one per session."""
        if not session_ids:
            return {}
        p = self._p
        marks = ", ".join([p] * len(session_ids))
        with translate_errors(self._db), thread_connection(self._db):
            found = self._db.execute_sql(
                f"SELECT session_id, COUNT(*) FROM {INVOCATIONS.table} "
                f"WHERE tenant = {p} AND session_id IN ({marks}) AND outcome = {p} GROUP BY session_id",
                (tenant, *session_ids, int(Outcome.FAILED)),
            ).fetchall()
        return {session_id: int(count) for session_id, count in found}

    def invocation(self, tenant: str, session_id: str, invocation_id: str) -> Optional[StoredInvocation]:
        """One stored invocation of the session; None when it is not there (or is another tenant's)."""
        p = self._p
        with translate_errors(self._db), thread_connection(self._db):
            found = self._db.execute_sql(
                f"SELECT {', '.join(INVOCATIONS.columns)} FROM {INVOCATIONS.table} "
                f"WHERE tenant = {p} AND invocation_id = {p} AND session_id = {p}",
                (tenant, invocation_id, session_id),
            ).fetchall()
        return INVOCATIONS.to_domain(found[0]) if found else None

    def _page(self, tenant: str, session_id: str, after: Optional[TimelinePosition], rows: int) -> TimelinePage:
        """Up to `rows` waterfall rows after `after`; call inside the read's transaction."""
        p = self._p
        entries: list[TimelineEntry] = []
        for rank, mapper in ((STEP_RANK, STEPS), (INVOCATION_RANK, INVOCATIONS)):
            start = -(2**62) if after is None else after.start_us
            if after is None or rank > after.rank:
                seq = -1  # every row at the cursor's start time comes after it
            elif rank < after.rank:
                seq = _AFTER_EVERY_SEQ  # none does
            else:
                seq = after.seq
            found = self._db.execute_sql(
                f"SELECT {', '.join(mapper.columns)} FROM {mapper.table} "
                f"WHERE tenant = {p} AND session_id = {p} AND (start_us > {p} OR (start_us = {p} AND seq > {p})) "
                f"ORDER BY start_us, seq LIMIT {p}",
                (tenant, session_id, start, start, seq, rows + 1),
            ).fetchall()
            at = mapper.columns.index("start_us")
            for r in found:
                entries.append(TimelineEntry(TimelinePosition(r[at], rank, r[0]), mapper.to_domain(r)))
        entries.sort(key=lambda e: e.position)
        more = len(entries) > rows
        entries = entries[:rows]
        return TimelinePage(entries, entries[-1].position if more else None)
