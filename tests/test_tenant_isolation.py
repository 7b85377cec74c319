"""No tenant reads another's sessions, summaries or evaluations: each answers NOT_FOUND exactly as a missing one."""

from __future__ import annotations

from typing import Callable

import grpc
from builders import invocation, step
from tenants import bearer, tenant_server  # noqa: F401  (fixture)

from evidence_trace.client import error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb

SESSION = "shared-session"


def _reads(stub, tenant: str) -> dict[str, Callable[[], object]]:
    """Every RPC that reads or changes an existing session, as `tenant`."""
    md = bearer(tenant)
    return {
        "GetSession": lambda: stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10, metadata=md),
        "SummarizeSession": lambda: stub.SummarizeSession(
            pb.SummarizeSessionRequest(session_id=SESSION), timeout=10, metadata=md
        ),
        "Chat": lambda: stub.Chat(
            pb.ChatRequest(session_id=SESSION, question="why?", draft_answer="a timeout"), timeout=10, metadata=md
        ),
        "CompleteSession": lambda: stub.CompleteSession(
            pb.CompleteSessionRequest(session_id=SESSION, status=pb.SESSION_STATUS_COMPLETED), timeout=10, metadata=md
        ),
        "WatchSession": lambda: list(
            stub.WatchSession(pb.WatchSessionRequest(session_id=SESSION, replay_only=True), timeout=10, metadata=md)
        ),
    }


def _outcome(call: Callable[[], object]) -> tuple:
    try:
        call()
    except grpc.RpcError as err:
        return err.code(), error_from_rpc(err).reason, err.details()
    return ("OK",)


def test_another_tenants_session_is_not_found_exactly_like_a_missing_one(tenant_server, fault_report):
    stub = tenant_server.stub
    missing = {name: _outcome(call) for name, call in _reads(stub, "globex").items()}
    assert {o[:2] for o in missing.values()} == {(grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")}

    acme = bearer("acme")
    stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=invocation(invocation_id="inv-1", session_id=SESSION)),
        timeout=10,
        metadata=acme,
    )
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(session_id=SESSION)), timeout=10, metadata=acme)
    stub.Chat(
        pb.ChatRequest(session_id=SESSION, question="why?", draft_answer="payment timed out"), timeout=10, metadata=acme
    )

    after = {name: _outcome(call) for name, call in _reads(stub, "globex").items()}
    listed = stub.ListSessions(pb.ListSessionsRequest(page_size=100), timeout=10, metadata=bearer("globex"))
    leaks = [name for name in after if after[name] != missing[name]]
    leaks += ["ListSessions"] if any(s.session.session_id == SESSION for s in listed.sessions) else []

    # The same ids in another tenant are another tenant's rows: no DUPLICATE, no ALREADY_EXISTS.
    theirs = stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(invocation_id="inv-1", session_id=SESSION, output_preview="other content")
        ),
        timeout=10,
        metadata=bearer("globex"),
    )
    ours = stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10, metadata=acme).session
    fault_report(
        cross_tenant_calls=len(after) + 1,
        refused_not_found=sum(o[:2] == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND") for o in after.values()),
        identical_to_missing=sum(after[n] == missing[n] for n in after),
        leaks=len(leaks),
    )
    assert leaks == []
    assert theirs.outcome == pb.RECORD_OUTCOME_CREATED
    assert (ours.tool_call_count, ours.step_count, ours.evaluation_count, ours.status) == (
        1,
        1,
        1,
        pb.SESSION_STATUS_ACTIVE,
    )
    summary = stub.SummarizeSession(
        pb.SummarizeSessionRequest(session_id=SESSION), timeout=10, metadata=bearer("globex")
    )
    assert summary.session.evaluation_count == 0 and summary.session.step_count == 0
    assert [e.source_invocation_ids[:] for e in summary.entries] == [["inv-1"]]


def test_tenant_comes_from_the_token_not_the_payload(tenant_server):
    """Nothing in a request names a tenant; the same request under two tokens lands in two tenants."""
    stub = tenant_server.stub
    request = pb.RecordInvocationRequest(invocation=invocation(invocation_id="same", session_id="s-t"))
    assert stub.RecordInvocation(request, timeout=10, metadata=bearer("acme")).outcome == pb.RECORD_OUTCOME_CREATED
    assert stub.RecordInvocation(request, timeout=10, metadata=bearer("globex")).outcome == pb.RECORD_OUTCOME_CREATED
    assert stub.RecordInvocation(request, timeout=10, metadata=bearer("acme")).outcome == pb.RECORD_OUTCOME_DUPLICATE
    assert not any("tenant" in f.name for m in pb.DESCRIPTOR.message_types_by_name.values() for f in m.fields)
