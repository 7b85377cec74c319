"""Opening the database from its URL, and translating driver errors.

SQLite (the embedded default) runs in WAL mode with foreign keys on and a busy
timeout; PostgreSQL uses Peewee's connection pool. Connections are per thread
and opened explicitly (`thread_connection()`), never auto-connected.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import logging
import os
import pathlib
import urllib.parse
from typing import ContextManager, Iterator

import peewee
from playhouse.pool import MaxConnectionsExceeded, PooledPostgresqlDatabase

from evidence_trace.server.domain.errors import StorageBusy, StorageUnreachable
from evidence_trace.server.store.failures import storage_failure


class WithoutBoundValues(logging.Filter):
    """Peewee logs each statement at DEBUG as (sql, bound values): whole rows, secrets included.

    This filter, on the "peewee" logger, keeps the SQL and replaces the values
    by their count, at every level, whoever configures logging.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, tuple) and len(record.msg) == 2:
            sql, params = record.msg
            record.msg, record.args = "%s -- %d bound value(s), not logged", (sql, len(params or ()))
        return True


_PEEWEE_LOG_FILTER = WithoutBoundValues()
logging.getLogger("peewee").addFilter(_PEEWEE_LOG_FILTER)

#: SQLite synchronous level per durability setting (docs/configuration.md).
SQLITE_SYNCHRONOUS = {"full": "FULL", "normal": "NORMAL"}


@dataclasses.dataclass(frozen=True)
class DatabaseOptions:
    durability: str = "full"
    busy_timeout_ms: int = 5000
    pool_size: int = 8
    connect_timeout_s: int = 5


def open_database(url: str, options: DatabaseOptions = DatabaseOptions()) -> peewee.Database:
    """Return an unconnected Peewee database for a sqlite:// or postgresql:// URL."""
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme == "sqlite":
        return _sqlite(parsed, options)
    if parsed.scheme in ("postgresql", "postgres"):
        return _postgresql(parsed, options)
    raise ValueError(f"unsupported database URL scheme {parsed.scheme!r}: use sqlite:// or postgresql://")


#: What a sqlite:// URL's query may set: `?max_page_count=N` caps the file at N pages
#: (a write past it fails as a full disk would, STORAGE_FULL).
SQLITE_URL_PRAGMAS = ("max_page_count",)


def sqlite_url_pragmas(parsed: urllib.parse.ParseResult) -> dict[str, int]:
    """The pragmas a sqlite:// URL's query sets; ValueError names an unknown or invalid one."""
    pragmas: dict[str, int] = {}
    for name, value in urllib.parse.parse_qsl(parsed.query, keep_blank_values=True):
        if name not in SQLITE_URL_PRAGMAS:
            raise ValueError(f"unknown sqlite URL parameter {name!r}: use {', '.join(SQLITE_URL_PRAGMAS)}")
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"sqlite URL parameter {name}={value!r}: use a positive whole number")
        pragmas[name] = int(value)
    return pragmas


def _sqlite(parsed: urllib.parse.ParseResult, options: DatabaseOptions) -> peewee.SqliteDatabase:
    # sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite:///:memory:
    path = parsed.path[1:] if parsed.path.startswith("/") else parsed.path
    if not path:
        raise ValueError("sqlite URL needs a path, e.g. sqlite:///data/evidence-trace.db")
    if path != ":memory:":
        pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    return peewee.SqliteDatabase(
        path,
        autoconnect=False,
        timeout=options.busy_timeout_ms / 1000,
        pragmas={
            "journal_mode": "wal",
            "foreign_keys": 1,
            "synchronous": SQLITE_SYNCHRONOUS[options.durability],
            "busy_timeout": options.busy_timeout_ms,
            **sqlite_url_pragmas(parsed),
        },
    )


def _postgresql(parsed: urllib.parse.ParseResult, options: DatabaseOptions) -> peewee.Database:
    query = dict(urllib.parse.parse_qsl(parsed.query))
    return PooledPostgresqlDatabase(
        parsed.path.lstrip("/") or "postgres",
        user=urllib.parse.unquote(parsed.username) if parsed.username else None,
        password=urllib.parse.unquote(parsed.password) if parsed.password else None,
        host=parsed.hostname or os.environ.get("PGHOST", "127.0.0.1"),
        port=parsed.port or 5432,
        autoconnect=False,
        max_connections=int(query.pop("pool_size", options.pool_size)),
        stale_timeout=300,
        timeout=options.connect_timeout_s,
        connect_timeout=options.connect_timeout_s,
        **query,
    )


def is_sqlite(db: peewee.Database) -> bool:
    return isinstance(db, peewee.SqliteDatabase)


class SiblingWriteLock:
    """An exclusive lock that sibling server processes (`serve --workers`) take around each write
    transaction on one SQLite file.

    SQLite lets one transaction write at a time; a second writer's BEGIN
    IMMEDIATE waits in SQLite's busy handler, which sleeps 1, 2, 5, 10, ... up to
    100 ms between tries, so two busy workers spend much of their time asleep
    while the lock is free (docs/performance.md#workers). An flock on a file
    beside the database (`PATH-writers.lock`) queues them in the kernel instead:
    a waiting writer wakes when the lock is released. It binds only processes
    that take it; any other process (a backup, the sqlite3 shell) still meets
    SQLite's own lock and busy timeout. The lock is held for one transaction,
    itself bounded by the busy timeout; the kernel releases it if its holder dies.
    """

    def __init__(self, path: str):
        self.path = path
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)

    @classmethod
    def beside(cls, db: peewee.Database) -> "SiblingWriteLock | None":
        """The lock for a SQLite file database; None for PostgreSQL (which needs none) or :memory:."""
        if not is_sqlite(db) or db.database == ":memory:":
            return None
        return cls(f"{db.database}-writers.lock")

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        fcntl.flock(self._fd, fcntl.LOCK_EX)  # releases the GIL while it waits
        try:
            yield
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        os.close(self._fd)


def thread_connection(db: peewee.Database) -> ContextManager[object]:
    """The calling thread's connection, for the duration of a read.

    PostgreSQL: borrowed from the pool and given back afterwards. SQLite: kept
    open for the thread's next read, since opening one (with its pragmas)
    costs ~300 µs, far more than a small read; the server's worker threads are
    a fixed pool, so this holds at most one connection per worker.
    """
    if is_sqlite(db):
        db.connect(reuse_if_open=True)
        return contextlib.nullcontext()
    return db.connection_context()


@contextlib.contextmanager
def translate_errors(db: peewee.Database) -> Iterator[None]:
    """Turn driver errors into the storage failure of their first cause (store/failures.py).

    rpc/status.py then maps them to UNAVAILABLE, with a retry hint where a
    retry can help. A statement's own error (a constraint, bad data) passes
    through untouched: the writer isolates the operation that caused it. A lost
    PostgreSQL connection is also removed from the pool so the next call reconnects.
    """
    try:
        yield
    except MaxConnectionsExceeded as exc:
        raise StorageBusy(f"{StorageBusy.what}: all database connections are in use ({exc})") from exc
    except (peewee.DatabaseError, peewee.InterfaceError) as exc:
        failure = storage_failure(exc)
        if failure is None:
            raise
        if isinstance(failure, StorageUnreachable) and isinstance(db, PooledPostgresqlDatabase):
            with contextlib.suppress(Exception):
                db.close_stale(age=0)
                db.manual_close()
        raise failure from exc
