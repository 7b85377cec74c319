"""The audit page in a real browser: Debian's headless Chromium driven by Playwright (no `playwright install`).

The browser is found at EVIDENCE_TRACE_CHROMIUM or as `chromium` on PATH
(scripts/install-browser.sh installs it; .ci/run calls that script). Without
one these tests are skipped with the reason, except under CI=true, where a
missing browser fails the run. Screenshots of the list and of a session page
are saved under the test's temporary directory.
"""

from __future__ import annotations

import os
import shutil
from typing import Iterator

import pytest
from audit_web import HOSTILE, record_incident, web_server
from builders import failed_invocation, invocation
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.v1 import evidence_trace_pb2 as pb


def _chromium() -> str:
    found = os.environ.get("EVIDENCE_TRACE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    problem = ""
    if not found:
        problem = "no Chromium found (set EVIDENCE_TRACE_CHROMIUM or run scripts/install-browser.sh)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "playwright is not installed (pip install -e '.[dev]')"
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true requires the browser tests to run: {problem}")
        pytest.skip(problem)
    return str(found)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    path = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
        launched = playwright.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()


@pytest.fixture
def web(sqlite_url):
    with web_server(sqlite_url) as server:
        yield server


def test_the_list_shows_sessions_with_badges(web, page, tmp_path):
    record_incident(web.stub, "incident-list")
    page.goto(web.base + "/")
    row = page.locator("tr.session-row", has_text="incident-list")
    assert row.locator(".badge-completed").inner_text() == "completed"
    assert row.locator(".badge-reject").is_visible()
    assert "1 failed" in row.inner_text()
    page.screenshot(path=str(tmp_path / "audit-list.png"), full_page=True)
    assert (tmp_path / "audit-list.png").stat().st_size > 0
    page.select_option("select[name=status]", "failed")
    page.click("button[type=submit]")
    assert page.locator("tr.session-row").count() == 0 and "status=failed" in page.url


def test_a_session_page_opens_a_timeline_row_and_shows_its_stored_row(web, page, tmp_path):
    record_incident(web.stub, "incident-page")
    page.goto(web.base + "/sessions/incident-page")
    failed = page.locator("#inv-incident-page-metrics")
    assert "tl-failed" in failed.get_attribute("class")
    assert not failed.locator(".tl-detail").is_visible()
    failed.locator("svg.tl-track").click()  # the bar on the time axis
    detail = failed.locator(".tl-detail")
    assert detail.is_visible() and "upstream timed out after 30s" in detail.inner_text()
    assert page.locator("#entries-body .badge-direct").first.is_visible()
    page.screenshot(path=str(tmp_path / "audit-session.png"), full_page=True)
    assert (tmp_path / "audit-session.png").stat().st_size > 0


def test_an_evaluation_highlights_its_claims_and_links_them_to_the_evidence(web, page):
    record_incident(web.stub, "incident-claims")
    page.goto(web.base + "/sessions/incident-claims")
    grounded = page.locator("#evaluations a.claim-grounded").first
    assert "bank-gateway" in grounded.inner_text()
    grounded.click()
    target = page.locator("li.claim-item:target")
    assert "grounded in" in target.inner_text()
    target.locator("a.inv-link").first.click()  # the grounding unit's invocation opens in the timeline
    row = page.locator("#inv-incident-claims-logs")
    assert row.get_attribute("open") is not None and row.locator(".tl-detail").is_visible()
    assert page.locator("#evaluations a.claim-invented").first.is_visible()  # orders-db: named nowhere


def test_a_live_session_updates_in_place_when_a_row_commits(web, page):
    web.stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=invocation(invocation_id="first", session_id="live"))
    )
    page.goto(web.base + "/sessions/live")
    page.wait_for_selector("#live-state:not([hidden])")
    marker = page.evaluate("() => (window.__sameDocument = 42)")
    web.stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=invocation(invocation_id="arrived-live", session_id="live"))
    )
    page.wait_for_selector("#inv-arrived-live", timeout=20_000)
    assert page.evaluate("() => window.__sameDocument") == marker  # no reload happened
    web.stub.CompleteSession(pb.CompleteSessionRequest(session_id="live", status=pb.SESSION_STATUS_COMPLETED))
    page.wait_for_selector("#session-header .badge-completed", timeout=20_000)


def test_a_tenant_cannot_open_another_tenants_session_by_url(sqlite_url, tmp_path, page):
    with web_server(sqlite_url, tokens_file=str(write_token_file(tmp_path))) as tenant_web:
        record_incident(tenant_web.stub, "acme-incident", metadata=bearer("acme"))
        record_incident(tenant_web.stub, "globex-incident", metadata=bearer("globex"))
        page.goto(tenant_web.base + "/sessions/acme-incident")
        assert "/login" in page.url
        page.fill("input[name=token]", TOKENS["acme"])
        page.click("button[type=submit]")
        assert page.url.endswith("/sessions/acme-incident")
        cookie = next(c for c in page.context.cookies() if c["name"] == "evidence_trace_audit")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
        assert page.evaluate("() => document.cookie") == ""  # not readable from script
        response = page.goto(tenant_web.base + "/sessions/globex-incident")
        assert response.status == 404 and "globex-incident" not in page.locator("main").inner_text()
        page.goto(tenant_web.base + "/")
        assert "acme-incident" in page.content() and "globex-incident" not in page.content()


def test_hostile_tool_output_executes_nothing(web, page):
    record_incident(web.stub, "hostile", preview=HOSTILE)
    hostile_step = pb.AgentStep(
        step_id="hostile-step",
        session_id="hostile",
        kind=pb.AGENT_STEP_KIND_HELPER_CALL,
        name="<b>x</b>",
        detail=HOSTILE,
    )
    web.stub.RecordAgentStep(pb.RecordAgentStepRequest(step=hostile_step))
    web.stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=failed_invocation(
                invocation_id="hostile-error", session_id="hostile", error_message=HOSTILE, input_params={"q": HOSTILE}
            )
        )
    )
    web.stub.Chat(pb.ChatRequest(session_id="hostile", question=HOSTILE, draft_answer=HOSTILE), timeout=30)
    dialogs: list[str] = []
    violations: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: violations.append(message.text) if "Content Security" in message.text else None)
    page.goto(web.base + "/sessions/hostile")
    for row in page.locator("details.tl-row").all():
        row.locator("summary").click()  # render every stored row's detail
    assert page.locator("details.tl-row[open]").count() == page.locator("details.tl-row").count() > 0
    assert "<script>window.__pwned" in page.locator("#inv-hostile-logs .preview").inner_text()  # shown as text
    _assert_inert(page, dialogs)
    page.goto(web.base + "/sessions/hostile/invocations/hostile-error")
    assert "<img src=x" in page.locator("main").inner_text()
    _assert_inert(page, dialogs)
    page.goto(web.base + "/")
    _assert_inert(page, dialogs)
    assert violations == [] or all("script" in v or "img" in v for v in violations)


def _assert_inert(page, dialogs: list[str]) -> None:
    """No dialog opened, the payload's sentinel stays unset, no javascript: link, no injected element."""
    assert dialogs == []
    assert page.evaluate("() => typeof window.__pwned") == "undefined"
    assert page.locator('a[href^="javascript:" i]').count() == 0
    assert page.locator("main img, main script, main b").count() == 0
    for link in page.locator('a[href^="https://runbooks.example.com"]').all():
        assert link.get_attribute("rel") == "noopener noreferrer" and link.get_attribute("target") == "_blank"
