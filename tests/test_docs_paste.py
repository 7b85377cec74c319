"""The docs' command blocks work when pasted as written (issue 13, item 18).

The `buf curl` blocks of README.md and docs/client.md run in bash against a real
server on a free port (their address 127.0.0.1:50051 swapped for it), and the
error-detail decoding line decodes what the server really sends. `buf` comes
from the dev extra (`buf-bin`); without it these tests skip, or fail under CI=true.
"""

from __future__ import annotations

import base64
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from typing import Iterator

import pytest
from conftest import make_settings

from evidence_trace.server.app import RunningServer, create_server

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC_ADDRESS = "127.0.0.1:50051"
VENV_BIN = pathlib.Path(sys.executable).parent


def _buf() -> str:
    found = shutil.which("buf", path=f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if found:
        return found
    reason = "buf is not installed (pip install -e '.[dev]' installs buf-bin)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true requires buf: {reason}")
    pytest.skip(reason)


def _blocks(page: str, after: str) -> list[str]:
    """The ```sh blocks of a page's section that starts with the heading `after`."""
    text = (ROOT / page).read_text()
    section = text[text.index(after) :]
    section = section[: section.find("\n## ", 1)] if "\n## " in section[1:] else section
    return re.findall(r"```sh\n(.*?)```", section, re.S)


@pytest.fixture
def running(sqlite_url) -> Iterator[RunningServer]:
    server = create_server(make_settings(sqlite_url))
    yield server
    server.stop(grace=1)


def _paste(block: str, running: RunningServer) -> subprocess.CompletedProcess:
    _buf()
    script = block.replace(DOC_ADDRESS, f"127.0.0.1:{running.port}").replace(".venv/bin/", f"{VENV_BIN}/")
    return subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_client_md_buf_curl_calls_work_as_pasted(running):
    block = _blocks("docs/client.md", "## The same calls with buf curl")[0]
    assert "grpcurl" not in block
    listing = block.index("SESSION_STATUS_ACTIVE")
    assert listing < block.index('"status": "SESSION_STATUS_COMPLETED"')  # listed while still ACTIVE
    done = _paste(block, running)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"nextPageToken"' in done.stdout or '"sessions"' in done.stdout
    assert '"sessionId": "incident-42"' in done.stdout


def test_readme_try_it_works_as_pasted(running):
    blocks = _blocks("README.md", "## Try it")
    assert blocks[0].strip().startswith("make run")
    done = _paste(blocks[1], running)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout[done.stdout.rindex('{\n  "session"') :])["session"]["sessionId"] == "incident-42"


def test_the_error_detail_decoding_line_decodes_what_buf_curl_prints(running):
    done = subprocess.run(
        [
            _buf(),
            "curl",
            "--protocol",
            "grpc",
            "--http2-prior-knowledge",
            "--data",
            '{"sessionId": "nobody"}',
            f"http://127.0.0.1:{running.port}/evidence_trace.v1.EvidenceTraceService/GetSession",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    error = json.loads(done.stderr)
    detail = next(d for d in error["details"] if d["type"] == "google.rpc.ErrorInfo")
    base64.b64decode(detail["value"])  # base64, as the docs say
    decode = next(b for b in _blocks("docs/client.md", "### Reading error details") if "b64decode" in b)
    line = decode.split("\\\n")[0].replace(".venv/bin/python", sys.executable)
    shown = subprocess.run(
        f"{line} {detail['type']} {detail['value']}", shell=True, capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr
    assert 'reason: "SESSION_NOT_FOUND"' in shown.stdout
