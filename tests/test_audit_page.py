"""The audit page over plain HTTP against a real server: list, session, paging, access, escaping, headers, SSE.

The browser tests (test_audit_page_browser.py) cover what only a browser can
show: clicks, live updates in place, and that hostile output executes nothing.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import threading

import grpc
import pytest
from audit_web import HOSTILE, record_incident, web_server
from builders import invocation
from conftest import make_settings
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.server import settings as settings_module
from evidence_trace.server.app import create_server
from evidence_trace.server.web.live import RETRY_MS
from evidence_trace.server.web.site import SECURITY_HEADERS
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


@pytest.fixture
def web(db_url):
    with web_server(db_url) as server:
        yield server


def test_the_list_shows_each_session_with_counts_failures_decision_and_age(web):
    record_incident(web.stub, "inc-1")
    page = web.get("/")
    assert page.status == 200
    row = re.search(r'<tr class="session-row">.*?</tr>', page.text, re.S).group(0)
    assert 'href="/sessions/inc-1"' in row and "badge-completed" in row
    assert re.findall(r'<td class="num">(\d+)</td>', row) == ["1", "2"]  # steps, tool calls
    assert "1 failed" in row  # the failed query_metrics call
    assert "badge-reject" in row  # the last Chat was rejected
    assert " ago" in row or "just now" in row


def test_the_list_filters_by_status_and_text_and_pages(web):
    for i in range(30):
        web.stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id=f"page-{i:02d}")))
    web.stub.CompleteSession(pb.CompleteSessionRequest(session_id="page-07", status=pb.SESSION_STATUS_FAILED))
    first = web.get("/")
    ids = re.findall(r'class="session-link" href="/sessions/([^"]+)"', first.text)
    assert len(ids) == 25
    next_url = re.search(r'class="next" href="([^"]+)"', first.text).group(1).replace("&amp;", "&")
    rest = re.findall(r'class="session-link" href="/sessions/([^"]+)"', web.get(next_url).text)
    assert sorted(ids + rest) == [f"page-{i:02d}" for i in range(30)]
    failed = web.get("/?status=failed")
    assert re.findall(r'class="session-link" href="/sessions/([^"]+)"', failed.text) == ["page-07"]
    text = web.get("/?q=GE-1")  # case-insensitive, a substring of the id
    assert sorted(re.findall(r'class="session-link" href="/sessions/([^"]+)"', text.text)) == [
        f"page-{i}" for i in range(10, 20)
    ]
    assert web.get("/?q=%25").text.count('class="session-link"') == 0  # LIKE wildcards are literal
    assert web.get("/?status=bogus").status == 400


def test_a_session_page_shows_timeline_entries_and_claims(web):
    record_incident(web.stub, "inc-2")
    page = web.get("/sessions/inc-2")
    assert page.status == 200
    assert 'id="step-inc-2-plan"' in page.text and 'id="inv-inc-2-logs"' in page.text
    assert "tl-row tl-direct" in page.text and "tl-row tl-failed" in page.text and "tl-row tl-step" in page.text
    entries = page.text.split('id="entries"')[1].split('id="evaluations"')[0]
    assert "badge-direct" in entries and 'href="/sessions/inc-2/invocations/inc-2-logs"' in entries
    evaluations = page.text.split('id="evaluations-body"')[1]
    assert "badge-accept" in evaluations and "badge-reject" in evaluations
    assert "orders-db running out of disk" in evaluations  # the rejected draft, shown to the operator only
    assert re.search(r'<a class="claim claim-grounded" href="#claim-[^"]+"', evaluations)
    assert "grounded in" in evaluations and "/invocations/inc-2-logs" in evaluations
    detail = web.get("/sessions/inc-2/invocations/inc-2-metrics")
    assert detail.status == 200 and "upstream timed out after 30s" in detail.text and "timeout" in detail.text


def test_the_timeline_pages_a_large_session_instead_of_rendering_every_row(web):
    batch = [invocation(invocation_id=f"big-{i:04d}", session_id="big", duration_ms=5) for i in range(260)]
    for start in range(0, 260, 130):
        web.stub.BatchRecordInvocations(pb.BatchRecordInvocationsRequest(invocations=batch[start : start + 130]))
    page = web.get("/sessions/big")
    first = re.findall(r'id="inv-(big-\d+)"', page.text)
    assert len(first) == 100
    entries = page.text.split('id="entries"')[1].split('id="evaluations"')[0]
    assert entries.count('class="inv-link"') <= 13 and "and 248 more" in entries  # 12 sources linked, the rest counted
    seen = list(first)
    fragment = re.search(r'data-fragment="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    while fragment:
        body = json.loads(web.get(fragment).text)
        seen += re.findall(r'id="inv-(big-\d+)"', body["html"])
        fragment = body["next"]
    assert sorted(seen) == [f"big-{i:04d}" for i in range(260)] and len(set(seen)) == 260
    assert web.get("/sessions/big/timeline?after=not-a-token").status == 400


def test_hostile_tool_output_is_escaped_and_no_javascript_url_becomes_a_link(web):
    record_incident(web.stub, "xss", preview=HOSTILE)
    page = web.get("/sessions/xss")
    assert "<script>window" not in page.text and "<img src=x" not in page.text
    assert "&lt;script&gt;window.__pwned" in page.text
    hrefs = re.findall(r'href="([^"]*)"', page.text)
    assert hrefs and not any(h.strip().lower().startswith("javascript") for h in hrefs)
    links = re.findall(r"<a [^>]*https://runbooks\.example\.com[^>]*>", page.text)
    assert links and all('rel="noopener noreferrer"' in a and 'target="_blank"' in a for a in links)


def test_every_response_carries_the_security_headers(web):
    record_incident(web.stub, "hdr")
    for path in ("/", "/sessions/hdr", "/sessions/hdr/timeline", "/sessions/nope", "/static/audit.js", "/metrics"):
        reply = web.get(path)
        for name, value in SECURITY_HEADERS.items():
            assert reply.header(name) == value, (path, name)
    csp = SECURITY_HEADERS["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "default-src 'none'" in csp


def test_metrics_are_served_on_the_same_endpoint(web):
    record_incident(web.stub, "m")
    reply = web.get("/metrics")
    assert reply.status == 200 and "evidence_trace_rows_written_total" in reply.text
    assert web.running.metrics_port == web.running.http_port


def test_http_and_metrics_listen_may_not_disagree():
    with pytest.raises(settings_module.SettingsError, match="differ"):
        settings_module.load({"http_listen": "127.0.0.1:8080", "metrics_listen": "127.0.0.1:9464"}, env={})
    same = settings_module.load({"http_listen": "127.0.0.1:8080", "metrics_listen": "127.0.0.1:8080"}, env={})
    assert same.http_address == "127.0.0.1:8080"
    assert settings_module.load({}, env={"EVIDENCE_TRACE_METRICS_LISTEN": "127.0.0.1:0"}).http_address == "127.0.0.1:0"


@pytest.fixture
def tenant_web(db_url, tmp_path):
    with web_server(db_url, tokens_file=str(write_token_file(tmp_path))) as server:
        record_incident(server.stub, "acme-1", metadata=bearer("acme"))
        record_incident(server.stub, "globex-1", metadata=bearer("globex"))
        yield server


def _log_in(web, tenant: str) -> str:
    reply = web.post_form("/login", {"token": TOKENS[tenant], "next": "/"})
    assert reply.status == 303
    cookie = reply.header("set-cookie")
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert TOKENS[tenant] not in cookie  # only the signed tenant, never the token
    return cookie.split(";")[0]


def test_with_a_token_file_the_page_asks_for_a_login(tenant_web):
    reply = tenant_web.get("/sessions/acme-1")
    assert reply.status == 303 and reply.header("location").startswith("/login?next=")
    form = tenant_web.get(reply.header("location"))
    assert form.status == 200 and 'name="next" value="/sessions/acme-1"' in form.text
    assert 'value="/"' in tenant_web.get("/login?next=//evil.example/").text  # never another site
    assert tenant_web.post_form("/login", {"token": "wrong"}).status == 401
    assert tenant_web.get("/sessions/acme-1/events").status == 401


def test_a_tenant_sees_only_its_own_sessions(tenant_web):
    cookie = _log_in(tenant_web, "acme")
    listing = tenant_web.get("/", cookie=cookie)
    assert "acme-1" in listing.text and "globex-1" not in listing.text
    assert tenant_web.get("/sessions/acme-1", cookie=cookie).status == 200
    other = tenant_web.get("/sessions/globex-1", cookie=cookie)
    missing = tenant_web.get("/sessions/no-such-session", cookie=cookie)
    assert other.status == missing.status == 404
    assert other.text.replace("globex-1", "X") == missing.text.replace("no-such-session", "X")  # reveals nothing
    for path in ("/sessions/globex-1/invocations/globex-1-logs", "/sessions/globex-1/timeline"):
        assert tenant_web.get(path, cookie=cookie).status == 404
    assert tenant_web.get("/sessions/acme-1/invocations/globex-1-logs", cookie=cookie).status == 404
    forged = cookie.split("=", 1)[0] + "=" + cookie.split("=", 1)[1][::-1]
    assert tenant_web.get("/sessions/acme-1", cookie=forged).status == 303


def _asgi_get(app, path: str, client_host: str) -> int:
    """The status of one GET through the ASGI application from a given client address."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"audit.example")],
        "client": (client_host, 40000),
        "server": ("10.0.0.1", 8080),
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


def test_without_a_token_file_only_loopback_clients_see_sessions(web):
    record_incident(web.stub, "loop")
    app = web.running.http_endpoint.app
    assert _asgi_get(app, "/sessions/loop", "127.0.0.1") == 200
    assert _asgi_get(app, "/sessions/loop", "203.0.113.9") == 403
    assert _asgi_get(app, "/", "203.0.113.9") == 403
    assert _asgi_get(app, "/metrics", "203.0.113.9") == 200  # still scrapeable


def _read_events(
    port: int, path: str, until: str, collected: list[str], done: threading.Event, started: threading.Event
) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        collected.append(f"status {response.status} {response.headers.get('content-type')}")
        while True:
            line = response.readline().decode()
            if not line:
                break
            collected.append(line.rstrip("\n"))
            started.set()
            if line.startswith(until):
                break
    finally:
        conn.close()
        started.set()
        done.set()


def _follow(port: int, path: str) -> tuple[list[str], threading.Event]:
    """Read an event stream on a thread until `event: end` or EOF; returns once its first line arrived."""
    collected: list[str] = []
    done, started = threading.Event(), threading.Event()
    threading.Thread(
        target=_read_events, args=(port, path, "event: end", collected, done, started), daemon=True
    ).start()
    assert started.wait(30)
    return collected, done


def test_live_events_are_sse_frames_of_new_rows_and_end_when_the_session_finishes(web):
    web.stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(invocation_id="old", session_id="live")))
    page = web.get("/sessions/live")
    live_url = re.search(r'data-live="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    collected, done = _follow(web.running.http_port, live_url)
    web.stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(invocation_id="new", session_id="live")))
    web.stub.CompleteSession(pb.CompleteSessionRequest(session_id="live", status=pb.SESSION_STATUS_COMPLETED))
    assert done.wait(30), collected
    assert collected[0] == "status 200 text/event-stream; charset=utf-8"
    assert collected[1].startswith("retry: ")
    rows = [json.loads(line[len("data: ") :]) for prev, line in zip(collected, collected[1:]) if prev == "event: row"]
    assert len(rows) == 1 and 'id="inv-new"' in rows[0]["html"]  # the replayed "old" row was on the page already
    assert any(line.startswith("id: ") for line in collected)
    assert collected[-1] == "event: end"


def test_stopping_the_server_ends_open_live_streams(db_url):
    running = create_server(make_settings(db_url, http_listen="127.0.0.1:0"))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="open")), timeout=10)
        collected, done = _follow(running.http_port or 0, "/sessions/open/events")
        assert collected[:2] == ["status 200 text/event-stream; charset=utf-8", f"retry: {RETRY_MS}"]
    finally:
        running.stop(grace=5)
    assert done.wait(30)
    assert "event: end" not in collected  # ended by the stop, not by the session: the browser reconnects
