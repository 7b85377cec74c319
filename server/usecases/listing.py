"""The ListSessions use case: validate paging, read one page, issue the next token."""

from __future__ import annotations

import dataclasses
from typing import Optional

from evidence_trace.server.domain import paging
from evidence_trace.server.domain.errors import InvalidArgument, Violation
from evidence_trace.server.domain.timeline import SessionFilter, SessionOverview
from evidence_trace.server.store.reads import Reader


@dataclasses.dataclass(frozen=True)
class SessionPage:
    """One page of sessions and the token of the next page ("" on the last one)."""

    sessions: list[SessionOverview]
    next_page_token: str


class SessionListing:
    def __init__(self, reader: Reader):
        self._reader = reader

    def page(self, tenant: str, flt: SessionFilter, requested_size: int, page_token: str) -> SessionPage:
        """Sessions most recently updated first, keyset-paged on (update time, id)."""
        size = paging.page_size(requested_size)
        if flt.min_update_us is not None and flt.max_update_us is not None and flt.min_update_us >= flt.max_update_us:
            raise InvalidArgument([Violation("max_update_time", "must be after min_update_time")])
        after = paging.decode_token(page_token, flt)
        rows = self._reader.list_sessions(tenant, flt, after, size + 1)
        next_token: Optional[str] = None
        if len(rows) > size:
            rows = rows[:size]
            next_token = paging.encode_token(rows[-1][0], flt)
        return SessionPage([overview for _, overview in rows], next_token or "")
