"""Overload: excess concurrent calls are refused at once with RESOURCE_EXHAUSTED and RetryInfo;
health stays responsive; oversize messages are refused with the limit in the error."""

from __future__ import annotations

import concurrent.futures
import http.server
import json
import threading
import time

import grpc
import pytest
from builders import invocation
from conftest import make_settings
from grpc_health.v1 import health_pb2, health_pb2_grpc

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.server.rpc.admission import AdmissionControl, concurrency_limit
from evidence_trace.server.settings import SettingsError, VerifierSettings
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


def test_the_default_limit_leaves_workers_free():
    assert [concurrency_limit(w, 0) for w in (1, 2, 4, 8, 32)] == [1, 1, 2, 4, 28]
    assert concurrency_limit(32, 10) == 10
    with pytest.raises(SettingsError, match="below max_workers"):
        make_settings("sqlite:///x.db", max_workers=4, max_concurrent_rpcs=4)


class _StalledVerifier:
    """A loopback HTTP verifier that answers only once released: Chat calls stay in flight until then."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.arrived = threading.Event()
        release, arrived = self.release, self.arrived

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                arrived.set()
                release.wait(30)
                body = json.dumps({"choices": [{"message": {"content": '{"decision": "ACCEPT", "reasons": ["ok"]}'}}]})
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def stalled_server(sqlite_url):
    """A server admitting 2 calls on 6 workers, whose Chat verifier answers only when released."""
    verifier = _StalledVerifier()
    running = create_server(
        make_settings(
            sqlite_url,
            max_workers=6,
            max_concurrent_rpcs=2,
            verifier=VerifierSettings(
                backend="openai_compatible", base_url=verifier.url, model="stalled", timeout_s=30
            ),
        )
    )
    yield running, verifier
    verifier.close()
    running.stop(grace=1)


def test_excess_calls_are_refused_at_once_and_health_stays_serving(stalled_server, fault_report):
    running, verifier = stalled_server
    with (
        grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel,
        concurrent.futures.ThreadPoolExecutor(64) as pool,
    ):
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="busy")), timeout=10)

        def stalled_chat() -> pb.ChatResponse:
            """A Chat call held by the verifier; retried, like a client would, if a probe holds its slot."""
            deadline = time.monotonic() + 10
            while True:
                try:
                    return stub.Chat(
                        pb.ChatRequest(session_id="busy", question="why?", draft_answer="a timeout"), timeout=60
                    )
                except grpc.RpcError as err:
                    if err.code() != grpc.StatusCode.RESOURCE_EXHAUSTED or time.monotonic() > deadline:
                        raise

        stalled = [pool.submit(stalled_chat) for _ in range(2)]

        def probe() -> tuple[str, float]:
            started = time.perf_counter()
            try:
                stub.GetSession(pb.GetSessionRequest(session_id="busy"), timeout=10)
                return "OK", time.perf_counter() - started
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, err
                assert error_from_rpc(err).reason == "OVERLOADED"
                assert error_from_rpc(err).metadata["max_concurrent_rpcs"] == "2"
                assert (error_from_rpc(err).retry_delay or 0) > 0
                return "RESOURCE_EXHAUSTED", time.perf_counter() - started

        deadline = time.monotonic() + 10
        while probe()[0] == "OK":  # until both stalled calls hold their slots
            assert time.monotonic() < deadline, [f.exception() for f in stalled if f.done()]
        burst = list(pool.map(lambda _: probe(), range(200)))
        health_started = time.perf_counter()
        status = health.Check(health_pb2.HealthCheckRequest(), timeout=5).status
        health_s = time.perf_counter() - health_started
        refused = [s for code, s in burst if code == "RESOURCE_EXHAUSTED"]
        verifier.release.set()
        decisions = [f.result().decision for f in stalled]
        after = stub.GetSession(pb.GetSessionRequest(session_id="busy"), timeout=10).session
    slowest_refusal_ms = max(refused) * 1000
    fault_report(
        burst=len(burst),
        refused_resource_exhausted=len(refused),
        slowest_refusal_ms=round(slowest_refusal_ms, 1),
        health=health_pb2.HealthCheckResponse.ServingStatus.Name(status),
        health_ms=round(health_s * 1000, 1),
        stalled_calls_completed=len(decisions),
    )
    assert len(refused) == len(burst) == 200
    assert slowest_refusal_ms < 2000  # refused without waiting for a slot (both are held for the whole burst)
    assert status == health_pb2.HealthCheckResponse.SERVING and health_s < 1
    # Both held calls got the verifier's own verdict once released (not a fallback).
    assert [d.fallback_reason for d in decisions] == [pb.FALLBACK_REASON_NONE] * 2 and after.evaluation_count == 2


def test_with_every_worker_busy_a_call_is_refused_before_it_queues_and_health_answers(sqlite_url):
    """One worker, held by a Chat waiting on its verifier: a new call must not wait in the pool's queue."""
    verifier = _StalledVerifier()
    running = create_server(
        make_settings(
            sqlite_url,
            max_workers=1,
            verifier=VerifierSettings(
                backend="openai_compatible", base_url=verifier.url, model="stalled", timeout_s=30
            ),
        )
    )
    try:
        with (
            grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel,
            concurrent.futures.ThreadPoolExecutor(1) as pool,
        ):
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            health = health_pb2_grpc.HealthStub(channel)
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="busy")), timeout=10)
            stalled = pool.submit(
                stub.Chat, pb.ChatRequest(session_id="busy", question="why?", draft_answer="a timeout"), timeout=60
            )
            assert verifier.arrived.wait(10)  # the only worker now waits on the verifier
            with pytest.raises(grpc.RpcError) as refused:
                stub.GetSession(pb.GetSessionRequest(session_id="busy"), timeout=5)
            status = health.Check(health_pb2.HealthCheckRequest(), timeout=5).status
            verifier.release.set()
            decision = stalled.result(timeout=30).decision
    finally:
        verifier.close()
        running.stop(grace=1)
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, refused.value
    assert error_from_rpc(refused.value).reason == "OVERLOADED"
    assert (error_from_rpc(refused.value).retry_delay or 0) > 0
    assert status == health_pb2.HealthCheckResponse.SERVING
    assert decision.fallback_reason == pb.FALLBACK_REASON_NONE  # the verifier's own verdict, once released


def test_an_oversize_message_is_refused_with_the_limit_in_the_error(sqlite_url, fault_report):
    limit = 64 * 1024
    running = create_server(make_settings(sqlite_url, max_message_bytes=limit))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            big = invocation(output_preview="x" * (limit + 1000))
            with pytest.raises(grpc.RpcError) as caught:
                stub.RecordInvocation(pb.RecordInvocationRequest(invocation=big), timeout=10)
            fine = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation()), timeout=10)
    finally:
        running.stop(grace=0)
    fault_report(code=caught.value.code().name, details=caught.value.details())
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert str(limit) in caught.value.details()
    assert fine.outcome == pb.RECORD_OUTCOME_CREATED


def test_watchers_cannot_take_every_worker_from_writes(sqlite_url):
    """With 4 admitted calls, at most 2 may be streams; writes still get in while they stream."""
    running = create_server(make_settings(sqlite_url, max_workers=6, max_concurrent_rpcs=4))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="w")), timeout=10)
            watches = [stub.WatchSession(pb.WatchSessionRequest(session_id="w"), timeout=30) for _ in range(2)]
            for watch in watches:  # both are streaming: their first event has arrived
                next(watch)
            with pytest.raises(grpc.RpcError) as refused:
                next(stub.WatchSession(pb.WatchSessionRequest(session_id="w"), timeout=30))
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert error_from_rpc(refused.value).metadata["max_concurrent_streams"] == "2"
            written = stub.RecordInvocation(
                pb.RecordInvocationRequest(invocation=invocation(session_id="w")), timeout=10
            )
            assert written.outcome == pb.RECORD_OUTCOME_CREATED
            for watch in watches:
                watch.cancel()
    finally:
        running.stop(grace=1)


class _Call(grpc.HandlerCallDetails):
    def __init__(self, method: str):
        self.method = method
        self.invocation_metadata = ()


def test_a_slot_is_freed_when_an_admitted_call_never_runs():
    """A client that goes away before its request arrives: gRPC never runs the behaviour; the task still ends."""
    admission = AdmissionControl(limit=1)
    handler = grpc.unary_unary_rpc_method_handler(lambda request, context: "answered")
    method = "/evidence_trace.v1.EvidenceTraceService/GetSession"
    admitted = admission.intercept_service(lambda _: handler, _Call(method))
    assert not hasattr(admitted.unary_unary, "experimental_thread_pool")  # admitted: runs on the workers
    refused = admission.intercept_service(lambda _: handler, _Call(method))
    assert refused.unary_unary.experimental_thread_pool is admission.express  # over the limit: refused
    with admission.worker_pool(2) as pool:
        pool.submit(lambda behaviour: None, admitted.unary_unary).result()  # the task ends; behaviour never ran
    again = admission.intercept_service(lambda _: handler, _Call(method))
    assert not hasattr(again.unary_unary, "experimental_thread_pool")
    admission.close()
