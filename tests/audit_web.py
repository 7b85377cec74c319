"""Helpers for the audit page's tests: a real server with its HTTP endpoint, plain HTTP requests, sample rows."""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import urllib.parse
from typing import Iterator, Optional

import grpc
from builders import failed_invocation, invocation
from conftest import make_settings

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

#: Tool output an attacker controls: markup, an event handler, a javascript: URL and a real one.
HOSTILE = (
    "<script>window.__pwned = 'script'; alert('script')</script> "
    "<img src=x onerror=\"window.__pwned = 'img'; alert('img')\"> "
    "<a href=\"javascript:window.__pwned='link';alert('link')\">click</a> "
    "javascript:alert('bare') see https://runbooks.example.com/PAY-7?a=1&b=2 for more"
)


@dataclasses.dataclass
class WebServer:
    """A running server with its HTTP endpoint on a free loopback port, and a gRPC stub."""

    running: RunningServer
    stub: pb_grpc.EvidenceTraceServiceStub

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.running.http_port}"

    def get(self, path: str, cookie: str = "", headers: Optional[dict] = None) -> "Reply":
        return request(self.running.http_port or 0, "GET", path, cookie=cookie, headers=headers)

    def post_form(self, path: str, fields: dict[str, str], cookie: str = "") -> "Reply":
        body = urllib.parse.urlencode(fields).encode()
        return request(
            self.running.http_port or 0,
            "POST",
            path,
            body=body,
            cookie=cookie,
            headers={"content-type": "application/x-www-form-urlencoded"},
        )


@dataclasses.dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    text: str

    def header(self, name: str) -> str:
        return self.headers.get(name, "")


def request(
    port: int, method: str, path: str, body: bytes = b"", cookie: str = "", headers: Optional[dict] = None
) -> Reply:
    """One HTTP request, redirects not followed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        sent = dict(headers or {})
        if cookie:
            sent["cookie"] = cookie
        conn.request(method, path, body=body or None, headers=sent)
        response = conn.getresponse()
        return Reply(response.status, response.headers, response.read().decode("utf-8", "replace"))
    finally:
        conn.close()


@contextlib.contextmanager
def web_server(db_url: str, **overrides) -> Iterator[WebServer]:
    running = create_server(make_settings(db_url, http_listen="127.0.0.1:0", **overrides))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield WebServer(running, pb_grpc.EvidenceTraceServiceStub(channel))
    finally:
        running.stop(grace=1)


def record_incident(stub, session_id: str, metadata=(), preview: str = "", complete: bool = True) -> None:
    """A small incident: a model step, a direct hit, a failed call, a Chat that is accepted, one that is rejected."""
    stub.RecordAgentStep(
        pb.RecordAgentStepRequest(
            step=pb.AgentStep(
                step_id=f"{session_id}-plan",
                session_id=session_id,
                kind=pb.AGENT_STEP_KIND_MODEL_STEP,
                name="gpt-4o",
                duration_ms=800,
                detail="plan: check logs",
            )
        ),
        metadata=metadata,
        timeout=10,
    )
    hit = invocation(
        invocation_id=f"{session_id}-logs",
        session_id=session_id,
        duration_ms=1500,
        output_preview=preview
        or '{"total": 1, "logs": [{"level": "ERROR", "service": "payment-service", '
        '"message": "upstream timeout after 30s calling bank-gateway"}]}',
    )
    failed = failed_invocation(invocation_id=f"{session_id}-metrics", session_id=session_id, tool_name="query_metrics")
    stub.BatchRecordInvocations(
        pb.BatchRecordInvocationsRequest(invocations=[hit, failed]), metadata=metadata, timeout=10
    )
    for draft in (
        "payment-service logged ERROR upstream timeout after 30s calling bank-gateway.",
        "The outage was caused by orders-db running out of disk at 95% usage.",
    ):
        stub.Chat(
            pb.ChatRequest(session_id=session_id, question="Why are payments failing?", draft_answer=draft),
            metadata=metadata,
            timeout=30,
        )
    if complete:
        stub.CompleteSession(
            pb.CompleteSessionRequest(session_id=session_id, status=pb.SESSION_STATUS_COMPLETED),
            metadata=metadata,
            timeout=10,
        )
