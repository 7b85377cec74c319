"""What the group-commit writer is handed and what it answers: one operation per row to store.

Use cases build these from domain objects (each builds its row through its
table's mapper, store/rows/); the writer applies them in a transaction
(store/transaction.py) and resolves each with a `Written` or its own error.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Optional, Union

from evidence_trace.server.domain.model import (
    AgentStep,
    Classification,
    Invocation,
    RecordOutcome,
    SessionStatus,
    StepKind,
)
from evidence_trace.server.domain.timeline import NewEvaluation
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, STEPS, KeyedRow


def now_us() -> int:
    return time.time_ns() // 1000


@dataclasses.dataclass
class WriteInvocation:
    row: KeyedRow

    @classmethod
    def of(
        cls,
        tenant: str,
        inv: Invocation,
        c: Classification,
        classifier_version: int,
        received_us: int,
        params_json: Optional[str] = None,
    ) -> WriteInvocation:
        """The write of a validated, normalized invocation classified as `c` (its row is built here)."""
        return cls(INVOCATIONS.keyed_row(tenant, inv, c, classifier_version, received_us, params_json))


@dataclasses.dataclass
class WriteStep:
    row: KeyedRow
    kind: StepKind

    @classmethod
    def of(cls, tenant: str, step: AgentStep, received_us: int) -> WriteStep:
        """The write of a validated, normalized step (its row is built here)."""
        return cls(STEPS.keyed_row(tenant, step, received_us), step.kind)


@dataclasses.dataclass
class WriteEvaluation:
    tenant: str
    session_id: str
    values: tuple  # EVALUATIONS.write_row; the writer appends the commit stamp

    @classmethod
    def of(cls, evaluation: NewEvaluation) -> WriteEvaluation:
        """The write of one Chat call's evaluation (its row is built here).

        With a request id already stored in the session, nothing is written and
        the result is DUPLICATE: the caller reads the first call's row.
        """
        return cls(evaluation.tenant, evaluation.session_id, EVALUATIONS.write_row(evaluation))

    @property
    def evaluation_id(self) -> str:
        return self.values[0]


@dataclasses.dataclass
class CompleteSession:
    tenant: str
    session_id: str
    status: SessionStatus


Operation = Union[WriteInvocation, WriteStep, WriteEvaluation, CompleteSession]


@dataclasses.dataclass(frozen=True)
class Written:
    """The result of one operation: what happened and when it committed."""

    outcome: RecordOutcome
    record_us: int
