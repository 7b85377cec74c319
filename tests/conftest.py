"""Shared fixtures: a fresh store per test on each backend, and real servers on port 0.

Backends: SQLite always; PostgreSQL at EVIDENCE_TRACE_TEST_POSTGRES_URL
(default postgresql://postgres@127.0.0.1:5432/test). When PostgreSQL is not
reachable its tests are skipped with the reason, except under CI=true, where a
missing PostgreSQL fails the run.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Iterator

import grpc
import pytest

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.server.settings import Settings
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc
from fault_figures import fault_report, pytest_terminal_summary  # noqa: F401  (fixture and report hook)

POSTGRES_URL = os.environ.get("EVIDENCE_TRACE_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
_TABLES = ("tool_invocation", "agent_step", "verifier_evaluation", "diagnosis_session", "schema_version")


def _postgres_problem() -> str | None:
    try:
        import psycopg2
    except ImportError:
        return "psycopg2 is not installed (pip install '.[postgres]')"
    try:
        psycopg2.connect(POSTGRES_URL, connect_timeout=3).close()
    except psycopg2.OperationalError as exc:
        return f"PostgreSQL is not reachable at {POSTGRES_URL}: {str(exc).strip()}"
    return None


_PG_PROBLEM: list[str | None] = []


def postgres_url_or_skip() -> str:
    """The PostgreSQL URL, with a clean schema; skip (or fail under CI=true) when unreachable."""
    if not _PG_PROBLEM:
        _PG_PROBLEM.append(_postgres_problem())
    problem = _PG_PROBLEM[0]
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true requires PostgreSQL: {problem}")
        pytest.skip(problem)
    import psycopg2
    with psycopg2.connect(POSTGRES_URL) as conn, conn.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS " + ", ".join(_TABLES) + " CASCADE")
    return POSTGRES_URL


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
    return dataclasses.replace(Settings(listen="127.0.0.1:0", database_url=db_url, grace_period_s=2.0),
                               **overrides).validate()


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
