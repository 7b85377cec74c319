"""Schema migrations: a store made by an older version upgrades in place, on each backend."""

from __future__ import annotations

import peewee

from evidence_trace.server.store import migrations, models
from evidence_trace.server.store.db import open_database

V1_EVALUATION_COLUMNS = (
    "evaluation_id",
    "tenant",
    "session_id",
    "question",
    "draft_answer",
    "decision",
    "fallback_reason",
    "reasons",
    "confidence",
    "verifier",
    "raw_output",
    "source_invocation_ids",
    "latency_ms",
    "create_us",
)


def _columns(db: peewee.Database) -> set[str]:
    with db.connection_context():
        return {c.name for c in db.get_columns(models.VerifierEvaluation._meta.table_name)}


def test_a_version_1_store_gains_the_claim_and_request_columns_and_keeps_its_rows(db_url, monkeypatch) -> None:
    db = open_database(db_url)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])
    assert migrations.migrate(db) == 1
    with db.connection_context():  # version 1 had no claim or request columns: drop them to be that store
        table = models.VerifierEvaluation._meta.table_name
        for column in ("claims", "verifier_decision", "request_id", "request_digest"):
            if column in _columns(db):
                db.execute_sql(f"ALTER TABLE {table} DROP COLUMN {column}")
        placeholders = ", ".join(["%s" if not db_url.startswith("sqlite") else "?"] * len(V1_EVALUATION_COLUMNS))
        db.execute_sql(
            f"INSERT INTO {table} ({', '.join(V1_EVALUATION_COLUMNS)}) VALUES ({placeholders})",
            ("e-1", "default", "s-1", "q", "d", 1, 1, "[]", None, "rules", "", "[]", 1.0, 1),
        )
    assert "claims" not in _columns(db)
    monkeypatch.undo()
    assert migrations.migrate(db) == 3
    assert {"claims", "verifier_decision", "request_id", "request_digest"} <= _columns(db)
    with db.connection_context():
        row = db.execute_sql(
            f"SELECT claims, verifier_decision, request_id, request_digest FROM {table} WHERE evaluation_id = 'e-1'"
        ).fetchone()
        indexes = {i.name: i for i in db.get_indexes(table)}
    assert tuple(row) == ("[]", 0, None, "")
    assert indexes[migrations.CHAT_REQUEST_INDEX].unique
    assert migrations.migrate(db) == 3  # idempotent
    db.close()
