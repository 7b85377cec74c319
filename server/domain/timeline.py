"""A session's timeline and its listing, as plain objects.

The store reads these; the watch and listing use cases order, filter and page
them; the servicer converts them to protobuf. No gRPC, protobuf or SQL here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Optional, Union

from evidence_trace.server.domain.model import AgentStep, Classification, Invocation, Session, SessionStatus, Verdict

#: Session states after which no new rows are expected.
FINISHED = (SessionStatus.COMPLETED, SessionStatus.FAILED)


@dataclasses.dataclass(frozen=True)
class StoredInvocation:
    """A stored tool invocation with its classification and commit time."""

    seq: int
    invocation: Invocation
    classification: Classification
    record_us: int


@dataclasses.dataclass(frozen=True)
class StoredStep:
    """A stored agent step and its commit time."""

    seq: int
    step: AgentStep
    record_us: int


@dataclasses.dataclass(frozen=True)
class StoredEvaluation:
    """A stored verifier evaluation, without the draft and the raw output."""

    seq: int
    evaluation_id: str
    session_id: str
    question: str
    verdict: Verdict
    latency_ms: float
    create_us: int


@dataclasses.dataclass(frozen=True)
class NewEvaluation:
    """One Chat call's evaluation, as the store is asked to write it (its texts redacted, raw output bounded)."""

    tenant: str
    session_id: str
    evaluation_id: str
    question: str
    draft: str
    verdict: Verdict
    #: The invocations whose evidence was judged.
    source_invocation_ids: tuple[str, ...]
    latency_ms: float
    #: The caller's request id (AIP-155), "" without one, and a digest of what it asked to judge.
    request_id: str = ""
    request_digest: str = ""


@dataclasses.dataclass(frozen=True)
class PriorChat:
    """The evaluation an earlier Chat with the same request id stored (AIP-155)."""

    evaluation_id: str
    #: The draft as stored (redacted): what the user was shown is rendered from it.
    draft: str
    #: The digest of what that call judged (question, draft, verifier output).
    request_digest: str
    #: The invocations whose evidence was judged.
    source_invocation_ids: tuple[str, ...]
    verdict: Verdict


Row = Union[StoredInvocation, StoredStep, StoredEvaluation]


def commit_order(row: Row) -> tuple[int, int, int]:
    """Sort key: commit time, then table (steps, invocations, evaluations), then insert order."""
    if isinstance(row, StoredStep):
        return row.record_us, 0, row.seq
    if isinstance(row, StoredInvocation):
        return row.record_us, 1, row.seq
    return row.create_us, 2, row.seq


@dataclasses.dataclass(frozen=True)
class TimelineCursor:
    """The highest `seq` seen per table; rows above it are new."""

    step_seq: int = 0
    invocation_seq: int = 0
    evaluation_seq: int = 0


@dataclasses.dataclass(frozen=True)
class TimelineSnapshot:
    """One consistent read: the session and its rows above a cursor.

    Read in one snapshot, so the session's counters agree with the rows: the
    watcher compares them to what it has seen to detect rows that committed
    late with a lower `seq` (possible with several writers on PostgreSQL).
    """

    session: Session
    steps: list[StoredStep]
    invocations: list[StoredInvocation]
    evaluations: list[StoredEvaluation]


@dataclasses.dataclass(frozen=True)
class SessionOverview:
    """A listed session: its counts and the verdict of its last evaluation."""

    session: Session
    last_verdict: Optional[Verdict] = None
    last_decision_time: Optional[dt.datetime] = None


@dataclasses.dataclass(frozen=True)
class SessionKey:
    """A keyset position in the listing order: (update_us, id), both descending."""

    update_us: int
    row_id: int


@dataclasses.dataclass(frozen=True)
class SessionFilter:
    """Which sessions to list. None means no bound."""

    status: Optional[SessionStatus] = None
    min_update_us: Optional[int] = None
    max_update_us: Optional[int] = None
    #: Only sessions whose id contains this text (case-insensitive); None or "" for every session.
    id_contains: Optional[str] = None
