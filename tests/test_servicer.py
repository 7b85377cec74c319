"""The servicer in isolation, without sockets, through grpc_testing."""

from __future__ import annotations

import grpc
import grpc_testing
import pytest
from builders import invocation

from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.domain.verifier.rules import RulesVerifier
from evidence_trace.server.rpc.servicer import EvidenceTraceServicer
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.reads import Reader
from evidence_trace.server.usecases.services import build_use_cases
from evidence_trace.v1 import evidence_trace_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]


@pytest.fixture
def harness(sqlite_url):
    db = open_database(sqlite_url)
    migrate(db)
    use_cases = build_use_cases(db, Gate(RulesVerifier()))  # the wiring app.create_server uses
    servicer = EvidenceTraceServicer(use_cases, commit_timeout_s=10)
    yield grpc_testing.server_from_dictionary({SERVICE: servicer}, grpc_testing.strict_fake_time(1_796_000_000.0))
    use_cases.writer.close()


def invoke(harness, method: str, request):
    rpc = harness.invoke_unary_unary(SERVICE.methods_by_name[method], (), request, None)
    return rpc.termination()


def test_record_returns_created(harness):
    response, _, code, _ = invoke(harness, "RecordInvocation", pb.RecordInvocationRequest(invocation=invocation()))
    assert code == grpc.StatusCode.OK
    assert response.outcome == pb.RECORD_OUTCOME_CREATED


def test_invalid_request_is_invalid_argument_naming_the_fields(harness):
    # grpc_testing drops trailing metadata on abort, so the rich BadRequest
    # details are asserted end to end in test_record_invocation.py.
    _, _, code, details = invoke(
        harness, "RecordInvocation", pb.RecordInvocationRequest(invocation=invocation(session_id="", duration_ms=-1))
    )
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "invocation.session_id" in details and "invocation.duration_ms" in details


def test_unknown_session_is_not_found(harness):
    _, _, code, _ = invoke(harness, "GetSession", pb.GetSessionRequest(session_id="missing"))
    assert code == grpc.StatusCode.NOT_FOUND


def test_unexpected_error_is_internal_never_unknown(harness, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr(Reader, "session", broken)
    _, _, code, details = invoke(harness, "GetSession", pb.GetSessionRequest(session_id="s-1"))
    assert code == grpc.StatusCode.INTERNAL
    assert "bug" not in details
