"""The Node.js OpenTelemetry example (examples/node-otel) exports GenAI spans to a real server over
OTLP/gRPC, OTLP/HTTP protobuf (@opentelemetry/exporter-trace-otlp-proto) and OTLP/HTTP JSON
(@opentelemetry/exporter-trace-otlp-http).

`agent.js` uses only the stock OpenTelemetry JS SDK and exporters; the server's
OTLP trace receivers (TraceService/Export on the gRPC port, POST /v1/traces on
the HTTP endpoint) turn its `chat` span into a model step and its
`execute_tool` spans into tool calls. The HTTP runs are configured only by the
standard environment. Needs `node` and `npm` (see node_deps.py).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import urllib.request
import uuid
from typing import Iterator, Optional

import grpc
import pytest
from conftest import make_settings
from node_deps import npm_ci
from prometheus_client.parser import text_string_to_metric_families
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "node-otel"


@pytest.fixture(scope="module")
def node_otel_example() -> pathlib.Path:
    """examples/node-otel with its locked dependencies installed by `npm ci`."""
    return npm_ci(EXAMPLE)


def _run(example: pathlib.Path, args: list[str], env: Optional[dict[str, str]] = None) -> tuple[int, dict, str]:
    """Run agent.js; its exit code, its JSON report, its stderr (the SDK's diag log)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    result = subprocess.run(
        ["node", "agent.js", *args],
        cwd=example,
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, **(env or {})},
    )
    lines = result.stdout.strip().splitlines()
    assert lines, result.stderr
    return result.returncode, json.loads(lines[-1]), result.stderr


def _run_agent(example: pathlib.Path, port: int, session_id: str) -> dict:
    code, sent, stderr = _run(example, [f"127.0.0.1:{port}", session_id])
    assert code == 0, (sent, stderr)
    assert sent["ok"] and sent["exported"] == sent["spans"] == 4, sent
    return sent


def _otlp_env(port: int, protocol: str, token: str = "") -> dict[str, str]:
    """The standard exporter environment for the server's HTTP endpoint: all the agent is told."""
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}", "OTEL_EXPORTER_OTLP_PROTOCOL": protocol}
    if token:
        env["OTEL_EXPORTER_OTLP_HEADERS"] = f"authorization=Bearer {token}"
    return env


@pytest.fixture
def http_server(sqlite_url) -> Iterator[RunningServer]:
    running = create_server(make_settings(sqlite_url, http_listen="127.0.0.1:0"))
    yield running
    running.stop(grace=1)


def _check_session(stub, session_id: str, sent: dict, metadata=None) -> None:
    session = stub.GetSession(pb.GetSessionRequest(session_id=session_id), timeout=10, metadata=metadata).session
    assert (session.tool_call_count, session.step_count) == (3, 1)
    request = pb.SummarizeSessionRequest(session_id=session_id)
    by_tool = {e.tool_name: e for e in stub.SummarizeSession(request, timeout=10, metadata=metadata).entries}
    assert {tool: list(e.source_invocation_ids) for tool, e in by_tool.items()} == {
        c["tool"]: [c["id"]] for c in sent["tool_calls"]
    }
    assert by_tool["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
    assert by_tool["query_metrics"].level == pb.EVIDENCE_LEVEL_FAILED
    assert by_tool["lookup_knowledge"].level not in (pb.EVIDENCE_LEVEL_DIRECT, pb.EVIDENCE_LEVEL_INDIRECT)
    draft = "payment-service logged an ERROR: upstream timeout after 30s calling bank-gateway."
    chat = stub.Chat(
        pb.ChatRequest(session_id=session_id, question="Why?", draft_answer=draft), timeout=10, metadata=metadata
    )
    assert chat.decision.decision == pb.DECISION_ACCEPT


def _http_requests(port: int) -> dict[str, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    return {
        s.labels["code"]: s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "evidence_trace_otlp_http_requests_total"
    }


@pytest.mark.parametrize("protocol", ["http/protobuf", "http/json"])
def test_the_http_exporters_configured_by_environment_record_summarize_and_gate(
    node_otel_example, http_server, protocol
):
    session_id = f"node-otel-{uuid.uuid4()}"
    env = _otlp_env(http_server.http_port, protocol)
    code, sent, stderr = _run(node_otel_example, ["", session_id], env)
    assert code == 0 and sent["ok"] and sent["exported"] == 4, (sent, stderr)
    assert (sent["protocol"], sent["endpoint"]) == (protocol, env["OTEL_EXPORTER_OTLP_ENDPOINT"])
    with grpc.insecure_channel(f"127.0.0.1:{http_server.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        listed = stub.ListSessions(pb.ListSessionsRequest(), timeout=10).sessions
        assert session_id in [s.session.session_id for s in listed]
        _check_session(stub, session_id, sent)
        # A re-run resends the same tool calls: nothing new.
        code, again, stderr = _run(node_otel_example, ["", session_id], env)
        assert code == 0, (again, stderr)
        session = stub.GetSession(pb.GetSessionRequest(session_id=session_id), timeout=10).session
        assert session.tool_call_count == 3
    assert set(_http_requests(http_server.http_port)) == {"200"}  # every export accepted (the SDK batches them)


@pytest.mark.parametrize("protocol", ["http/protobuf", "http/json"])
def test_a_bad_token_is_401_which_the_http_exporter_reports_without_retrying(
    node_otel_example, sqlite_url, tmp_path, protocol
):
    running = create_server(
        make_settings(sqlite_url, http_listen="127.0.0.1:0", tokens_file=str(write_token_file(tmp_path)))
    )
    try:
        session_id = f"node-otel-{uuid.uuid4()}"
        code, sent, stderr = _run(node_otel_example, ["", session_id], _otlp_env(running.http_port, protocol, "wrong"))
        assert code == 1 and not sent["ok"] and sent["exported"] == 0, sent
        assert any("401" in error or "Unauthorized" in error for error in sent["errors"]), sent
        assert _http_requests(running.http_port) == {"401": 1}  # one request: not retried

        env = _otlp_env(running.http_port, protocol, TOKENS["acme"])
        code, sent, stderr = _run(node_otel_example, ["", session_id], env)
        assert code == 0, (sent, stderr)
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            _check_session(pb_grpc.EvidenceTraceServiceStub(channel), session_id, sent, bearer("acme"))
    finally:
        running.stop(grace=1)


def test_node_otel_agent_spans_become_tool_calls_and_a_model_step(node_otel_example, server, stub):
    session_id = f"node-otel-{uuid.uuid4()}"
    sent = _run_agent(node_otel_example, server.port, session_id)
    assert [(c["tool"], c["status"]) for c in sent["tool_calls"]] == [
        ("query_logs", "ok"),
        ("query_metrics", "error"),
        ("lookup_knowledge", "ok, result not captured"),
    ]

    session = stub.GetSession(pb.GetSessionRequest(session_id=session_id), timeout=10).session
    assert (session.tool_call_count, session.step_count) == (3, 1)

    entries = stub.SummarizeSession(pb.SummarizeSessionRequest(session_id=session_id), timeout=10).entries
    by_tool = {e.tool_name: e for e in entries}
    assert set(by_tool) == {"query_logs", "query_metrics", "lookup_knowledge"}
    ids = {c["tool"]: c["id"] for c in sent["tool_calls"]}
    for tool, entry in by_tool.items():
        assert list(entry.source_invocation_ids) == [ids[tool]]
    # The JSON result of query_logs (two ERROR entries) is direct support.
    assert by_tool["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
    assert by_tool["query_logs"].failure_count == 0
    # The span with status ERROR / error.type TimeoutError is a failure, not missing support.
    metrics = by_tool["query_metrics"]
    assert metrics.level == pb.EVIDENCE_LEVEL_FAILED
    assert (metrics.call_count, metrics.failure_count) == (1, 1)
    # A span without gen_ai.tool.call.result: no output captured, so no support, and no failure either.
    knowledge = by_tool["lookup_knowledge"]
    assert knowledge.level not in (pb.EVIDENCE_LEVEL_DIRECT, pb.EVIDENCE_LEVEL_INDIRECT)
    assert knowledge.failure_count == 0
    assert not knowledge.direct_hit_excerpt


def test_rerun_with_the_same_tool_call_ids_records_each_call_once(node_otel_example, server, stub):
    # agent.js derives gen_ai.tool.call.id from the session id; its span ids are random.
    session_id = f"node-otel-{uuid.uuid4()}"
    first = _run_agent(node_otel_example, server.port, session_id)
    again = _run_agent(node_otel_example, server.port, session_id)
    assert [c["id"] for c in again["tool_calls"]] == [c["id"] for c in first["tool_calls"]]
    assert again["chat"]["span_id"] != first["chat"]["span_id"]

    session = stub.GetSession(pb.GetSessionRequest(session_id=session_id), timeout=10).session
    assert session.tool_call_count == 3


def test_node_otel_example_has_a_readme():
    readme = (EXAMPLE / "README.md").read_text()
    assert "npm ci" in readme and "node agent.js" in readme and "OTEL_EXPORTER_OTLP_HEADERS" in readme
