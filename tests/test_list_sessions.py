"""ListSessions: AIP-158 paging without duplicates or gaps, filters, and the last Chat decision."""

from __future__ import annotations

import grpc
import pytest
from builders import bad_fields, invocation

from evidence_trace.v1 import evidence_trace_pb2 as pb


def _record(stub, session_id: str) -> None:
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id=session_id)), timeout=10)


def _all_pages(stub, **request) -> tuple[list[str], int]:
    ids, token, pages = [], "", 0
    while True:
        page = stub.ListSessions(pb.ListSessionsRequest(page_token=token, **request), timeout=10)
        ids += [s.session.session_id for s in page.sessions]
        pages += 1
        token = page.next_page_token
        if not token:
            return ids, pages


def test_pages_cover_every_session_once_most_recent_first(stub):
    names = [f"list-{i:02d}" for i in range(23)]
    for name in names:
        _record(stub, name)
    ids, pages = _all_pages(stub, page_size=5)
    assert pages == 5
    assert ids == list(reversed(names))  # no duplicates, no gaps, newest update first


def test_default_page_size_and_cap(stub):
    for i in range(3):
        _record(stub, f"cap-{i}")
    page = stub.ListSessions(pb.ListSessionsRequest(), timeout=10)
    assert len(page.sessions) == 3 and page.next_page_token == ""
    page = stub.ListSessions(pb.ListSessionsRequest(page_size=10_000), timeout=10)
    assert len(page.sessions) == 3


def test_filter_by_status_pages_within_the_filter(stub):
    for i in range(7):
        _record(stub, f"st-{i}")
    for i in range(0, 7, 2):
        stub.CompleteSession(
            pb.CompleteSessionRequest(session_id=f"st-{i}", status=pb.SESSION_STATUS_COMPLETED), timeout=10
        )
    done, _ = _all_pages(stub, page_size=2, status=pb.SESSION_STATUS_COMPLETED)
    active, _ = _all_pages(stub, page_size=2, status=pb.SESSION_STATUS_ACTIVE)
    assert sorted(done) == ["st-0", "st-2", "st-4", "st-6"]
    assert sorted(active) == ["st-1", "st-3", "st-5"]


def test_filter_by_update_time_range(stub):
    for name in ("t-old", "t-mid", "t-new"):
        _record(stub, name)
    listed = {
        s.session.session_id: s.session.update_time
        for s in stub.ListSessions(pb.ListSessionsRequest(), timeout=10).sessions
    }
    request = pb.ListSessionsRequest()
    request.min_update_time.CopyFrom(listed["t-mid"])
    request.max_update_time.CopyFrom(listed["t-new"])
    assert [s.session.session_id for s in stub.ListSessions(request, timeout=10).sessions] == ["t-mid"]


def test_last_decision_is_the_latest_chat(stub):
    _record(stub, "chatty")
    _record(stub, "quiet")
    for output in (
        '{"decision": "REJECT", "reasons": ["contradicted"]}',
        '{"decision": "ACCEPT", "reasons": ["supported"], "confidence": 0.9}',
    ):
        stub.Chat(
            pb.ChatRequest(
                session_id="chatty", question="why?", draft_answer="payment timed out", verifier_output=output
            ),
            timeout=10,
        )
    by_id = {s.session.session_id: s for s in stub.ListSessions(pb.ListSessionsRequest(), timeout=10).sessions}
    assert by_id["chatty"].last_decision.decision == pb.DECISION_ACCEPT
    assert by_id["chatty"].HasField("last_decision_time")
    assert by_id["chatty"].session.evaluation_count == 2
    assert not by_id["quiet"].HasField("last_decision")


@pytest.mark.parametrize(
    "request_fields, field", [({"page_size": -1}, "page_size"), ({"page_token": "not-a-token"}, "page_token")]
)
def test_bad_paging_is_invalid_argument(stub, request_fields, field):
    with pytest.raises(grpc.RpcError) as err:
        stub.ListSessions(pb.ListSessionsRequest(**request_fields), timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(err.value) == [field]


def test_a_token_is_refused_with_other_filters(stub):
    for i in range(3):
        _record(stub, f"tok-{i}")
    token = stub.ListSessions(pb.ListSessionsRequest(page_size=1), timeout=10).next_page_token
    with pytest.raises(grpc.RpcError) as err:
        stub.ListSessions(
            pb.ListSessionsRequest(page_size=1, page_token=token, status=pb.SESSION_STATUS_ACTIVE), timeout=10
        )
    assert bad_fields(err.value) == ["page_token"]
