"""Chat bounds its verifier call by the caller's deadline: a client that gave up is not waited for."""

from __future__ import annotations

import grpc
from builders import invocation
from conftest import make_settings
from slow_verifier import StalledVerifier

from evidence_trace.server.app import create_server
from evidence_trace.server.settings import VerifierSettings
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


def test_a_chat_whose_client_gave_up_stops_waiting_for_the_verifier(sqlite_url):
    verifier = StalledVerifier()
    running = create_server(
        make_settings(
            sqlite_url,
            verifier=VerifierSettings(
                backend="openai_compatible", base_url=verifier.url, model="stalled", timeout_s=60
            ),
        )
    )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="s")), timeout=10)
            # The server cuts the verifier at the caller's deadline; whether its LOW_CONFID answer or the
            # client's own DEADLINE_EXCEEDED wins that race depends on scheduling, never on a stalled verifier.
            try:
                answered = stub.Chat(
                    pb.ChatRequest(session_id="s", question="why?", draft_answer="a timeout"), timeout=1
                )
                gave_up_code = grpc.StatusCode.OK
            except grpc.RpcError as exc:
                answered, gave_up_code = None, exc.code()
            # The verifier still holds its answer (60 s timeout, never released here); the evaluation must
            # be recorded anyway, as a timeout, once the caller's deadline passed.
            watch = stub.WatchSession(pb.WatchSessionRequest(session_id="s"), timeout=20)
            evaluation = next(e.evaluation for e in watch if e.HasField("evaluation"))
            watch.cancel()
    finally:
        verifier.close()
        running.stop(grace=1)
    assert gave_up_code in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.OK)
    if answered is not None:
        assert answered.decision.fallback_reason == pb.FALLBACK_REASON_VERIFIER_TIMEOUT
    assert evaluation.decision.fallback_reason == pb.FALLBACK_REASON_VERIFIER_TIMEOUT
    assert evaluation.decision.decision == pb.DECISION_LOW_CONFID
