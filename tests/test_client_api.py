"""Both clients wrap every RPC, against a real server, and raise the typed error tree."""

from __future__ import annotations

import asyncio
import inspect
import re
import uuid
from concurrent import futures
from typing import Optional

import grpc
import pytest
from builders import failed_invocation, invocation, step

from evidence_trace.client import (
    AlreadyExistsError,
    AsyncEvidenceTraceClient,
    EvidenceTraceClient,
    EvidenceTraceError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    rpcs,
)
from evidence_trace.client.errors import SERVICE_DOMAIN
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

RPCS = [m.name for m in pb.DESCRIPTOR.services_by_name["EvidenceTraceService"].methods]


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.fixture
def client(server):
    with EvidenceTraceClient(f"127.0.0.1:{server.port}") as c:
        yield c


@pytest.mark.parametrize("rpc", RPCS)
@pytest.mark.parametrize("cls", [EvidenceTraceClient, AsyncEvidenceTraceClient])
def test_every_rpc_of_the_service_is_wrapped(cls, rpc):
    method = getattr(cls, snake(rpc), None)
    assert callable(method), f"{cls.__name__} lacks {snake(rpc)} for {rpc}"
    assert method.__doc__, f"{cls.__name__}.{snake(rpc)} has no docstring"


def test_the_rpc_table_matches_the_service():
    service = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]
    assert [rpc.name for rpc in rpcs.RPCS] == RPCS
    for rpc in rpcs.RPCS:
        method = service.methods_by_name[rpc.name]
        assert (rpc.request.DESCRIPTOR, rpc.response.DESCRIPTOR) == (method.input_type, method.output_type)
        assert rpc.streaming == method.server_streaming and not method.client_streaming
        assert set(rpc.fields) <= set(rpc.request.DESCRIPTOR.fields_by_name), rpc.name
        assert rpc.method == snake(rpc.name)
    assert rpcs.IDEMPOTENT_RPCS == {rpc.name for rpc in rpcs.RPCS if rpc.idempotent}
    assert all(rpc.idempotent for rpc in rpcs.RPCS)  # every RPC says so in the contract (test_contract_options)


@pytest.mark.parametrize("rpc", rpcs.RPCS, ids=lambda rpc: rpc.name)
def test_both_clients_take_the_table_s_keyword_arguments(rpc):
    for cls in (EvidenceTraceClient, AsyncEvidenceTraceClient):
        params = inspect.signature(getattr(cls, rpc.method)).parameters
        assert list(params) == ["self", "request", *rpc.fields, "timeout", "metadata"]
        assert getattr(cls, rpc.method).__doc__ == rpc.doc


def test_a_wrapper_that_drifts_from_the_table_fails_on_import():
    with pytest.raises(TypeError, match="does not match the RPC table"):

        @rpcs.wraps(rpcs.GET_SESSION)
        def get_session(self, request=None, *, session: Optional[str] = None, timeout=None, metadata=None):
            raise AssertionError("never called")


def test_sync_client_round_trip(client):
    sid = f"s-{uuid.uuid4()}"
    ok = invocation(session_id=sid)
    assert client.record_invocation(invocation=ok).outcome == pb.RECORD_OUTCOME_CREATED
    assert client.record_invocation(pb.RecordInvocationRequest(invocation=ok)).outcome == pb.RECORD_OUTCOME_DUPLICATE
    batch = client.batch_record_invocations(invocations=[invocation(session_id=sid), failed_invocation(session_id=sid)])
    assert [r.outcome for r in batch.results] == [pb.RECORD_OUTCOME_CREATED] * 2
    client.record_agent_step(step=step(session_id=sid))
    session = client.get_session(session_id=sid).session
    assert (session.tool_call_count, session.step_count) == (3, 1)
    summary = client.summarize_session(session_id=sid)
    assert sum(e.call_count for e in summary.entries) == 3
    chat = client.chat(session_id=sid, question="Why did payments fail?", draft_answer="Upstream timeouts.")
    assert chat.decision.decision != pb.DECISION_UNSPECIFIED and chat.evaluation_id
    done = client.complete_session(session_id=sid, status=pb.SESSION_STATUS_COMPLETED).session
    assert done.status == pb.SESSION_STATUS_COMPLETED and done.evaluation_count == 1


def test_invalid_argument_carries_reason_domain_and_violations(client):
    with pytest.raises(InvalidArgumentError) as caught:
        client.record_invocation(invocation=pb.ToolInvocation(invocation_id="x-1", session_id="s", tool_name="t"))
    err = caught.value
    assert isinstance(err, EvidenceTraceError)
    assert err.code == grpc.StatusCode.INVALID_ARGUMENT
    assert (err.reason, err.domain) == ("INVALID_FIELDS", SERVICE_DOMAIN)
    assert "invocation.success" in [v.field for v in err.violations]
    assert all(v.description for v in err.violations)


def test_not_found_carries_metadata(client):
    with pytest.raises(NotFoundError) as caught:
        client.get_session(session_id="no-such-session")
    assert caught.value.reason == "SESSION_NOT_FOUND"
    assert caught.value.metadata["session_id"] == "no-such-session"
    assert caught.value.retry_delay is None


def test_already_exists_on_reused_id(client):
    first = invocation()
    client.record_invocation(invocation=first)
    changed = pb.ToolInvocation()
    changed.CopyFrom(first)
    changed.duration_ms += 1
    with pytest.raises(AlreadyExistsError) as caught:
        client.record_invocation(invocation=changed)
    assert caught.value.reason == "INVOCATION_ID_CONFLICT"


def test_failed_precondition_is_not_retried(client):
    client.record_invocation(invocation=invocation(session_id="done-1"))
    client.complete_session(session_id="done-1", status=pb.SESSION_STATUS_COMPLETED)
    with pytest.raises(FailedPreconditionError) as caught:
        client.complete_session(session_id="done-1", status=pb.SESSION_STATUS_FAILED)
    assert caught.value.reason == "SESSION_ALREADY_FINISHED"


def test_request_and_keyword_fields_are_exclusive(client):
    with pytest.raises(TypeError):
        client.get_session(pb.GetSessionRequest(session_id="a"), session_id="b")
    with pytest.raises(TypeError):
        client.get_session(pb.SummarizeSessionRequest(session_id="a"))  # type: ignore[arg-type]


class _MetadataEcho(pb_grpc.EvidenceTraceServiceServicer):
    """A bare gRPC servicer that remembers the metadata each call arrived with."""

    def __init__(self) -> None:
        self.seen: list[dict[str, str]] = []

    def GetSession(self, request, context):
        self.seen.append(dict(context.invocation_metadata()))
        return pb.GetSessionResponse(session=pb.DiagnosisSession(session_id=request.session_id))


def test_client_and_call_metadata_both_reach_the_server():
    echo = _MetadataEcho()
    bare = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    pb_grpc.add_EvidenceTraceServiceServicer_to_server(echo, bare)
    port = bare.add_insecure_port("127.0.0.1:0")
    bare.start()
    try:
        with EvidenceTraceClient(f"127.0.0.1:{port}", metadata=[("x-agent", "test")], token="t0k") as c:
            c.get_session(session_id="s", metadata=[("x-call", "1")])
            c.get_session(session_id="s")
    finally:
        bare.stop(grace=None)
    first, second = echo.seen
    assert (first["x-agent"], first["x-call"], first["authorization"]) == ("test", "1", "Bearer t0k")
    assert second["x-agent"] == "test" and "x-call" not in second


def test_async_client_round_trip(server):
    async def scenario() -> None:
        async with AsyncEvidenceTraceClient(f"127.0.0.1:{server.port}") as client:
            sid = f"a-{uuid.uuid4()}"
            response = await client.record_invocation(invocation=invocation(session_id=sid))
            assert response.outcome == pb.RECORD_OUTCOME_CREATED
            await client.batch_record_invocations(invocations=[failed_invocation(session_id=sid)])
            await client.record_agent_step(step=step(session_id=sid, kind=pb.AGENT_STEP_KIND_HELPER_CALL))
            session = (await client.get_session(session_id=sid)).session
            assert (session.tool_call_count, session.helper_call_count) == (2, 1)
            assert len((await client.summarize_session(session_id=sid)).entries) >= 1
            chat = await client.chat(session_id=sid, question="q?", draft_answer="a.")
            assert chat.evaluation_id
            await client.complete_session(session_id=sid, status=pb.SESSION_STATUS_FAILED)
            with pytest.raises(NotFoundError) as caught:
                await client.get_session(session_id="missing")
            assert caught.value.reason == "SESSION_NOT_FOUND"
            with pytest.raises(InvalidArgumentError) as bad:
                await client.get_session(session_id="")
            assert bad.value.violations

    asyncio.run(scenario())


def test_every_rpc_is_documented_in_the_client_page():
    import pathlib

    page = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "client.md").read_text()
    missing = [rpc for rpc in RPCS if f"`{snake(rpc)}(" not in page or f"$SVC/{rpc}" not in page]
    assert missing == []


def test_list_and_watch_through_both_clients(server):
    address = f"127.0.0.1:{server.port}"
    with EvidenceTraceClient(address) as client:
        client.record_invocation(
            invocation=pb.ToolInvocation(
                invocation_id="lw-1", session_id="lw", tool_name="query_logs", success=True, output_preview="ERROR boom"
            )
        )
        assert [s.session.session_id for s in client.list_sessions(page_size=10).sessions] == ["lw"]
        client.complete_session(session_id="lw", status=pb.SESSION_STATUS_COMPLETED)
        events = list(client.watch_session(session_id="lw", timeout=10))
        assert any(e.HasField("invocation") and e.invocation.invocation_id == "lw-1" for e in events)

    async def scenario():
        async with AsyncEvidenceTraceClient(address) as client:
            page = await client.list_sessions(page_size=10)
            assert [s.session.session_id for s in page.sessions] == ["lw"]
            events = [e async for e in client.watch_session(session_id="lw", replay_only=True, timeout=10)]
            assert any(e.HasField("invocation") for e in events)
            with pytest.raises(NotFoundError):
                async for _ in client.watch_session(session_id="missing", timeout=10):
                    pass

    asyncio.run(scenario())


def test_token_authenticates_both_clients(sqlite_url, tmp_path):
    from conftest import make_settings
    from tenants import TOKENS, write_token_file

    from evidence_trace.server.app import create_server

    running = create_server(make_settings(sqlite_url, tokens_file=str(write_token_file(tmp_path))))
    address = f"127.0.0.1:{running.port}"
    try:
        with EvidenceTraceClient(address) as anonymous, pytest.raises(EvidenceTraceError) as refused:
            anonymous.list_sessions()
        assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
        with EvidenceTraceClient(address, token=TOKENS["acme"]) as client:
            assert list(client.list_sessions().sessions) == []

        async def scenario():
            async with AsyncEvidenceTraceClient(address, token=TOKENS["globex"]) as client:
                assert list((await client.list_sessions()).sessions) == []

        asyncio.run(scenario())
    finally:
        running.stop(grace=1)
