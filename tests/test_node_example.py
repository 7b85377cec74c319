"""The Node.js example (examples/node) records a session and reads its summary from a real server.

Needs `node` and `npm`; skipped with the reason when they are missing, except
under CI=true, where a missing toolchain fails the run.
"""

from __future__ import annotations

import pathlib
import subprocess

import grpc
import pytest
from conftest import make_settings
from node_deps import npm_ci

from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "node"


@pytest.fixture(scope="module")
def node_example() -> pathlib.Path:
    """examples/node with its locked dependencies installed by `npm ci`."""
    return npm_ci(EXAMPLE)


def test_node_client_records_a_session_and_reads_its_summary(node_example, sqlite_url):
    running = create_server(make_settings(sqlite_url))
    try:
        result = subprocess.run(
            ["node", "record_session.js", f"127.0.0.1:{running.port}"],
            cwd=node_example,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        # It prints its session id first, and leaves the session COMPLETED, not ACTIVE.
        first = result.stdout.splitlines()[0].split()
        assert first[0] == "session" and first[1].startswith("node-")
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stored = (
                pb_grpc.EvidenceTraceServiceStub(channel)
                .GetSession(pb.GetSessionRequest(session_id=first[1]), timeout=10)
                .session
            )
    finally:
        running.stop(grace=1)
    assert stored.status == pb.SESSION_STATUS_COMPLETED
    assert "all checks passed" in result.stdout
    assert "FAILED" in result.stdout  # the summary table shows the failed metrics query


def test_node_example_has_a_readme():
    readme = (EXAMPLE / "README.md").read_text()
    assert "npm ci" in readme and "node record_session.js" in readme
