"""Read queries. One query per answer, never a query per row.

Each function opens (or reuses) the calling thread's connection for the
duration of the call and translates driver errors to storage errors.
"""
from __future__ import annotations

import datetime as dt
from typing import Optional

import peewee

from evidence_trace.server.domain.model import (
    ClassifiedRow,
    ErrorKind,
    EvidenceRow,
    Outcome,
    RelevanceLevel,
    Session,
    SessionStatus,
)
from evidence_trace.server.domain.timeline import (
    SessionFilter,
    SessionKey,
    SessionOverview,
    TimelineCursor,
    TimelineSnapshot,
)
from evidence_trace.server.store import models
from evidence_trace.server.store import rows as mappers
from evidence_trace.server.store.db import is_sqlite, thread_connection, translate_errors

_SESSION_COLUMNS = ("session_id", "status", "step_count", "tool_call_count", "helper_call_count",
                    "evaluation_count", "create_us", "update_us", "complete_us")


def _time(value: int) -> dt.datetime:
    """A stored time (µs since the epoch) as an aware UTC datetime."""
    return dt.datetime.fromtimestamp(value / 1e6, tz=dt.timezone.utc)


def from_us(value: Optional[int]) -> Optional[dt.datetime]:
    """_time, for a column that may be NULL."""
    return None if value is None else _time(value)


_OUTCOMES = {int(o): o for o in Outcome}
_RELEVANCE = {int(r): r for r in RelevanceLevel}
_ERROR_KINDS = {int(k): k for k in ErrorKind}


def _session(row: tuple) -> Session:
    (session_id, status, steps, tools, helpers, evals, create_us, update_us, complete_us) = row
    return Session(
        session_id=session_id,
        status=SessionStatus(status),
        step_count=steps,
        tool_call_count=tools,
        helper_call_count=helpers,
        evaluation_count=evals,
        create_time=_time(create_us),
        update_time=_time(update_us),
        complete_time=from_us(complete_us),
    )


class Reader:
    """Read access to the store for one database."""

    def __init__(self, db: peewee.Database):
        self._db = db
        self._p = db.param

    def _query(self, sql: str, params: tuple) -> list[tuple]:
        with translate_errors(self._db), thread_connection(self._db):
            return self._db.execute_sql(sql, params).fetchall()

    def session(self, tenant: str, session_id: str) -> Optional[Session]:
        p = self._p
        rows = self._query(
            f"SELECT {', '.join(_SESSION_COLUMNS)} FROM {models.DiagnosisSession._meta.table_name} "
            f"WHERE tenant = {p} AND session_id = {p}", (tenant, session_id))
        return _session(rows[0]) if rows else None

    def session_with_rows(self, tenant: str, session_id: str) -> tuple[Optional[Session], list[ClassifiedRow]]:
        """The session and its classified invocation rows in call order, in one read transaction."""
        with translate_errors(self._db), thread_connection(self._db), self._db.atomic():
            return self._session_and_rows(tenant, session_id)

    def session_for_chat(self, tenant: str, session_id: str, preview_chars: int = 16384
                         ) -> tuple[Optional[Session], list[ClassifiedRow], list[EvidenceRow]]:
        """session_with_rows, plus each row as the claim checks read it, in one query.

        One read transaction, so the evidence is that of exactly the rows judged.
        """
        p = self._p
        with translate_errors(self._db), thread_connection(self._db), self._db.atomic():
            found = self._db.execute_sql(
                f"SELECT {', '.join(_SESSION_COLUMNS)} FROM {models.DiagnosisSession._meta.table_name} "
                f"WHERE tenant = {p} AND session_id = {p}", (tenant, session_id)).fetchall()
            if not found:
                return None, [], []
            rows = self._db.execute_sql(
                "SELECT invocation_id, tool_name, effective_topic, outcome, input_digest, excerpt, note, "
                "output_preview, input_params, relevance_level, error_message, error_kind, duration_ms "
                f"FROM {models.ToolInvocation._meta.table_name} WHERE tenant = {p} AND session_id = {p} "
                "ORDER BY start_us, seq", (tenant, session_id)).fetchall()
        classified, evidence = [], []
        for r in rows:
            outcome = _OUTCOMES[r[3]]
            classified.append(ClassifiedRow(invocation_id=r[0], tool_name=r[1], topic_domain=r[2], outcome=outcome,
                                            input_digest=r[4], excerpt=r[5], note=r[6]))
            evidence.append(EvidenceRow(
                invocation_id=r[0], tool_name=r[1], outcome=outcome, preview=(r[7] or "")[:preview_chars],
                relevance=_RELEVANCE[r[9] or 0], error_message=r[10] or "", error_kind=_ERROR_KINDS[r[11] or 0],
                duration_ms=r[12] or 0, params_json=r[8] or ""))
        return _session(found[0]), classified, evidence

    def _session_and_rows(self, tenant: str, session_id: str) -> tuple[Optional[Session], list[ClassifiedRow]]:
        """The session and its classified rows; call inside an open read transaction."""
        p = self._p
        found = self._db.execute_sql(
            f"SELECT {', '.join(_SESSION_COLUMNS)} FROM {models.DiagnosisSession._meta.table_name} "
            f"WHERE tenant = {p} AND session_id = {p}", (tenant, session_id)).fetchall()
        if not found:
            return None, []
        rows = self._db.execute_sql(
            "SELECT invocation_id, tool_name, effective_topic, outcome, input_digest, excerpt, note "
            f"FROM {models.ToolInvocation._meta.table_name} WHERE tenant = {p} AND session_id = {p} "
            "ORDER BY start_us, seq", (tenant, session_id)).fetchall()
        return _session(found[0]), [
            ClassifiedRow(invocation_id=r[0], tool_name=r[1], topic_domain=r[2], outcome=Outcome(r[3]),
                          input_digest=r[4], excerpt=r[5], note=r[6])
            for r in rows
        ]


    def list_sessions(self, tenant: str, flt: SessionFilter, after: Optional[SessionKey],
                      limit: int) -> list[tuple[SessionKey, SessionOverview]]:
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
        if after is not None:
            where.append(f"(s.update_us < {p} OR (s.update_us = {p} AND s.id < {p}))")
            params += [after.update_us, after.update_us, after.row_id]
        sessions = models.DiagnosisSession._meta.table_name
        evaluations = models.VerifierEvaluation._meta.table_name
        columns = ", ".join(f"s.{c}" for c in _SESSION_COLUMNS)
        rows = self._query(
            f"SELECT s.id, {columns}, {mappers.OVERVIEW_EVALUATION_COLUMNS} "
            f"FROM {sessions} s LEFT JOIN {evaluations} e ON e.seq = ("
            f"SELECT MAX(v.seq) FROM {evaluations} v WHERE v.tenant = s.tenant AND v.session_id = s.session_id) "
            f"WHERE {' AND '.join(where)} ORDER BY s.update_us DESC, s.id DESC LIMIT {int(limit)}",
            tuple(params))
        width = len(_SESSION_COLUMNS)
        out = []
        for row in rows:
            session = _session(row[1:1 + width])
            verdict, decided_us = mappers.overview_verdict(row[1 + width:])
            out.append((SessionKey(update_us=row[1 + _SESSION_COLUMNS.index("update_us")], row_id=row[0]),
                        SessionOverview(session, verdict, from_us(decided_us))))
        return out

    def timeline_since(self, tenant: str, session_id: str,
                       cursor: TimelineCursor) -> Optional[TimelineSnapshot]:
        """The session and its rows above the cursor, read in one snapshot; None when it does not exist.

        PostgreSQL reads at REPEATABLE READ so that the session's counters and
        the rows come from the same snapshot; a SQLite read transaction is one.
        """
        p = self._p
        atomic = self._db.atomic() if is_sqlite(self._db) else self._db.atomic(isolation_level="REPEATABLE READ")
        with translate_errors(self._db), thread_connection(self._db), atomic:
            found = self._db.execute_sql(
                f"SELECT {', '.join(_SESSION_COLUMNS)} FROM {models.DiagnosisSession._meta.table_name} "
                f"WHERE tenant = {p} AND session_id = {p}", (tenant, session_id)).fetchall()
            if not found:
                return None
            fetched = []
            for table, columns, after in (
                    (models.AgentStep, mappers.STEP_COLUMNS, cursor.step_seq),
                    (models.ToolInvocation, mappers.INVOCATION_COLUMNS, cursor.invocation_seq),
                    (models.VerifierEvaluation, mappers.EVALUATION_COLUMNS, cursor.evaluation_seq)):
                fetched.append(self._db.execute_sql(
                    f"SELECT {', '.join(columns)} FROM {table._meta.table_name} "
                    f"WHERE tenant = {p} AND session_id = {p} AND seq > {p} ORDER BY seq",
                    (tenant, session_id, after)).fetchall())
        steps, invocations, evaluations = fetched
        return TimelineSnapshot(
            session=_session(found[0]),
            steps=[mappers.step(r) for r in steps],
            invocations=[mappers.invocation(r) for r in invocations],
            evaluations=[mappers.evaluation(r) for r in evaluations])
