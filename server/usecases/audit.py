"""The audit page's reads: a session's first view, further waterfall pages, one stored invocation.

The page also calls the RPCs' own use cases (ListSessions' listing,
SummarizeSession's summary, WatchSession's watch), so tenants and evidence
rules cannot differ between what an operator sees and what the RPCs answer.
"""

from __future__ import annotations

from typing import Optional

from evidence_trace.server.domain.audit import (
    EVALUATIONS_SHOWN,
    TIMELINE_PAGE_ROWS,
    AuditedEvaluation,
    AuditView,
    TimelinePage,
    TimelinePosition,
)
from evidence_trace.server.domain.errors import InvocationNotFound, SessionNotFound
from evidence_trace.server.domain.timeline import StoredInvocation
from evidence_trace.server.store.audit_reads import AuditReader


class SessionAudit:
    """Per tenant, what the audit page reads beyond the RPCs' use cases."""

    def __init__(self, reader: AuditReader):
        self._reader = reader

    def view(self, tenant: str, session_id: str) -> AuditView:
        view = self._reader.view(tenant, session_id, TIMELINE_PAGE_ROWS, EVALUATIONS_SHOWN)
        if view is None:
            raise SessionNotFound(session_id)
        return view

    def timeline(self, tenant: str, session_id: str, after: Optional[TimelinePosition]) -> TimelinePage:
        page = self._reader.timeline(tenant, session_id, after, TIMELINE_PAGE_ROWS)
        if page is None:
            raise SessionNotFound(session_id)
        return page

    def evaluations(self, tenant: str, session_id: str) -> list[AuditedEvaluation]:
        found = self._reader.evaluations(tenant, session_id, EVALUATIONS_SHOWN)
        if found is None:
            raise SessionNotFound(session_id)
        return found

    def failure_counts(self, tenant: str, session_ids: list[str]) -> dict[str, int]:
        """Failed tool calls per listed session (absent: none)."""
        return self._reader.failure_counts(tenant, session_ids)

    def invocation(self, tenant: str, session_id: str, invocation_id: str) -> StoredInvocation:
        found = self._reader.invocation(tenant, session_id, invocation_id)
        if found is None:
            raise InvocationNotFound(invocation_id)
        return found
