"""Chat's request id (AIP-155): a resend returns the first evaluation, judged once and stored once."""

from __future__ import annotations

import concurrent.futures
import uuid

import grpc
import pytest
from builders import bad_fields, invocation
from test_chat import QUESTION, SUPPORTED, UNSUPPORTED, _seed, evaluations

from evidence_trace.client import EvidenceTraceClient, error_from_rpc
from evidence_trace.v1 import evidence_trace_pb2 as pb


def _chat(stub, draft: str, request_id: str, session_id: str = "chat-1", **fields) -> pb.ChatResponse:
    return stub.Chat(
        pb.ChatRequest(session_id=session_id, question=QUESTION, draft_answer=draft, request_id=request_id, **fields),
        timeout=10,
    )


@pytest.fixture
def seeded(stub):
    _seed(stub)
    return stub


@pytest.mark.parametrize("draft", [SUPPORTED, UNSUPPORTED])
def test_a_resend_with_the_same_request_id_returns_the_first_evaluation_and_stores_nothing(seeded, draft):
    rid = str(uuid.uuid4())
    first = _chat(seeded, draft, rid)
    again = _chat(seeded, draft, rid)
    assert again == first  # decision, claims, what the user saw, evaluation id, entries
    assert evaluations(seeded) == 1


def test_a_resend_after_new_evidence_still_answers_with_what_was_judged(seeded):
    rid = str(uuid.uuid4())
    first = _chat(seeded, SUPPORTED, rid)
    seeded.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="chat-1")), timeout=10)
    again = _chat(seeded, SUPPORTED, rid)
    assert again == first
    assert len(seeded.SummarizeSession(pb.SummarizeSessionRequest(session_id="chat-1"), timeout=10).entries) >= len(
        first.entries
    )


@pytest.mark.parametrize("change", [{"draft": UNSUPPORTED}, {"verifier_output": '{"decision": "ACCEPT"}'}])
def test_the_same_request_id_for_a_different_request_is_already_exists(seeded, change):
    rid = str(uuid.uuid4())
    first = _chat(seeded, SUPPORTED, rid)
    with pytest.raises(grpc.RpcError) as caught:
        fields = dict(change)
        _chat(seeded, fields.pop("draft", SUPPORTED), rid, **fields)
    error = error_from_rpc(caught.value)
    assert error.code == grpc.StatusCode.ALREADY_EXISTS and error.reason == "REQUEST_ID_REUSED"
    assert error.metadata["evaluation_id"] == first.evaluation_id
    assert evaluations(seeded) == 1


def test_a_request_id_belongs_to_its_session(stub):
    _seed(stub, "chat-a")
    _seed(stub, "chat-b")
    rid = str(uuid.uuid4())
    a, b = _chat(stub, SUPPORTED, rid, "chat-a"), _chat(stub, SUPPORTED, rid, "chat-b")
    assert a.evaluation_id != b.evaluation_id
    assert (evaluations(stub, "chat-a"), evaluations(stub, "chat-b")) == (1, 1)


def test_calls_without_a_request_id_each_store_their_own_evaluation(seeded):
    assert _chat(seeded, SUPPORTED, "").evaluation_id != _chat(seeded, SUPPORTED, "").evaluation_id
    assert evaluations(seeded) == 2


@pytest.mark.parametrize("bad", ["not-a-uuid", "1234", "x" * 70])
def test_a_request_id_that_is_not_a_uuid_is_refused_by_name(seeded, bad):
    with pytest.raises(grpc.RpcError) as caught:
        _chat(seeded, SUPPORTED, bad)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["request_id"]
    assert evaluations(seeded) == 0


def test_spellings_of_one_uuid_are_one_request_id(seeded):
    rid = uuid.uuid4()
    assert _chat(seeded, SUPPORTED, str(rid)) == _chat(seeded, SUPPORTED, str(rid).upper())
    assert evaluations(seeded) == 1


def test_concurrent_resends_store_one_evaluation_and_all_get_it(seeded):
    rid = str(uuid.uuid4())
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: _chat(seeded, SUPPORTED, rid), range(8)))
    assert {a.evaluation_id for a in answers} == {answers[0].evaluation_id}
    assert all(a == answers[0] for a in answers)
    assert evaluations(seeded) == 1


def test_the_sdk_gives_every_chat_its_own_request_id(server, seeded):
    with EvidenceTraceClient(f"127.0.0.1:{server.port}") as client:
        first = client.chat(session_id="chat-1", question=QUESTION, draft_answer=SUPPORTED)
        second = client.chat(session_id="chat-1", question=QUESTION, draft_answer=SUPPORTED)
        chosen = str(uuid.uuid4())
        mine = client.chat(session_id="chat-1", question=QUESTION, draft_answer=SUPPORTED, request_id=chosen)
        assert client.chat(session_id="chat-1", question=QUESTION, draft_answer=SUPPORTED, request_id=chosen) == mine
    assert first.evaluation_id != second.evaluation_id
    assert evaluations(seeded) == 3
