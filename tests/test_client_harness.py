"""The in-process harness other projects use in their tests."""

from __future__ import annotations

from evidence_trace.client import EvidenceTraceClient, NotFoundError, traced
from evidence_trace.server.testing import (  # noqa: F401  (pytest fixtures)
    evidence_trace_client,
    evidence_trace_service,
    in_process_client,
    in_process_service,
)
from evidence_trace.v1 import evidence_trace_pb2 as pb


def test_context_manager_gives_a_connected_client_and_cleans_up():
    with in_process_service() as service:
        client = service.client
        traced(client, session_id="h-1", tool_name="query_logs")(lambda: "ERROR boom")()
        client.recorder.flush(5)
        assert client.get_session(session_id="h-1").session.tool_call_count == 1
        with EvidenceTraceClient(service.address) as other:  # the address works for any client
            assert other.get_session(session_id="h-1").session.session_id == "h-1"


def test_each_harness_has_its_own_store():
    with in_process_client() as first:
        first.record_agent_step(
            step=pb.AgentStep(step_id="st-1", session_id="h-2", kind=pb.AGENT_STEP_KIND_MODEL_STEP, name="gpt")
        )
    with in_process_client() as second:
        try:
            second.get_session(session_id="h-2")
        except NotFoundError as err:
            assert err.reason == "SESSION_NOT_FOUND"
        else:
            raise AssertionError("the second harness saw the first one's session")


def test_pytest_fixture(evidence_trace_client):
    """The example from docs/client.md: the fixture is a ready client."""
    response = evidence_trace_client.record_invocation(
        invocation=pb.ToolInvocation(
            invocation_id="inv-1",
            session_id="h-3",
            tool_name="query_logs",
            success=True,
            output_state=pb.OUTPUT_STATE_EMPTY,
        )
    )
    assert response.outcome == pb.RECORD_OUTCOME_CREATED
    summary = evidence_trace_client.summarize_session(session_id="h-3")
    assert summary.entries[0].no_hit_count == 1
