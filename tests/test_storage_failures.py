"""Storage failures by their first cause, from real driver errors; the outage tracker on a fake clock;
the writer's probe ending an outage that no write would end."""

from __future__ import annotations

import logging
import socket
import sqlite3
import threading

import peewee
import psycopg2
import pytest
from conftest import postgres_url_or_skip
from google.rpc import status_pb2

from evidence_trace.server.domain.errors import (
    StorageBusy,
    StorageContention,
    StorageFull,
    StorageReadOnly,
    StorageUnavailable,
    StorageUnreachable,
)
from evidence_trace.server.rpc.status import status_for
from evidence_trace.server.store.db import DatabaseOptions, open_database, translate_errors
from evidence_trace.server.store.failures import classify, storage_failure
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.outages import OutagePolicy, Outages
from evidence_trace.server.store.writer import GroupCommitWriter


def _raised(db: peewee.Database, sql: str, *params) -> BaseException:
    """What translate_errors raises for one statement in a write transaction."""
    with pytest.raises(StorageUnavailable) as caught:
        with translate_errors(db):
            db.connect(reuse_if_open=True)
            with db.atomic("IMMEDIATE"):
                db.execute_sql(sql, params)
    return caught.value


def test_a_full_sqlite_file_is_storage_full_not_the_failed_rollback(tmp_path):
    db = open_database(f"sqlite:///{tmp_path / 'full.db'}?max_page_count=2")
    db.connect()
    db.execute_sql("CREATE TABLE t (b BLOB)")
    failure = _raised(db, "INSERT INTO t VALUES (randomblob(100000))")
    # SQLite rolled back on its own; Peewee's rollback then failed, and that is the error raised:
    assert "cannot rollback" in str(failure.__cause__)
    assert type(failure) is StorageFull and str(failure) == "disk full: database or disk is full"
    assert failure.metadata == {"driver_code": "SQLITE_FULL"}
    assert status_for(failure).code.name == "UNAVAILABLE"


def test_a_locked_sqlite_file_is_busy(tmp_path):
    path = tmp_path / "locked.db"
    db = open_database(f"sqlite:///{path}", DatabaseOptions(busy_timeout_ms=50))
    db.connect()
    db.execute_sql("CREATE TABLE t (x)")
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        failure = _raised(db, "INSERT INTO t VALUES (1)")
    finally:
        locker.execute("ROLLBACK")
    assert type(failure) is StorageBusy and failure.retry_after_s == 0.2


def test_a_read_only_sqlite_file_is_read_only_without_a_retry_hint(tmp_path):
    path = tmp_path / "ro.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    readonly = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as caught:
        readonly.execute("INSERT INTO t VALUES (1)")
    failure = classify(caught.value)
    assert type(failure) is StorageReadOnly and failure.retry_after_s is None
    details = status_pb2.Status.FromString(dict(status_for(failure).trailing_metadata)["grpc-status-details-bin"])
    assert [d.type_url.rpartition(".")[2] for d in details.details] == ["ErrorInfo"]  # no RetryInfo


def test_a_statement_error_is_not_a_storage_failure(tmp_path):
    db = open_database(f"sqlite:///{tmp_path / 'x.db'}")
    db.connect()
    db.execute_sql("CREATE TABLE t (x UNIQUE)")
    db.execute_sql("INSERT INTO t VALUES (1)")
    with pytest.raises(peewee.IntegrityError) as caught:
        db.execute_sql("INSERT INTO t VALUES (1)")
    assert storage_failure(caught.value) is None  # the operation's own error: the writer isolates it


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_refused_postgresql_connection_is_unreachable():
    with pytest.raises(psycopg2.OperationalError) as caught:
        psycopg2.connect(host="127.0.0.1", port=_free_port(), dbname="x", connect_timeout=3)
    assert type(classify(caught.value)) is StorageUnreachable


@pytest.mark.postgres
def test_postgresql_errors_by_sqlstate_read_only_and_busy():
    conn = psycopg2.connect(postgres_url_or_skip())
    try:
        with conn.cursor() as cur:
            cur.execute("CREATE TABLE IF NOT EXISTS probe_t (x int)")
            conn.commit()
            cur.execute("SET TRANSACTION READ ONLY")
            with pytest.raises(psycopg2.Error) as read_only:
                cur.execute("INSERT INTO probe_t VALUES (1)")
            conn.rollback()
            cur.execute("SET statement_timeout = 1")
            with pytest.raises(psycopg2.Error) as cancelled:
                cur.execute("SELECT pg_sleep(5)")
            conn.rollback()
            cur.execute("DROP TABLE probe_t")
            conn.commit()
    finally:
        conn.close()
    assert (type(classify(read_only.value)), classify(read_only.value).metadata) == (
        StorageReadOnly,
        {"driver_code": "25006"},
    )
    assert type(classify(cancelled.value)) is StorageBusy


@pytest.mark.parametrize(
    "sqlstate, kind",
    [("53100", StorageFull), ("40001", StorageContention), ("40P01", StorageContention), ("08006", StorageUnreachable)],
)
def test_sqlstates_no_test_can_cause_on_a_shared_server_map_by_the_table(sqlstate, kind):
    # psycopg2 sets pgcode only on errors the server sent; a subclass stands in for one of them.
    error_type = type("ServerError", (psycopg2.OperationalError,), {"pgcode": sqlstate})
    assert type(classify(error_type("from the server"))) is kind


# -- the outage tracker, on a clock the test moves ---------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Counted:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.outages: list[float] = []

    def storage_failed(self, reason: str) -> None:
        self.failures.append(reason)

    def outage_ended(self, seconds: float) -> None:
        self.outages.append(seconds)


def test_an_outage_is_logged_once_reported_each_interval_and_ends_with_one_line(caplog):
    caplog.set_level(logging.INFO, logger="evidence_trace.server.storage")
    clock, counted, health = Clock(), Counted(), []
    policy = OutagePolicy(unhealthy_after_s=5, report_every_s=60, probe_every_s=1)
    outages = Outages("sqlite:///et.db", policy, on_health=health.append, observer=counted, clock=clock)
    outages.committed()  # no outage: nothing to say
    for _ in range(100):
        outages.failed(StorageFull("disk full: database or disk is full"), refused=3)
        clock.now += 0.1
    assert health == [False]  # after 5 s, once
    assert outages.describe().startswith("disk full (STORAGE_FULL) for 10.0 s, 300 write(s) refused")
    clock.now += 55
    outages.tick()
    outages.tick()
    outages.failed(StorageUnreachable("database unreachable: connection refused"), refused=1)
    clock.now += 5
    outages.committed()
    messages = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert messages == [
        (
            "WARNING",
            "storage failing: disk full (STORAGE_FULL) on sqlite:///et.db: database or disk is full; "
            "writes are refused with UNAVAILABLE until it recovers",
        ),
        (
            "WARNING",
            "storage still failing on sqlite:///et.db after 65 s: disk full (STORAGE_FULL); 300 write(s) refused so far",
        ),
        (
            "WARNING",
            "storage failing differently: database unreachable (STORAGE_UNREACHABLE) on sqlite:///et.db: "
            "connection refused",
        ),
        (
            "INFO",
            "storage recovered on sqlite:///et.db after 70.0 s (database unreachable, STORAGE_UNREACHABLE): "
            "301 write(s) refused during the outage",
        ),
    ]
    assert health == [False, True] and counted.outages == [pytest.approx(70.0)]
    assert counted.failures == ["STORAGE_FULL"] * 100 + ["STORAGE_UNREACHABLE"]
    assert outages.describe() == "" and outages.wait_s() is None


def test_a_short_outage_never_turns_health_and_the_probe_waits_for_a_quiet_writer():
    clock, health = Clock(), []
    outages = Outages("db", OutagePolicy(unhealthy_after_s=5, probe_every_s=1), on_health=health.append, clock=clock)
    outages.failed(StorageBusy("database busy: database is locked"), refused=1)
    assert not outages.probe_due() and outages.wait_s() == 1.0
    clock.now += 1
    assert outages.probe_due()
    outages.committed()
    assert health == [] and not outages.probe_due()


def test_the_writer_probes_the_store_when_no_write_comes_and_health_returns(tmp_path):
    """An outage no write would end (balancers stopped sending any): the probe ends it."""
    path = tmp_path / "probe.db"
    db = open_database(f"sqlite:///{path}", DatabaseOptions(busy_timeout_ms=20))
    migrate(db)
    health: list[bool] = []
    changed = threading.Event()
    outages = Outages(
        "db",
        OutagePolicy(unhealthy_after_s=0.2, probe_every_s=0.05),
        on_health=lambda serving: (health.append(serving), changed.set()),
    )
    writer = GroupCommitWriter(db, outages=outages)
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageBusy):
            writer.submit([]).result(10)  # one write, refused; none follows
        assert changed.wait(10) and health == [False]  # the probes kept failing past the threshold
        changed.clear()
        locker.execute("ROLLBACK")
        assert changed.wait(10) and health == [False, True]  # a probe committed: serving again
    finally:
        locker.close()
        writer.close()


def _writer_aborted(tmp_path, aborts: int) -> tuple[GroupCommitWriter, list[int]]:
    """A writer on a real SQLite store whose first `aborts` transactions the database aborts for a concurrent
    one (PostgreSQL's 40P01 or 40001, which SQLite cannot raise); the list counts the transactions tried."""
    db = open_database(f"sqlite:///{tmp_path / 'contended.db'}", DatabaseOptions(busy_timeout_ms=20))
    migrate(db)
    writer = GroupCommitWriter(db)
    tried: list[int] = []
    real = writer._transaction

    def aborted_first(ops, probe=False):
        tried.append(len(ops))
        if len(tried) <= aborts:
            raise StorageContention("transaction aborted by a concurrent one: deadlock detected")
        return real(ops, probe)

    writer._transaction = aborted_first  # type: ignore[method-assign]
    return writer, tried


def test_a_transaction_aborted_for_a_concurrent_one_is_run_again_up_to_three_times(tmp_path):
    writer, tried = _writer_aborted(tmp_path, aborts=3)
    try:
        assert writer.submit([]).result(10) == []  # committed on the fourth try
        assert len(tried) == 4
    finally:
        writer.close()


def test_a_fourth_abort_refuses_the_write_as_contention_with_a_retry_hint(tmp_path):
    writer, tried = _writer_aborted(tmp_path, aborts=10)
    try:
        with pytest.raises(StorageContention) as refused:
            writer.submit([]).result(10)
        assert len(tried) == 4  # the first try and three more, then the caller's error
        assert refused.value.reason == "STORAGE_CONTENTION" and refused.value.retry_after_s == 0.2
        status = status_for(refused.value)
        assert status.code.name == "UNAVAILABLE"
        details = status_pb2.Status.FromString(dict(status.trailing_metadata)["grpc-status-details-bin"])
        assert "RetryInfo" in [d.type_url.rpartition(".")[2] for d in details.details]
    finally:
        writer.close()
