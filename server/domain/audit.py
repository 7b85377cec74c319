"""A session's audit view as plain objects: the timeline paged in start order, evaluations with their drafts.

The audit page (server/web) shows what the RPCs read, through the same use
cases; these objects add what only the page needs: a keyset position in the
waterfall's start order, the session's time span, and each evaluation's draft
cut into the spans its claim checks cover. No gRPC, protobuf or SQL here.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Union

from evidence_trace.server.domain.errors import InvalidArgument, Violation
from evidence_trace.server.domain.model import ClaimCheck, Session
from evidence_trace.server.domain.timeline import StoredEvaluation, StoredInvocation, StoredStep, TimelineCursor

#: Rows of the waterfall per page: the first is rendered with the page, later ones fetched on demand.
TIMELINE_PAGE_ROWS = 100
#: Evaluations shown on a session's page, newest first.
EVALUATIONS_SHOWN = 20

#: The order of the tables at one start time: steps before invocations.
STEP_RANK = 0
INVOCATION_RANK = 1

TimelineRow = Union[StoredStep, StoredInvocation]


@dataclasses.dataclass(frozen=True, order=True)
class TimelinePosition:
    """A row's place in the waterfall: start time, table rank, insert order."""

    start_us: int
    rank: int
    seq: int

    def token(self) -> str:
        return f"{self.start_us}.{self.rank}.{self.seq}"

    @staticmethod
    def from_token(token: str) -> Optional["TimelinePosition"]:
        """The position a page token resumes after; None for an empty token."""
        if not token:
            return None
        parts = token.split(".")
        if len(parts) != 3 or not all(p.lstrip("-").isdigit() for p in parts):
            raise InvalidArgument([Violation("after", "is not a timeline position this server issued")])
        start_us, rank, seq = (int(p) for p in parts)
        return TimelinePosition(start_us, rank, seq)


@dataclasses.dataclass(frozen=True)
class TimelineEntry:
    """One waterfall row with its position and its start time in microseconds."""

    position: TimelinePosition
    row: TimelineRow

    @property
    def start_us(self) -> int:
        return self.position.start_us

    @property
    def end_us(self) -> int:
        duration_ms = self.row.step.duration_ms if isinstance(self.row, StoredStep) else self.row.invocation.duration_ms
        return self.position.start_us + max(duration_ms, 0) * 1000


@dataclasses.dataclass(frozen=True)
class TimelinePage:
    """Waterfall rows in start order and where the next page starts (None on the last page)."""

    entries: list[TimelineEntry]
    next_after: Optional[TimelinePosition]


@dataclasses.dataclass(frozen=True)
class TimeSpan:
    """The session's time axis: the first start and the last end of its steps and invocations, in µs."""

    start_us: int
    end_us: int

    @property
    def length_us(self) -> int:
        return max(self.end_us - self.start_us, 1)


@dataclasses.dataclass(frozen=True)
class AuditedEvaluation:
    """A stored evaluation with the draft it judged (shown only to an operator) and its sources."""

    evaluation: StoredEvaluation
    draft: str
    source_invocation_ids: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class AuditView:
    """What a session's audit page first shows, read in one snapshot.

    cursor: the highest seq per table at read time; a live stream sends only rows above it.
    """

    session: Session
    span: Optional[TimeSpan]
    cursor: TimelineCursor
    timeline: TimelinePage
    evaluations: list[AuditedEvaluation]


@dataclasses.dataclass(frozen=True)
class DraftSpan:
    """A piece of a draft: plain text, or the text of one claim check (with its index in the verdict's claims)."""

    text: str
    claim: Optional[ClaimCheck] = None
    index: int = -1


def draft_spans(draft: str, claims: tuple[ClaimCheck, ...]) -> list[DraftSpan]:
    """The draft cut at its claims' spans (code points), in order; overlapping or out-of-range claims are skipped."""
    spans: list[DraftSpan] = []
    at = 0
    ordered = sorted(enumerate(claims), key=lambda item: (item[1].start, item[1].end))
    for index, claim in ordered:
        if claim.start < at or claim.end <= claim.start or claim.end > len(draft):
            continue
        if claim.start > at:
            spans.append(DraftSpan(draft[at : claim.start]))
        spans.append(DraftSpan(draft[claim.start : claim.end], claim, index))
        at = claim.end
    if at < len(draft):
        spans.append(DraftSpan(draft[at:]))
    return spans
