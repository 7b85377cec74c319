"""The audit page's routes: the session list, a session, its waterfall pages, one invocation, live events.

Every handler resolves the tenant from the request (access.py) and reads
through the use cases the RPCs use: ListSessions' listing, SummarizeSession's
summary, WatchSession's watch, plus the audit reads. Nothing here touches
storage or builds HTML: the templates render every tag, with autoescaping on.
"""

from __future__ import annotations

import datetime as dt
import urllib.parse
from typing import Any, Optional

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.templating import Jinja2Templates

from evidence_trace.server.domain.audit import (
    INVOCATION_RANK,
    STEP_RANK,
    AuditedEvaluation,
    DraftSpan,
    TimelineEntry,
    TimelinePosition,
    TimeSpan,
    draft_spans,
)
from evidence_trace.server.domain.errors import InvalidArgument, Violation
from evidence_trace.server.domain.model import Session, SessionStatus
from evidence_trace.server.domain.timeline import (
    FINISHED,
    SessionFilter,
    StoredEvaluation,
    StoredInvocation,
    StoredStep,
    TimelineCursor,
)
from evidence_trace.server.domain.validation import check_id
from evidence_trace.server.usecases.services import UseCases
from evidence_trace.server.usecases.watching import TimelineEvent
from evidence_trace.server.web.access import Access
from evidence_trace.server.web.live import LiveStreams, Rendered, cursor_token, parse_cursor

#: Sessions per page of the list.
SESSIONS_PER_PAGE = 25
#: Longest text filter accepted on the list.
MAX_FILTER_CHARS = 128


def _session_id(request: Request) -> str:
    session_id = request.path_params["session_id"]
    if check_id("session_id", session_id):
        raise InvalidArgument([Violation("session_id", "must be 1-128 characters from [A-Za-z0-9._:-]")])
    return session_id


def _safe_next(target: str) -> str:
    """Where to go after logging in: a path on this site, never another site."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


class Pages:
    """The route handlers over one set of use cases."""

    def __init__(self, use_cases: UseCases, access: Access, templates: Jinja2Templates, live: LiveStreams):
        self._uc = use_cases
        self._access = access
        self._templates = templates
        self._live = live

    def _render(self, request: Request, name: str, status_code: int = 200, **context: Any) -> Response:
        context.setdefault("uses_tokens", self._access.uses_tokens)
        context.setdefault("now", dt.datetime.now(dt.timezone.utc))
        return self._templates.TemplateResponse(request, name, context, status_code=status_code)

    def _fragment(self, name: str, **context: Any) -> str:
        context.setdefault("now", dt.datetime.now(dt.timezone.utc))
        return self._templates.get_template(name).render(context)

    # -- login ------------------------------------------------------------------
    def login_form(self, request: Request) -> Response:
        if not self._access.uses_tokens:
            return RedirectResponse("/", status_code=303)
        return self._render(request, "login.html", next=_safe_next(request.query_params.get("next", "/")), failed=False)

    async def log_in(self, request: Request) -> Response:
        if not self._access.uses_tokens:
            return RedirectResponse("/", status_code=303)
        form = urllib.parse.parse_qs((await request.body()).decode("utf-8", "replace"), max_num_fields=4)
        target = _safe_next((form.get("next") or ["/"])[0])
        if self._access.log_in(request, (form.get("token") or [""])[0]):
            return RedirectResponse(target, status_code=303)
        return self._render(request, "login.html", status_code=401, next=target, failed=True)

    def log_out(self, request: Request) -> Response:
        self._access.log_out(request)
        return RedirectResponse("/login" if self._access.uses_tokens else "/", status_code=303)

    # -- sessions ---------------------------------------------------------------
    def sessions(self, request: Request) -> Response:
        tenant = self._access.tenant(request)
        query = request.query_params
        status_name = query.get("status", "")
        status = {s.name.lower(): s for s in SessionStatus if s != SessionStatus.UNSPECIFIED}.get(status_name)
        if status_name and status is None:
            raise InvalidArgument([Violation("status", "must be active, completed or failed")])
        text = query.get("q", "").strip()
        if len(text) > MAX_FILTER_CHARS:
            raise InvalidArgument([Violation("q", f"must be at most {MAX_FILTER_CHARS} characters")])
        page = self._uc.listing.page(
            tenant, SessionFilter(status=status, id_contains=text or None), SESSIONS_PER_PAGE, query.get("page", "")
        )
        params = {k: v for k, v in (("status", status_name), ("q", text)) if v}
        first_url = "/?" + urllib.parse.urlencode(params) if params else "/"
        next_url = ""
        if page.next_page_token:
            next_url = "/?" + urllib.parse.urlencode({**params, "page": page.next_page_token})
        return self._render(
            request,
            "sessions.html",
            tenant=tenant,
            page=page,
            status=status_name,
            q=text,
            next_url=next_url,
            first_url=first_url,
            first_page=not query.get("page"),
            failures=self._uc.audit.failure_counts(tenant, [o.session.session_id for o in page.sessions]),
        )

    def session(self, request: Request) -> Response:
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        view = self._uc.audit.view(tenant, session_id)
        after = TimelinePosition.from_token(request.query_params.get("after", ""))
        page = self._uc.audit.timeline(tenant, session_id, after) if after else view.timeline  # no-script paging
        _, entries = self._uc.sessions.summarize(tenant, session_id)
        live_url = ""
        if view.session.status not in FINISHED:
            live_url = f"/sessions/{session_id}/events?since={cursor_token(view.cursor)}"
        return self._render(
            request,
            "session.html",
            tenant=tenant,
            view=view,
            session=view.session,
            span=view.span,
            page=page,
            entries=entries,
            evaluations=_with_spans(view.evaluations),
            live_url=live_url,
        )

    def timeline(self, request: Request) -> Response:
        """A further page of the waterfall: its rows as HTML, and where the next page starts."""
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        page = self._uc.audit.timeline(
            tenant, session_id, TimelinePosition.from_token(request.query_params.get("after", ""))
        )
        view_span = _span_from(request)
        html = self._fragment("_timeline_rows.html", entries=page.entries, span=view_span, session_id=session_id)
        more = (
            f"/sessions/{session_id}/timeline?"
            + urllib.parse.urlencode(
                {"after": page.next_after.token(), **({"span": request.query_params["span"]} if view_span else {})}
            )
            if page.next_after
            else ""
        )
        return JSONResponse({"html": html, "next": more})

    def entries(self, request: Request) -> Response:
        """The evidence entries as HTML, refreshed by the live page when rows arrive."""
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        _, entries = self._uc.sessions.summarize(tenant, session_id)
        return JSONResponse({"html": self._fragment("_entries.html", entries=entries, session_id=session_id)})

    def evaluations(self, request: Request) -> Response:
        """The verifier evaluations as HTML, refreshed by the live page when one is stored."""
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        found = self._uc.audit.evaluations(tenant, session_id)
        html = self._fragment("_evaluations.html", evaluations=_with_spans(found), session_id=session_id)
        return JSONResponse({"html": html})

    def invocation(self, request: Request) -> Response:
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        invocation_id = request.path_params["invocation_id"]
        if check_id("invocation_id", invocation_id):
            raise InvalidArgument([Violation("invocation_id", "must be 1-128 characters from [A-Za-z0-9._:-]")])
        stored = self._uc.audit.invocation(tenant, session_id, invocation_id)
        return self._render(request, "invocation.html", tenant=tenant, session_id=session_id, stored=stored)

    # -- live -------------------------------------------------------------------
    def events(self, request: Request) -> Response:
        tenant = self._access.tenant(request)
        session_id = _session_id(request)
        self._uc.sessions.get(tenant, session_id)  # 404 before the stream starts, for another tenant's too
        since = parse_cursor(request.headers.get("last-event-id", "")) or parse_cursor(
            request.query_params.get("since", "")
        )
        stopped = self._live.acquire()
        if stopped is None:
            return Response("too many live pages open; reload later", status_code=503, headers={"Retry-After": "5"})
        span = _span_from(request)
        return StreamingResponse(
            self._live.stream(
                tenant, session_id, since or TimelineCursor(), stopped, lambda e: self._live_event(e, session_id, span)
            ),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def _live_event(self, event: TimelineEvent, session_id: str, span: Any) -> Rendered:
        item = event.item
        if isinstance(item, Session):
            html = self._fragment("_session_header.html", session=item)
            return "session", {"html": html, "status": item.status.name.lower()}
        if isinstance(item, (StoredStep, StoredInvocation)):
            start = item.step.start_time if isinstance(item, StoredStep) else item.invocation.start_time
            start_us = int(start.timestamp() * 1_000_000) if start else 0
            rank = STEP_RANK if isinstance(item, StoredStep) else INVOCATION_RANK
            entry = TimelineEntry(TimelinePosition(start_us, rank, item.seq), item)
            html = self._fragment("_timeline_rows.html", entries=[entry], span=span, session_id=session_id)
            return "row", {"html": html, "start": entry.start_us, "end": entry.end_us}
        if isinstance(item, StoredEvaluation):
            return "evaluation", {"id": item.evaluation_id, "decision": item.verdict.decision.name.lower()}
        return None


def _span_from(request: Request) -> Optional[TimeSpan]:
    """The time axis a page was drawn with (`span=START.END` in µs), so later rows line up with it."""
    raw = request.query_params.get("span", "")
    parts = raw.split(".")
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        return None
    return TimeSpan(int(parts[0]), int(parts[1]))


def _with_spans(evaluations: list[AuditedEvaluation]) -> list[tuple[AuditedEvaluation, list[DraftSpan]]]:
    """Each evaluation with its draft cut at its claims, for highlighting."""
    return [(e, draft_spans(e.draft, e.evaluation.verdict.claims)) for e in evaluations]
