"""The Node.js OpenTelemetry example (examples/node-otel) exports GenAI spans over OTLP/gRPC to a real server.

`agent.js` uses only the stock OpenTelemetry JS SDK and OTLP/gRPC exporter; the
server's OTLP trace receiver (same port as the evidence-trace service) turns its
`chat` span into a model step and its `execute_tool` spans into tool calls.
Needs `node` and `npm` (see node_deps.py).
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import uuid

import pytest
from node_deps import npm_ci

from evidence_trace.v1 import evidence_trace_pb2 as pb

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "node-otel"


@pytest.fixture(scope="module")
def node_otel_example() -> pathlib.Path:
    """examples/node-otel with its locked dependencies installed by `npm ci`."""
    return npm_ci(EXAMPLE)


def _run_agent(example: pathlib.Path, port: int, session_id: str) -> dict:
    result = subprocess.run(
        ["node", "agent.js", f"127.0.0.1:{port}", session_id], cwd=example, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    sent = json.loads(result.stdout.strip().splitlines()[-1])
    assert sent["ok"] and sent["exported"] == sent["spans"] == 4, sent
    return sent


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
