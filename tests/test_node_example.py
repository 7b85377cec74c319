"""The Node.js example (examples/node) records a session and reads its summary from a real server.

Needs `node` and `npm`; skipped with the reason when they are missing, except
under CI=true, where a missing toolchain fails the run.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import make_settings
from evidence_trace.server.app import create_server

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "node"


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true requires the Node.js example to run: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def node_example() -> pathlib.Path:
    """examples/node with its locked dependencies installed by `npm ci`."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        _skip_or_fail(f"{' and '.join(missing)} not found on PATH (install Node.js >= 18)")
    result = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=EXAMPLE, capture_output=True,
                            text=True, timeout=300)
    if result.returncode != 0:
        _skip_or_fail(f"npm ci failed (is the npm registry reachable?):\n{result.stderr[-2000:]}")
    return EXAMPLE


def test_node_client_records_a_session_and_reads_its_summary(node_example, sqlite_url):
    running = create_server(make_settings(sqlite_url))
    try:
        result = subprocess.run(["node", "record_session.js", f"127.0.0.1:{running.port}"], cwd=node_example,
                                capture_output=True, text=True, timeout=60)
    finally:
        running.stop(grace=1)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "all checks passed" in result.stdout
    assert "FAILED" in result.stdout  # the summary table shows the failed metrics query
