"""The Prometheus endpoint, scraped over HTTP after real calls: RPCs, rows, duplicates, rejections, decisions."""

from __future__ import annotations

import urllib.request
from typing import Iterator

import grpc
import pytest
from builders import invocation, step
from conftest import make_settings
from prometheus_client.parser import text_string_to_metric_families

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

SERVICE = "evidence_trace.v1.EvidenceTraceService"


@pytest.fixture
def metered(db_url) -> Iterator[RunningServer]:
    running = create_server(make_settings(db_url, metrics_listen="127.0.0.1:0"))
    yield running
    running.stop(grace=1)


def _scrape(port: int) -> dict[tuple[str, frozenset], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def _value(samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_metrics_count_the_calls_and_their_outcomes(metered):
    assert metered.metrics_port
    with grpc.insecure_channel(f"127.0.0.1:{metered.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        first = invocation(invocation_id="m-1", session_id="m-s")
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=first), timeout=10)
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=first), timeout=10)  # duplicate
        with pytest.raises(grpc.RpcError):
            stub.RecordInvocation(
                pb.RecordInvocationRequest(invocation=invocation(invocation_id="m-1", session_id="other")), timeout=10
            )
        with pytest.raises(grpc.RpcError):
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="")), timeout=10)
        stub.BatchRecordInvocations(
            pb.BatchRecordInvocationsRequest(
                invocations=[invocation(invocation_id="m-2", session_id="m-s"), invocation(invocation_id="bad id!")]
            ),
            timeout=10,
        )
        stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(session_id="m-s")), timeout=10)
        for output in ("", '{"decision": "ACCEPT", "reasons": ["ok"]}'):
            stub.Chat(
                pb.ChatRequest(session_id="m-s", question="q", draft_answer="d", verifier_output=output), timeout=10
            )
        with pytest.raises(grpc.RpcError):
            stub.GetSession(pb.GetSessionRequest(session_id="nobody"), timeout=10)
        list(stub.WatchSession(pb.WatchSessionRequest(session_id="m-s", replay_only=True), timeout=10))

    m = _scrape(metered.metrics_port)
    unary = dict(grpc_type="unary", grpc_service=SERVICE)
    assert _value(m, "grpc_server_started_total", grpc_method="RecordInvocation", **unary) == 4
    assert _value(m, "grpc_server_handled_total", grpc_method="RecordInvocation", grpc_code="OK", **unary) == 2
    assert (
        _value(m, "grpc_server_handled_total", grpc_method="RecordInvocation", grpc_code="ALREADY_EXISTS", **unary) == 1
    )
    assert (
        _value(m, "grpc_server_handled_total", grpc_method="RecordInvocation", grpc_code="INVALID_ARGUMENT", **unary)
        == 1
    )
    assert _value(m, "grpc_server_handled_total", grpc_method="GetSession", grpc_code="NOT_FOUND", **unary) == 1
    assert (
        _value(
            m,
            "grpc_server_handled_total",
            grpc_method="WatchSession",
            grpc_code="OK",
            grpc_type="server_stream",
            grpc_service=SERVICE,
        )
        == 1
    )
    assert _value(m, "grpc_server_handling_seconds_count", grpc_method="Chat", grpc_code="OK", **unary) == 2
    assert _value(m, "evidence_trace_rows_written_total", kind="invocation") == 2
    assert _value(m, "evidence_trace_rows_written_total", kind="step") == 1
    assert _value(m, "evidence_trace_rows_written_total", kind="evaluation") == 2
    assert _value(m, "evidence_trace_duplicates_total", kind="invocation") == 1
    assert (
        _value(m, "evidence_trace_rejections_total", grpc_method="RecordInvocation", reason="INVOCATION_ID_CONFLICT")
        == 1
    )
    assert _value(m, "evidence_trace_rejections_total", grpc_method="RecordInvocation", reason="INVALID_FIELDS") == 1
    assert (
        _value(m, "evidence_trace_rejections_total", grpc_method="BatchRecordInvocations", reason="INVALID_FIELDS") == 1
    )
    assert (
        _value(m, "evidence_trace_chat_decisions_total", decision="LOW_CONFID", fallback_reason="MISSING_OUTPUT") == 1
    )
    assert _value(m, "evidence_trace_chat_decisions_total", decision="ACCEPT", fallback_reason="NONE") == 1


def test_metrics_are_off_by_default(server):
    assert server.metrics_port is None


def _families(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return {family.name: family for family in text_string_to_metric_families(response.read().decode())}


def test_no_created_series_one_method_label_process_and_build_info(metered):
    with grpc.insecure_channel(f"127.0.0.1:{metered.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="m-c")), timeout=10)
        with pytest.raises(grpc.RpcError):
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="")), timeout=10)
    families = _families(metered.metrics_port)
    samples = [s for family in families.values() for s in family.samples]
    assert not [s.name for s in samples if s.name.endswith("_created")]
    method_labels = {label for s in samples for label in s.labels if "method" in label}
    assert method_labels == {"grpc_method"}
    assert {"process_cpu_seconds_total", "process_resident_memory_bytes"} <= {s.name for s in samples}
    (build,) = [s for s in samples if s.name == "evidence_trace_build_info"]
    assert build.value == 1 and build.labels["version"]
