"""The agent_step mapper."""

from __future__ import annotations

from typing import Any, Sequence

from evidence_trace.server.domain.model import AgentStep, StepKind
from evidence_trace.server.domain.timeline import StoredStep
from evidence_trace.server.store import models
from evidence_trace.server.store.rows.common import KeyedMapper, KeyedRow, _bool, _digest, _time, canonical_json, to_us


class StepMapper(KeyedMapper):
    """agent_step: model steps and helper workflow calls."""

    table = models.AgentStep._meta.table_name
    key_column = "step_id"
    #: The INSERT list: `keyed_row`'s values in order, then the commit stamp.
    write_columns = (
        "tenant",
        "session_id",
        "step_id",
        "kind",
        "name",
        "start_us",
        "duration_ms",
        "detail",
        "detail_truncated",
        "success",
        "error_message",
        "content_hash",
        "record_us",
    )
    #: The SELECT list `to_domain` reads, in order.
    columns = (
        "seq",
        "step_id",
        "session_id",
        "kind",
        "name",
        "start_us",
        "duration_ms",
        "detail",
        "detail_truncated",
        "success",
        "error_message",
        "record_us",
    )

    def keyed_row(self, tenant: str, step: AgentStep, received_us: int) -> KeyedRow:
        """The stored row of a validated, normalized step; a missing start time is `received_us`."""
        start_us = to_us(step.start_time)
        content_hash = _digest(
            canonical_json(
                [
                    step.session_id,
                    int(step.kind),
                    step.name,
                    start_us,
                    step.duration_ms,
                    step.detail,
                    step.detail_truncated,
                    step.success,
                    step.error_message,
                ]
            )
        )
        values = (
            tenant,
            step.session_id,
            step.step_id,
            int(step.kind),
            step.name,
            start_us if start_us is not None else received_us,
            step.duration_ms,
            step.detail,
            step.detail_truncated,
            step.success,
            step.error_message,
            content_hash,
        )
        return KeyedRow(tenant, step.session_id, step.step_id, content_hash, values)

    def to_domain(self, row: Sequence[Any]) -> StoredStep:
        (
            seq,
            step_id,
            session_id,
            kind,
            name,
            start_us,
            duration_ms,
            detail,
            detail_truncated,
            success,
            error_message,
            record_us,
        ) = row
        return StoredStep(
            seq=seq,
            record_us=record_us,
            step=AgentStep(
                step_id=step_id,
                session_id=session_id,
                kind=StepKind(kind),
                name=name,
                start_time=_time(start_us),
                duration_ms=duration_ms,
                detail=detail,
                detail_truncated=bool(detail_truncated),
                success=_bool(success),
                error_message=error_message,
            ),
        )


STEPS = StepMapper()
