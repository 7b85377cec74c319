"""An in-process evidence-trace server for other projects' tests.

Starts the real server (the same code as `evidence-trace serve`) on
127.0.0.1:0 with a throwaway SQLite store in a temporary directory, and hands
back a connected `EvidenceTraceClient`. Everything is removed on exit.

As a context manager::

    from evidence_trace.server.testing import in_process_client

    def test_my_agent_records_its_tool_calls():
        with in_process_client() as client:
            run_my_agent(client, session_id="s-1")
            assert client.get_session(session_id="s-1").session.tool_call_count == 3

As a pytest fixture, enable the plugin in your conftest.py::

    pytest_plugins = ["evidence_trace.server.testing"]

    def test_summary(evidence_trace_client):
        ...

`in_process_service()` also gives the address (for clients in other
languages) and the running server.
"""

from __future__ import annotations

import contextlib
import dataclasses
import tempfile
from typing import Any, Iterator

from evidence_trace.client import EvidenceTraceClient
from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.server.settings import Settings


@dataclasses.dataclass(frozen=True)
class InProcessService:
    """A running in-process server and a client connected to it."""

    #: host:port the server listens on.
    address: str
    #: A client connected to `address`, closed on exit.
    client: EvidenceTraceClient
    #: The server itself (`.stop()` to simulate an outage).
    server: RunningServer


def loopback_settings(database_url: str, **overrides: Any) -> Settings:
    """Validated settings for a test server on a free loopback port over `database_url`, a short grace period."""
    base = Settings(listen="127.0.0.1:0", database_url=database_url, grace_period_s=1.0)
    return dataclasses.replace(base, **overrides).validate()


def service_settings(directory: str, **overrides: Any) -> Settings:
    """Settings for a throwaway server: loopback port 0, SQLite in `directory`, a short grace period."""
    return loopback_settings(f"sqlite:///{directory}/evidence-trace.db", **{"durability": "normal", **overrides})


@contextlib.contextmanager
def in_process_service(*, client_timeout: float = 5.0, **settings: Any) -> Iterator[InProcessService]:
    """Start a server with a fresh store; yield it with a connected client; stop and clean up.

    Keyword arguments override `Settings` fields (for example `verifier=...`).
    """
    with tempfile.TemporaryDirectory(prefix="evidence-trace-") as directory:
        running = create_server(service_settings(directory, **settings))
        address = f"127.0.0.1:{running.port}"
        try:
            with EvidenceTraceClient(address, default_timeout=client_timeout) as client:
                yield InProcessService(address, client, running)
        finally:
            running.stop(grace=0.5)


@contextlib.contextmanager
def in_process_client(**settings: Any) -> Iterator[EvidenceTraceClient]:
    """Start a server with a fresh store and yield a client connected to it."""
    with in_process_service(**settings) as service:
        yield service.client


try:
    import pytest
except ImportError:  # pytest is optional: the context managers work without it
    pass
else:

    @pytest.fixture
    def evidence_trace_service() -> Iterator[InProcessService]:
        """A fresh in-process evidence-trace server per test, with its address and a client."""
        with in_process_service() as service:
            yield service

    @pytest.fixture
    def evidence_trace_client(evidence_trace_service: InProcessService) -> EvidenceTraceClient:
        """A client connected to a fresh in-process evidence-trace server."""
        return evidence_trace_service.client
