"""Storage side of reclassification: stored rows back to domain invocations, and their new outcomes.

Rows are read in `seq` order by keyset (`seq > after`), a page at a time, and
each page's new classifications are written in one transaction, so a large
table is processed in bounded memory and bounded transactions, alongside a
running server. The rows' columns and mapping are INVOCATIONS' (store/rows.py).
"""

from __future__ import annotations

from typing import Iterable

import peewee

from evidence_trace.server.domain.model import Classification, Invocation
from evidence_trace.server.store.db import is_sqlite, translate_errors
from evidence_trace.server.store.rows import INVOCATIONS


class ReclassificationStore:
    """Pages of rows classified by older rules, and the writing back of new classifications."""

    def __init__(self, db: peewee.Database):
        self._db = db
        self._table = INVOCATIONS.table

    def stale_count(self, version: int) -> int:
        """How many rows an older classifier version classified."""
        with translate_errors(self._db), self._db.connection_context():
            return self._db.execute_sql(
                f"SELECT COUNT(*) FROM {self._table} WHERE classifier_version < {self._db.param}", (version,)
            ).fetchone()[0]

    def page(self, version: int, after_seq: int, limit: int) -> list[tuple[int, int, Invocation]]:
        """Up to `limit` stale rows after `after_seq`, in seq order: (seq, stored outcome, invocation)."""
        p = self._db.param
        with translate_errors(self._db), self._db.connection_context():
            rows = self._db.execute_sql(
                f"SELECT {', '.join(INVOCATIONS.columns)} FROM {self._table} "
                f"WHERE classifier_version < {p} AND seq > {p} ORDER BY seq LIMIT {p}",
                (version, after_seq, int(limit)),
            ).fetchall()
        stored = [INVOCATIONS.to_domain(row) for row in rows]
        return [(s.seq, int(s.classification.outcome), s.invocation) for s in stored]

    def update(self, version: int, classified: Iterable[tuple[int, Classification]]) -> None:
        """Write new classifications (by seq) in one transaction."""
        p = self._db.param
        params = [(*INVOCATIONS.classification_row(c, version), seq) for seq, c in classified]
        if not params:
            return
        sets = ", ".join(f"{column} = {p}" for column in INVOCATIONS.classification_columns)
        with translate_errors(self._db), self._db.connection_context():
            with self._db.atomic("IMMEDIATE") if is_sqlite(self._db) else self._db.atomic():
                with peewee.__exception_wrapper__:  # type: ignore[attr-defined]  # driver errors as Peewee's
                    self._db.cursor().executemany(f"UPDATE {self._table} SET {sets} WHERE seq = {p}", params)
