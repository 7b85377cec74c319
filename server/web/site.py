"""The HTTP application: the audit page's routes, /metrics, static files, security headers, error pages.

`create_app` builds one Starlette application over the service's use cases.
Templates are Jinja2 with autoescaping on for every template; static files are
the package's own. Every response carries a strict Content-Security-Policy (no
inline script or style, nothing from another origin), nosniff and
no-referrer, so tool output, which is untrusted, is only ever text.
"""

from __future__ import annotations

import logging
import urllib.parse
from typing import Any, Callable, Mapping, Optional

import jinja2
from prometheus_client import make_asgi_app
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from evidence_trace.server.domain.errors import InvalidArgument, NotFound, StorageUnavailable
from evidence_trace.server.usecases.services import UseCases
from evidence_trace.server.web import views
from evidence_trace.server.web.access import COOKIE, LOGIN_MAX_AGE_S, Access, LoginRequired, LoopbackOnly, TokenLookup
from evidence_trace.server.web.live import LiveStreams
from evidence_trace.server.web.pages import Pages

log = logging.getLogger(__name__)

#: Sent with every response of the HTTP endpoint.
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


class SecurityHeaders:
    """ASGI middleware: SECURITY_HEADERS on every HTTP response (pages, fragments, events, errors, /metrics)."""

    def __init__(self, app: ASGIApp):
        self._app = app
        self._headers = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self._headers]
            await send(message)

        await self._app(scope, receive, with_headers)


class _AsgiEndpoint:
    """An ASGI app served at one exact path (a Route, where a Mount would redirect /metrics to /metrics/)."""

    def __init__(self, app: Callable):
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._app(scope, receive, send)


def templates() -> Jinja2Templates:
    """The page templates, autoescaped (every template, whatever its name), undefined names an error."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("evidence_trace.server.web", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(views.FILTERS)
    env.globals.update(views.GLOBALS)
    env.tests.update(views.TESTS)
    return Jinja2Templates(env=env)


def create_app(
    use_cases: UseCases,
    tokens: Optional[TokenLookup],
    metrics_registry: Any = None,
    secure_cookie: bool = False,
    live: Optional[LiveStreams] = None,
    apps: Optional[Mapping[str, ASGIApp]] = None,
) -> tuple[Starlette, LiveStreams]:
    """The HTTP endpoint's application and its live streams (close them before stopping the server).

    `apps`: further ASGI applications by exact path, which the wiring brings (OTLP/HTTP's /v1/traces).
    """
    access = Access(tokens)
    pages_templates = templates()
    live = live or LiveStreams(use_cases.watcher)
    pages = Pages(use_cases, access, pages_templates, live)

    def error_page(status: int, title: str, detail: str) -> Callable[[Request, Exception], Response]:
        def handler(request: Request, exc: Exception) -> Response:
            return pages_templates.TemplateResponse(
                request,
                "error.html",
                {"title": title, "detail": detail or str(exc), "uses_tokens": access.uses_tokens},
                status_code=status,
            )

        return handler

    def login_required(request: Request, exc: Exception) -> Response:
        if request.url.path.endswith(("/events", "/timeline", "/entries", "/evaluations")):
            return Response("log in first", status_code=401)
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse("/login?" + urllib.parse.urlencode({"next": target}), status_code=303)

    routes = [
        *(Route(path, _AsgiEndpoint(app)) for path, app in (apps or {}).items()),
        Route("/", pages.sessions),
        Route("/login", pages.login_form, methods=["GET"]),
        Route("/login", pages.log_in, methods=["POST"]),
        Route("/logout", pages.log_out, methods=["POST"]),
        Route("/sessions/{session_id}", pages.session),
        Route("/sessions/{session_id}/timeline", pages.timeline),
        Route("/sessions/{session_id}/entries", pages.entries),
        Route("/sessions/{session_id}/evaluations", pages.evaluations),
        Route("/sessions/{session_id}/events", pages.events),
        Route("/sessions/{session_id}/invocations/{invocation_id}", pages.invocation),
        Mount("/static", StaticFiles(packages=[("evidence_trace.server.web", "static")]), name="static"),
    ]
    if metrics_registry is not None:
        routes.append(Route("/metrics", _AsgiEndpoint(make_asgi_app(registry=metrics_registry))))
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(SecurityHeaders),
            Middleware(
                SessionMiddleware,
                secret_key=access.cookie_key,
                session_cookie=COOKIE,
                max_age=LOGIN_MAX_AGE_S,
                same_site="strict",
                https_only=secure_cookie,
            ),
        ],
        exception_handlers={
            LoginRequired: login_required,
            LoopbackOnly: error_page(
                403,
                "Loopback clients only",
                "This server has no token file configured, so the audit page serves clients on this host only. "
                "Configure EVIDENCE_TRACE_TOKENS_FILE to open it to others (docs/audit-page.md).",
            ),
            NotFound: error_page(404, "Not found", "No such session or invocation in your tenant."),
            InvalidArgument: error_page(400, "Bad request", ""),
            StorageUnavailable: error_page(503, "Storage unavailable", "The database did not answer; retry shortly."),
            404: error_page(404, "Not found", "There is no page at this address."),
        },
    )
    return app, live
