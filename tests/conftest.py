"""Shared fixtures: a fresh store per test on each backend, and real servers on port 0.

Backends: SQLite always; PostgreSQL through EVIDENCE_TRACE_TEST_POSTGRES_URL
(default postgresql://postgres@127.0.0.1:5432/postgres). That URL is only the
admin connection: each test run creates its own database on that server, named
et_test_<pid>_<random>, uses it for the whole run (with a fresh schema per
test) and drops it when the run ends, passed or failed. So two runs against the
same server (two checkouts, or a developer's run during CI) never touch each
other's tables. When PostgreSQL is not reachable its tests are skipped with the
reason, except under CI=true, where a missing PostgreSQL fails the run.
"""

from __future__ import annotations

import os
import secrets
import urllib.parse
from typing import Iterator

import grpc
import pytest
from fault_figures import fault_report, pytest_terminal_summary  # noqa: F401  (fixture and report hook)

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.server.settings import Settings
from evidence_trace.server.testing import loopback_settings
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

POSTGRES_ADMIN_URL = os.environ.get("EVIDENCE_TRACE_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
_TABLES = ("tool_invocation", "agent_step", "verifier_evaluation", "diagnosis_session", "schema_version")


def _with_database(url: str, name: str) -> str:
    return urllib.parse.urlunparse(urllib.parse.urlparse(url)._replace(path="/" + name))


class _RunDatabase:
    """This run's own PostgreSQL database: created on first use, dropped by pytest_sessionfinish."""

    def __init__(self) -> None:
        self.name = f"et_test_{os.getpid()}_{secrets.token_hex(4)}"
        self.url: str | None = None
        self.problem: str | None = None
        self.tried = False

    def create(self) -> None:
        self.tried = True
        try:
            import psycopg2
        except ImportError:
            self.problem = "psycopg2 is not installed (pip install '.[postgres]')"
            return
        try:
            admin = psycopg2.connect(POSTGRES_ADMIN_URL, connect_timeout=3)
        except psycopg2.OperationalError as exc:
            self.problem = f"PostgreSQL is not reachable at {POSTGRES_ADMIN_URL}: {str(exc).strip()}"
            return
        try:
            admin.autocommit = True  # CREATE DATABASE cannot run inside a transaction
            with admin.cursor() as cur:
                cur.execute(f'CREATE DATABASE "{self.name}"')
        finally:
            admin.close()
        self.url = _with_database(POSTGRES_ADMIN_URL, self.name)

    def drop(self) -> None:
        if self.url is None:
            return
        import psycopg2

        admin = psycopg2.connect(POSTGRES_ADMIN_URL, connect_timeout=3)
        try:
            admin.autocommit = True
            with admin.cursor() as cur:
                # FORCE ends connections a failed test's server may have left open.
                cur.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            admin.close()
        self.url = None


_RUN_DB = _RunDatabase()


def pytest_sessionfinish(session, exitstatus) -> None:
    _RUN_DB.drop()


def postgres_url_or_skip() -> str:
    """This run's PostgreSQL database URL, with a clean schema; skip (or fail under CI=true) when unreachable."""
    if not _RUN_DB.tried:
        _RUN_DB.create()
    if _RUN_DB.url is None:
        problem = _RUN_DB.problem or "PostgreSQL database was not created"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true requires PostgreSQL: {problem}")
        pytest.skip(problem)
    import psycopg2

    conn = psycopg2.connect(_RUN_DB.url)
    try:
        with conn, conn.cursor() as cur:
            cur.execute("DROP TABLE IF EXISTS " + ", ".join(_TABLES) + " CASCADE")
    finally:
        conn.close()
    return _RUN_DB.url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request, tmp_path) -> str:
    """A fresh, empty database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/evidence-trace.db"
    return postgres_url_or_skip()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/evidence-trace.db"


def make_settings(db_url: str, **overrides) -> Settings:
    """The suite's server settings: the in-process harness's, with full durability and a 2 s grace period."""
    return loopback_settings(db_url, **{"grace_period_s": 2.0, **overrides})


@pytest.fixture
def server(db_url) -> Iterator[RunningServer]:
    """A real evidence-trace server on a free loopback port."""
    running = create_server(make_settings(db_url))
    yield running
    running.stop(grace=1)


@pytest.fixture
def channel(server) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as ch:
        yield ch


@pytest.fixture
def stub(channel) -> pb_grpc.EvidenceTraceServiceStub:
    return pb_grpc.EvidenceTraceServiceStub(channel)
