"""The issue's bar: an agent configured only by the OTLP environment shows up, summarizes and gates.

docs/otlp.md's Python setup runs as pasted (OTLP/HTTP), and with the one change
the page names for OTLP/gRPC (the exporter's import), in its own process, with
nothing but the OTEL_EXPORTER_OTLP_* variables pointing it at a token-protected
server; then the ops CLI finds its session, summarizes it and gates a draft on it.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest
from conftest import make_settings
from tenants import TOKENS, write_token_file

from evidence_trace.server.app import create_server

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "otlp.md"


def _python_setup() -> str:
    section = DOC.read_text().split("## Python setup", 1)[1]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    return code


HTTP_EXPORTER = "opentelemetry.exporter.otlp.proto.http.trace_exporter"
GRPC_EXPORTER = "opentelemetry.exporter.otlp.proto.grpc.trace_exporter"


@pytest.fixture
def protected(sqlite_url, tmp_path):
    running = create_server(
        make_settings(sqlite_url, tokens_file=str(write_token_file(tmp_path)), http_listen="127.0.0.1:0")
    )
    yield running
    running.stop(grace=1)


def _cli(running, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "EVIDENCE_TRACE_TOKEN": TOKENS["acme"]}
    return subprocess.run(
        [sys.executable, "-m", "evidence_trace.server.cli.main", *args, "--server", f"127.0.0.1:{running.port}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize("protocol", ["http/protobuf", "grpc"])
def test_an_agent_configured_only_by_the_otlp_environment_shows_up_summarizes_and_gates(protected, tmp_path, protocol):
    code = _python_setup()
    assert f"from {HTTP_EXPORTER} import OTLPSpanExporter" in code
    port = protected.http_port
    if protocol == "grpc":  # the page's one change for OTLP/gRPC
        code, port = code.replace(HTTP_EXPORTER, GRPC_EXPORTER), protected.port
    script = tmp_path / "agent.py"
    script.write_text(code)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")} | {
        "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
        "OTEL_EXPORTER_OTLP_PROTOCOL": protocol,
        "OTEL_EXPORTER_OTLP_HEADERS": f"authorization=Bearer%20{TOKENS['acme']}",
        "OTEL_SERVICE_NAME": "my-agent",
    }
    agent = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
    assert agent.returncode == 0, agent.stderr

    listed = _cli(protected, "sessions", "--json")
    assert listed.returncode == 0, listed.stderr
    assert "incident-42" in {s["session"]["session_id"] for s in json.loads(listed.stdout)["sessions"]}

    summary = _cli(protected, "summarize", "incident-42", "--json")
    assert summary.returncode == 0, summary.stderr
    assert [e["tool_name"] for e in json.loads(summary.stdout)["entries"]] == ["query_logs"]

    chat = _cli(
        protected,
        "chat",
        "incident-42",
        "--question",
        "Why did checkout fail?",
        "--draft",
        "zq9-service ran out of disk at 10:04, causing 812 failed payments.",
        "--json",
    )
    assert chat.returncode == 0, chat.stderr
    assert json.loads(chat.stdout)["decision"]["decision"] == "DECISION_REJECT"  # nothing in the evidence says so
