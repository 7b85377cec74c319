"""A busy port, gRPC or metrics: `serve` prints one line and exits 1, no traceback (issue 13, item 13)."""

from __future__ import annotations

import socket
import subprocess
import sys
from typing import Iterator

import pytest
from conftest import make_settings

from evidence_trace.server import app

#: `serve`'s exit code when it cannot start (docs/cli.md).
EXIT_CANNOT_START = 1


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A loopback port some other program is listening on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


def _serve(sqlite_url: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "evidence_trace.server.cli.main", "serve", "--database", sqlite_url, *flags],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "flags",
    [
        ("--listen", "127.0.0.1:{port}"),
        ("--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:{port}"),
        ("--workers", "2", "--listen", "127.0.0.1:{port}"),
        ("--workers", "2", "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:{port}"),
    ],
    ids=["grpc", "metrics", "workers-grpc", "workers-metrics"],
)
def test_a_busy_port_is_one_line_and_a_non_zero_exit(sqlite_url, busy_port, flags):
    done = _serve(sqlite_url, *(f.format(port=busy_port) for f in flags))
    assert done.returncode == EXIT_CANNOT_START, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("evidence-trace serve: cannot listen on ")
    assert done.stdout == ""  # never claimed to be listening


@pytest.mark.parametrize("listen", ["listen", "metrics_listen"])
def test_create_server_raises_bind_error(sqlite_url, busy_port, listen):
    addresses = {"listen": "127.0.0.1:0", "metrics_listen": "127.0.0.1:0", listen: f"127.0.0.1:{busy_port}"}
    with pytest.raises(OSError) as raised:
        app.create_server(make_settings(sqlite_url, **addresses))
    assert type(raised.value).__name__ == "BindError"
