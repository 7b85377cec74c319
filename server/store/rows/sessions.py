"""The diagnosis_session mapper."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from evidence_trace.server.domain.model import Session, SessionStatus, StepKind
from evidence_trace.server.store import models
from evidence_trace.server.store.rows.common import _time, from_us


class SessionMapper:
    """diagnosis_session: a session and its counters."""

    table = models.DiagnosisSession._meta.table_name
    #: The SELECT list `to_domain` reads, in order.
    columns = (
        "session_id",
        "status",
        "step_count",
        "tool_call_count",
        "helper_call_count",
        "evaluation_count",
        "create_us",
        "update_us",
        "complete_us",
    )
    #: A new session's INSERT list, in `new_row`'s order.
    write_columns = (
        "tenant",
        "session_id",
        "status",
        "step_count",
        "tool_call_count",
        "helper_call_count",
        "evaluation_count",
        "create_us",
        "update_us",
    )
    #: The counters the writer moves with the rows they count, in `write_columns` order.
    counters = ("step_count", "tool_call_count", "helper_call_count", "evaluation_count")
    invocation_counter = "tool_call_count"
    evaluation_counter = "evaluation_count"

    def step_counter(self, kind: StepKind) -> str:
        return "step_count" if kind == StepKind.MODEL_STEP else "helper_call_count"

    def new_row(self, tenant: str, session_id: str, stamp_us: int, counts: Optional[Mapping[str, int]] = None) -> tuple:
        """A new session's values, its counters at `counts` (the rows of its first commit)."""
        counts = counts or {}
        return (
            tenant,
            session_id,
            int(SessionStatus.ACTIVE),
            *(int(counts.get(c, 0)) for c in self.counters),
            stamp_us,
            stamp_us,
        )

    def to_domain(self, row: Sequence[Any]) -> Session:
        (session_id, status, steps, tools, helpers, evals, create_us, update_us, complete_us) = row
        return Session(
            session_id=session_id,
            status=SessionStatus(status),
            step_count=steps,
            tool_call_count=tools,
            helper_call_count=helpers,
            evaluation_count=evals,
            create_time=_time(create_us),
            update_time=_time(update_us),
            complete_time=from_us(complete_us),
        )


SESSIONS = SessionMapper()
