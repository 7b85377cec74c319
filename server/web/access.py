"""Who may open which tenant's sessions on the audit page.

- With a token file, an operator enters a bearer token once on /login; the
  server finds its tenant exactly as the gRPC authenticator does and keeps only
  the tenant in a signed session cookie (Starlette's SessionMiddleware:
  itsdangerous-signed, HttpOnly, SameSite=Strict, Secure over https). The
  token itself is never stored in the browser. The signing key is random per
  process: a restart (which a token file change needs anyway) logs everyone
  out, and behind several replicas an operator logs in once per replica.
- Without a token file, loopback clients are served as the default tenant and
  every other client is refused (403), like the gRPC service's LOOPBACK_ONLY.

/metrics is not behind either rule: it holds no session data (docs/metrics.md).
"""

from __future__ import annotations

import ipaddress
import secrets
from typing import Optional, Protocol

from starlette.requests import Request

from evidence_trace.server.domain.model import DEFAULT_TENANT

#: The cookie that carries the signed tenant.
COOKIE = "evidence_trace_audit"
#: Seconds a login lasts.
LOGIN_MAX_AGE_S = 12 * 3600


class TokenLookup(Protocol):
    """The token file's table (server/rpc/tokens.py TokenTable): a token's tenant, or None."""

    def tenant_for(self, token: str) -> Optional[str]: ...


class LoginRequired(Exception):
    """A token file is configured and the request carries no valid login."""


class LoopbackOnly(Exception):
    """No token file is configured and the client is not on this host."""


def is_loopback_host(host: Optional[str]) -> bool:
    """True for a loopback client address (127.0.0.0/8, ::1, an IPv4-mapped loopback)."""
    if not host:
        return False
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


class Access:
    """The audit page's access rules; see the module docstring."""

    def __init__(self, tokens: Optional[TokenLookup]):
        self._tokens = tokens
        #: The key the session cookie is signed with: random per process, never stored.
        self.cookie_key = secrets.token_urlsafe(32)

    @property
    def uses_tokens(self) -> bool:
        return self._tokens is not None

    def tenant(self, request: Request) -> str:
        """The tenant whose sessions this request may read; raises LoginRequired or LoopbackOnly."""
        if self._tokens is None:
            if is_loopback_host(request.client.host if request.client else None):
                return DEFAULT_TENANT
            raise LoopbackOnly()
        tenant = request.session.get("tenant")
        if not isinstance(tenant, str) or not tenant:
            raise LoginRequired()
        return tenant

    def log_in(self, request: Request, token: str) -> bool:
        """Keep the token's tenant in the session cookie; False (and logged out) when the token is not valid."""
        request.session.clear()
        if self._tokens is None:
            return False
        tenant = self._tokens.tenant_for(token.strip()) if token.strip() else None
        if tenant is None:
            return False
        request.session["tenant"] = tenant
        return True

    @staticmethod
    def log_out(request: Request) -> None:
        request.session.clear()
