"""Sessions: read one, complete one, summarize one (GetSession, CompleteSession, SummarizeSession)."""

from __future__ import annotations

from typing import Optional

from evidence_trace.server.domain.errors import SessionNotFound
from evidence_trace.server.domain.model import Session, SessionStatus, SummaryEntry
from evidence_trace.server.domain.summary import summarize
from evidence_trace.server.store.reads import Reader
from evidence_trace.server.usecases.compute import ComputeSlots
from evidence_trace.server.usecases.recording import Recorder


class Sessions:
    """The session use cases, per tenant."""

    def __init__(self, reader: Reader, recorder: Recorder, compute: Optional[ComputeSlots] = None):
        self._reader = reader
        self._recorder = recorder
        self._compute = compute or ComputeSlots()

    def get(self, tenant: str, session_id: str) -> Session:
        session = self._reader.session(tenant, session_id)
        if session is None:
            raise SessionNotFound(session_id)
        return session

    def complete(self, tenant: str, session_id: str, status: SessionStatus, timeout: Optional[float]) -> Session:
        """Mark the session COMPLETED or FAILED (idempotent), and return it as stored."""
        self._recorder.complete_session(tenant, session_id, status, timeout)
        return self.get(tenant, session_id)

    def summarize(self, tenant: str, session_id: str) -> tuple[Session, list[SummaryEntry]]:
        """The session and its verifier-facing evidence entries, read in one transaction."""
        with self._compute.held():  # CPU-bound: reading, classifying and merging every row
            session, rows = self._reader.session_with_rows(tenant, session_id)
            if session is None:
                raise SessionNotFound(session_id)
            return session, summarize(rows)
