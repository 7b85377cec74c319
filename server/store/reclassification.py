"""Storage side of reclassification: stored rows back to domain invocations, and their new outcomes.

Rows are read in `seq` order by keyset (`seq > after`), a page at a time, and
each page's new classifications are written in one transaction, so a large
table is processed in bounded memory and bounded transactions, alongside a
running server.
"""
from __future__ import annotations

import json
from typing import Iterable

import peewee

from evidence_trace.server.domain.model import (
    Classification,
    ErrorKind,
    EvidenceHint,
    Invocation,
    OutputState,
    RelevanceLevel,
    Retrieval,
)
from evidence_trace.server.store import models
from evidence_trace.server.store.db import is_sqlite, translate_errors
from evidence_trace.server.store.reads import from_us

_COLUMNS = ("seq", "invocation_id", "session_id", "tool_name", "input_params", "start_us", "duration_ms",
            "success", "output_state", "output_preview", "output_truncated", "error_message", "error_kind",
            "has_retrieval", "retrieval_layer", "l0_count", "l1_count", "relevance_level", "dedup_reason",
            "retrieval_details", "topic_domain", "evidence_hint", "outcome")


def _invocation(row: tuple) -> tuple[int, int, Invocation]:
    """(seq, stored outcome, the invocation as it was classified when recorded)."""
    (seq, invocation_id, session_id, tool_name, params, start_us, duration_ms, success, output_state,
     preview, truncated, error_message, error_kind, has_retrieval, layer, l0, l1, relevance, dedup_reason,
     details, topic_domain, hint, outcome) = row
    retrieval = Retrieval(layer=layer or "", l0_count=l0, l1_count=l1,
                          relevance=RelevanceLevel(relevance or 0), dedup_reason=dedup_reason or "",
                          details=json.loads(details) if details else None) if has_retrieval else None
    return seq, outcome, Invocation(
        invocation_id=invocation_id, session_id=session_id, tool_name=tool_name,
        input_params=json.loads(params) if params else {}, start_time=from_us(start_us),
        duration_ms=duration_ms, success=bool(success), output_state=OutputState(output_state),
        output_preview=preview, output_truncated=bool(truncated), error_message=error_message,
        error_kind=ErrorKind(error_kind), retrieval=retrieval, topic_domain=topic_domain,
        evidence_hint=EvidenceHint(hint))


class ReclassificationStore:
    """Pages of rows classified by older rules, and the writing back of new classifications."""

    def __init__(self, db: peewee.Database):
        self._db = db
        self._table = models.ToolInvocation._meta.table_name

    def stale_count(self, version: int) -> int:
        """How many rows an older classifier version classified."""
        with translate_errors(self._db), self._db.connection_context():
            return self._db.execute_sql(
                f"SELECT COUNT(*) FROM {self._table} WHERE classifier_version < {self._db.param}",
                (version,)).fetchone()[0]

    def page(self, version: int, after_seq: int, limit: int) -> list[tuple[int, int, Invocation]]:
        """Up to `limit` stale rows after `after_seq`, in seq order."""
        p = self._db.param
        with translate_errors(self._db), self._db.connection_context():
            rows = self._db.execute_sql(
                f"SELECT {', '.join(_COLUMNS)} FROM {self._table} "
                f"WHERE classifier_version < {p} AND seq > {p} ORDER BY seq LIMIT {int(limit)}",
                (version, after_seq)).fetchall()
        return [_invocation(row) for row in rows]

    def update(self, version: int, classified: Iterable[tuple[int, Classification]]) -> None:
        """Write new classifications (by seq) in one transaction."""
        p = self._db.param
        params = [(int(c.outcome), c.topic_domain, c.excerpt, c.note, version, seq) for seq, c in classified]
        if not params:
            return
        with translate_errors(self._db), self._db.connection_context():
            with self._db.atomic("IMMEDIATE") if is_sqlite(self._db) else self._db.atomic():
                with peewee.__exception_wrapper__:  # type: ignore[attr-defined]  # driver errors as Peewee's
                    self._db.cursor().executemany(
                        f"UPDATE {self._table} SET outcome = {p}, effective_topic = {p}, excerpt = {p}, "
                        f"note = {p}, classifier_version = {p} WHERE seq = {p}", params)
