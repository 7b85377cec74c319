"""Versioned schema migrations, applied in order at start-up on every backend.

A migration is a function of the database, run in its own transaction and then
recorded in schema_version. Add new ones at the end; never edit an applied one.
Concurrent replicas starting together serialize on a lock (BEGIN IMMEDIATE on
SQLite, an advisory transaction lock on PostgreSQL).
"""

from __future__ import annotations

import time
from typing import Callable

import peewee

from evidence_trace.server.store import models
from evidence_trace.server.store.db import is_sqlite, translate_errors

_ADVISORY_LOCK_KEY = 0x45564944  # "EVID"


def _v1_initial(db: peewee.Database) -> None:
    db.create_tables(
        [models.DiagnosisSession, models.ToolInvocation, models.AgentStep, models.VerifierEvaluation], safe=True
    )


def _v2_claim_checks(db: peewee.Database) -> None:
    """verifier_evaluation keeps the draft's claim checks and the model's own decision."""
    table = models.VerifierEvaluation._meta.table_name
    columns = {c.name for c in db.get_columns(table)}
    if "claims" not in columns:
        db.execute_sql(f"ALTER TABLE {table} ADD COLUMN claims TEXT NOT NULL DEFAULT '[]'")
    if "verifier_decision" not in columns:
        db.execute_sql(f"ALTER TABLE {table} ADD COLUMN verifier_decision SMALLINT NOT NULL DEFAULT 0")


def _v3_chat_request_ids(db: peewee.Database) -> None:
    """verifier_evaluation keeps Chat's request id, unique per session, and a digest of the request."""
    table = models.VerifierEvaluation._meta.table_name
    columns = {c.name for c in db.get_columns(table)}
    if "request_id" not in columns:
        db.execute_sql(f"ALTER TABLE {table} ADD COLUMN request_id VARCHAR(64)")
    if "request_digest" not in columns:
        db.execute_sql(f"ALTER TABLE {table} ADD COLUMN request_digest VARCHAR(64) NOT NULL DEFAULT ''")
    # NULLs never collide, so calls without a request id each keep their own row.
    db.execute_sql(
        f"CREATE UNIQUE INDEX IF NOT EXISTS {CHAT_REQUEST_INDEX} ON {table} (tenant, session_id, request_id)"
    )


def _v4_format_ids(db: peewee.Database) -> None:
    """tool_invocation keeps the evidence format its preview was read as ('' for rows before it)."""
    table = models.ToolInvocation._meta.table_name
    if "format_id" not in {c.name for c in db.get_columns(table)}:
        db.execute_sql(f"ALTER TABLE {table} ADD COLUMN format_id VARCHAR(32) NOT NULL DEFAULT ''")


#: The unique index that makes a Chat request id stand for one evaluation.
CHAT_REQUEST_INDEX = "verifier_evaluation_request_id"

MIGRATIONS: list[tuple[int, str, Callable[[peewee.Database], None]]] = [
    (1, "initial schema", _v1_initial),
    (2, "claim checks on verifier evaluations", _v2_claim_checks),
    (3, "request ids on Chat evaluations", _v3_chat_request_ids),
    (4, "evidence format ids on invocations", _v4_format_ids),
]


def migrate(db: peewee.Database) -> int:
    """Apply pending migrations in one locked transaction; return the version in force."""
    with translate_errors(db), db.connection_context(), db.bind_ctx(models.ALL_MODELS):
        with db.atomic("IMMEDIATE") if is_sqlite(db) else db.atomic():
            if not is_sqlite(db):
                db.execute_sql("SELECT pg_advisory_xact_lock(%s)", (_ADVISORY_LOCK_KEY,))
            models.SchemaVersion.create_table(safe=True)
            applied = {row.version for row in models.SchemaVersion.select(models.SchemaVersion.version)}
            for version, name, apply in MIGRATIONS:
                if version in applied:
                    continue
                apply(db)
                models.SchemaVersion.create(version=version, name=name, applied_us=int(time.time() * 1e6))
        return models.SchemaVersion.select(peewee.fn.MAX(models.SchemaVersion.version)).scalar()
