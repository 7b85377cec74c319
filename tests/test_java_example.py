"""The Java example (examples/java) records a session over gRPC, with classes generated from protos/, and gates
drafts with Chat against a real server.

Built as CI builds it, from Debian's packages only (scripts/install-java.sh): protoc and the gRPC Java plugin
generate the classes, javac compiles them against /usr/share/java (examples/java/build.sh), java runs them.
Skipped with the reason when the toolchain is missing, except under CI=true, where that fails the run.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import uuid

import grpc
import pytest
from conftest import make_settings
from node_deps import skip_or_fail
from stored import stored_invocations
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "java"
MAIN = "com.example.evidencetrace.RecordSession"


@pytest.fixture(scope="module")
def classpath(tmp_path_factory) -> str:
    """examples/java compiled by build.sh into a fresh folder; the classpath to run it."""
    missing = [tool for tool in ("java", "javac", "protoc", "grpc_java_plugin") if shutil.which(tool) is None]
    missing += [jar for jar in ("grpc-netty", "protobuf-util", "perfmark-api") if not _jar(jar).exists()]
    if missing:
        skip_or_fail(f"missing {', '.join(missing)} (run scripts/install-java.sh)", "the Java example")
    build = subprocess.run(
        [str(EXAMPLE / "build.sh"), str(tmp_path_factory.mktemp("java"))], capture_output=True, text=True, timeout=300
    )
    assert build.returncode == 0, build.stdout + build.stderr
    return build.stdout.strip().splitlines()[-1]


def _jar(name: str) -> pathlib.Path:
    return pathlib.Path("/usr/share/java") / f"{name}.jar"


def _run(classpath: str, port: int, session: str, token: str = "") -> tuple[int, dict, str]:
    env = {k: v for k, v in os.environ.items() if k != "EVIDENCE_TRACE_TOKEN"}
    if token:
        env["EVIDENCE_TRACE_TOKEN"] = token
    result = subprocess.run(
        ["java", "-cp", classpath, MAIN, f"127.0.0.1:{port}", session],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    lines = result.stdout.strip().splitlines()
    assert lines and lines[0] == f"session {session}", result.stdout + result.stderr
    return result.returncode, json.loads(lines[-1]), result.stdout + result.stderr


def test_the_java_client_records_a_session_and_gates_drafts(classpath, sqlite_url):
    running = create_server(make_settings(sqlite_url))
    session = f"java-{uuid.uuid4()}"
    try:
        code, report, output = _run(classpath, running.port, session)
        assert code == 0 and report["ok"], output
        assert report["outcomes"] == {
            "model_step": "RECORD_OUTCOME_CREATED",
            "query_logs": "RECORD_OUTCOME_CREATED",
            "query_logs_retry": "RECORD_OUTCOME_DUPLICATE",  # the retried call, same client-chosen id
            "query_metrics": "RECORD_OUTCOME_CREATED",
            "search_tickets": "RECORD_OUTCOME_CREATED",
            "lookup_knowledge": "RECORD_OUTCOME_CREATED",
        }
        assert report["decisions"] == {"supported": "DECISION_ACCEPT", "unsupported": "DECISION_REJECT"}
        assert "DECISION_ACCEPT" in output  # printed, not only reported
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stored = pb_grpc.EvidenceTraceServiceStub(channel).GetSession(
                pb.GetSessionRequest(session_id=session), timeout=10
            )
        counts = stored.session
        assert (counts.tool_call_count, counts.step_count, counts.evaluation_count) == (4, 1, 2)
    finally:
        running.stop(grace=1)
    rows = stored_invocations(
        sqlite_url,
        "tool_name",
        "success",
        "output_state",
        "error_kind",
        "retrieval_layer",
        "l0_count",
        "l1_count",
        "relevance_level",
        "dedup_reason",
    )
    by_tool = {row[0]: row[1:] for row in rows.values()}
    assert sorted(rows) == [f"call_{session}_{n}" for n in range(1, 5)]  # the client's ids, stored once each
    assert by_tool["query_logs"][:2] == (1, pb.OUTPUT_STATE_CAPTURED)
    assert by_tool["query_metrics"][:3] == (0, pb.OUTPUT_STATE_NOT_CAPTURED, pb.ERROR_KIND_TIMEOUT)
    assert by_tool["search_tickets"][:2] == (1, pb.OUTPUT_STATE_NOT_CAPTURED)  # no output: never an empty success
    assert by_tool["lookup_knowledge"][3:] == (
        "L1",
        0,
        3,
        pb.RELEVANCE_LEVEL_LOW,
        "2 chunks dropped as near-duplicates of PAY-7",
    )


def test_the_java_client_sends_its_token_and_records_in_its_tenant(classpath, sqlite_url, tmp_path):
    running = create_server(make_settings(sqlite_url, tokens_file=str(write_token_file(tmp_path))))
    session = f"java-{uuid.uuid4()}"
    try:
        code, report, output = _run(classpath, running.port, session, TOKENS["globex"])
        assert code == 0 and report["ok"], output
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            request = pb.GetSessionRequest(session_id=session)
            assert stub.GetSession(request, timeout=10, metadata=bearer("globex")).session.tool_call_count == 4
            with pytest.raises(grpc.RpcError) as caught:
                stub.GetSession(request, timeout=10, metadata=bearer("acme"))
            assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    finally:
        running.stop(grace=1)


def test_the_java_example_has_a_readme_and_a_pom():
    readme = (EXAMPLE / "README.md").read_text()
    assert "build.sh" in readme and "pom.xml" in readme and "scripts/install-java.sh" in readme
    pom = (EXAMPLE / "pom.xml").read_text()
    assert "<artifactId>grpc-netty-shaded</artifactId>" in pom and "protobuf-maven-plugin" in pom
