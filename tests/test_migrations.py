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
    assert migrations.migrate(db) == len(migrations.MIGRATIONS)
    assert {"claims", "verifier_decision", "request_id", "request_digest"} <= _columns(db)
    with db.connection_context():
        row = db.execute_sql(
            f"SELECT claims, verifier_decision, request_id, request_digest FROM {table} WHERE evaluation_id = 'e-1'"
        ).fetchone()
        indexes = {i.name: i for i in db.get_indexes(table)}
    assert tuple(row) == ("[]", 0, None, "")
    assert indexes[migrations.CHAT_REQUEST_INDEX].unique
    assert migrations.migrate(db) == len(migrations.MIGRATIONS)  # idempotent
    db.close()


def test_a_version_3_store_gains_the_format_id_column_and_keeps_its_rows(db_url, monkeypatch) -> None:
    db = open_database(db_url)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:3])
    assert migrations.migrate(db) == 3
    table = models.ToolInvocation._meta.table_name
    with db.connection_context():  # version 3 had no format_id: drop it to be that store
        db.execute_sql(f"ALTER TABLE {table} DROP COLUMN format_id")
        columns = [c.name for c in db.get_columns(table) if c.name != "seq"]
        placeholders = ", ".join(["%s" if not db_url.startswith("sqlite") else "?"] * len(columns))
        values = {name: 0 for name in columns}
        values.update(
            tenant="default",
            session_id="s-1",
            invocation_id="i-1",
            tool_name="kubectl_get",
            input_params="{}",
            input_digest="d",
            output_preview="NAME  READY",
            error_message="",
            topic_domain="",
            effective_topic="",
            excerpt="",
            note="",
            content_hash="h",
            success=True,
            output_truncated=False,
            has_retrieval=False,
        )
        values.update(
            {name: None for name in columns if name in ("retrieval_layer", "dedup_reason", "retrieval_details")}
        )
        db.execute_sql(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders})", tuple(values[c] for c in columns)
        )
    monkeypatch.undo()
    assert migrations.migrate(db) == len(migrations.MIGRATIONS)
    with db.connection_context():
        row = db.execute_sql(f"SELECT invocation_id, format_id FROM {table}").fetchone()
    assert tuple(row) == ("i-1", "")
    db.close()
