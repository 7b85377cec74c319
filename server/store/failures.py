"""Storage failures classified by their first cause.

A failed transaction often raises twice: SQLite, out of space, rolls the
transaction back itself, so the rollback that Peewee then issues fails with
"cannot rollback - no transaction is active", and that second error is the one
that propagates, with the first (SQLITE_FULL) as its `__context__`. So the
cause is read from the first driver error in the chain, never from an error
raised while cleaning up.

Each cause is one row below: a driver's code (SQLite's primary result code,
PostgreSQL's SQLSTATE or its class) -> the domain error for it
(domain/errors.py), which carries the reason, the operator's words and the
retry hint; rpc/status.py maps them all to UNAVAILABLE.
"""

from __future__ import annotations

import sqlite3
from typing import Optional

import peewee

from evidence_trace.server.domain.errors import (
    StorageBusy,
    StorageContention,
    StorageFull,
    StorageReadOnly,
    StorageUnavailable,
    StorageUnreachable,
)

#: SQLite primary result codes (https://www.sqlite.org/rescode.html) -> cause.
SQLITE_CAUSES: dict[str, type[StorageUnavailable]] = {
    "SQLITE_FULL": StorageFull,
    "SQLITE_READONLY": StorageReadOnly,
    "SQLITE_PERM": StorageReadOnly,
    "SQLITE_AUTH": StorageReadOnly,
    "SQLITE_CANTOPEN": StorageUnreachable,
    "SQLITE_BUSY": StorageBusy,
    "SQLITE_LOCKED": StorageBusy,
}

#: The same causes by message, for Pythons before 3.11 (no `sqlite_errorname`).
SQLITE_MESSAGES: tuple[tuple[str, type[StorageUnavailable]], ...] = (
    ("database or disk is full", StorageFull),
    ("readonly database", StorageReadOnly),
    ("unable to open database file", StorageUnreachable),
    ("database is locked", StorageBusy),
    ("database table is locked", StorageBusy),
    ("database schema is locked", StorageBusy),
)

#: PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html) -> cause;
#: a five-character code is looked up first, then its two-character class.
POSTGRES_CAUSES: dict[str, type[StorageUnavailable]] = {
    "53100": StorageFull,  # disk_full
    "25006": StorageReadOnly,  # read_only_sql_transaction (a standby, or default_transaction_read_only)
    "42501": StorageReadOnly,  # insufficient_privilege
    "08": StorageUnreachable,  # connection_exception
    "28": StorageUnreachable,  # invalid_authorization_specification: the server refused the connection
    "57P01": StorageUnreachable,  # admin_shutdown
    "57P02": StorageUnreachable,  # crash_shutdown
    "57P03": StorageUnreachable,  # cannot_connect_now (starting up, shutting down)
    "53300": StorageBusy,  # too_many_connections
    "55P03": StorageBusy,  # lock_not_available
    "57014": StorageBusy,  # query_canceled (statement_timeout, lock_timeout)
    "40001": StorageContention,  # serialization_failure
    "40P01": StorageContention,  # deadlock_detected
}


def chain(exc: BaseException) -> list[BaseException]:
    """exc and the errors it was raised from or while handling, last raised first."""
    out: list[BaseException] = []
    current: Optional[BaseException] = exc
    while current is not None and not any(current is seen for seen in out):
        out.append(current)
        current = current.__cause__ or current.__context__
    return out


def _psycopg2() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """psycopg2's (every error, connection-level errors); empty without psycopg2."""
    try:
        import psycopg2
    except ImportError:  # pragma: no cover - psycopg2 is installed with postgres support
        return (), ()
    return (psycopg2.Error,), (psycopg2.OperationalError, psycopg2.InterfaceError)


_PG_ERRORS, _PG_CONNECTION_ERRORS = _psycopg2()
_DRIVER_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error, *_PG_ERRORS)
#: First causes that are the database's failure, not a statement's: a cause no row names is still one.
_OPERATIONAL: tuple[type[BaseException], ...] = (
    sqlite3.OperationalError,
    peewee.OperationalError,
    peewee.InterfaceError,
    *_PG_CONNECTION_ERRORS,
)


def _is_driver_error(exc: BaseException) -> bool:
    return isinstance(exc, _DRIVER_ERRORS)


def first_cause(exc: BaseException) -> BaseException:
    """The first driver error in exc's chain (the one that started the failure); exc itself when none is."""
    drivers = [e for e in chain(exc) if _is_driver_error(e)]
    return drivers[-1] if drivers else exc


def storage_failure(exc: BaseException) -> Optional[StorageUnavailable]:
    """The storage failure exc is; None when its first cause is a statement's own error (a constraint,
    bad data, a bug in the SQL), which is the operation's to answer, not the store's."""
    failure = classify(exc)
    if type(failure) is StorageUnavailable and not isinstance(first_cause(exc), _OPERATIONAL):
        return None
    return failure


def classify(exc: BaseException) -> StorageUnavailable:
    """The storage failure exc is, by its first cause, with an accurate message and the driver's code."""
    cause = first_cause(exc)
    text = " ".join(str(cause).split()) or type(cause).__name__
    kind, code = _sqlite_cause(cause) if isinstance(cause, sqlite3.Error) else _postgres_cause(cause)
    metadata = {"driver_code": code} if code else {}
    return kind(f"{kind.what}: {text}", **metadata)


def _sqlite_cause(exc: sqlite3.Error) -> tuple[type[StorageUnavailable], str]:
    name = getattr(exc, "sqlite_errorname", "")
    primary = name.split("_")
    base = "_".join(primary[:2]) if len(primary) > 1 else name  # SQLITE_READONLY_DBMOVED -> SQLITE_READONLY
    if base in SQLITE_CAUSES:
        return SQLITE_CAUSES[base], name
    text = str(exc).lower()
    for words, kind in SQLITE_MESSAGES:
        if words in text:
            return kind, name
    return StorageUnavailable, name


def _postgres_cause(exc: BaseException) -> tuple[type[StorageUnavailable], str]:
    code = getattr(exc, "pgcode", None) or ""
    kind = POSTGRES_CAUSES.get(code) or POSTGRES_CAUSES.get(code[:2])
    if kind is not None:
        return kind, code
    if not code and _lost_connection(exc):
        return StorageUnreachable, ""  # refused, reset or closed: psycopg2 has no SQLSTATE for these
    return StorageUnavailable, code


def _lost_connection(exc: BaseException) -> bool:
    return isinstance(exc, peewee.InterfaceError) or isinstance(exc, _PG_CONNECTION_ERRORS)
