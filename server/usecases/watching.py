"""Following a session's timeline: replay what is stored, then poll for new rows.

Replicas share nothing but the database, so a watch polls it by cursor (each
table's `seq`) at a short interval instead of waiting on an in-process signal:
a row committed through any replica reaches every watcher within one interval.

Rows can commit out of `seq` order when several writers share PostgreSQL (a
transaction that took a lower `seq` may commit after one with a higher). Each
poll reads the session's counters in the same snapshot as the rows, so when
the counters say more rows exist than the watcher has seen, it re-reads that
table from the start once and emits only the rows it has not seen.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Iterator, Union

from evidence_trace.server.domain.errors import SessionNotFound
from evidence_trace.server.domain.model import Session
from evidence_trace.server.domain.timeline import (
    FINISHED,
    Row,
    StoredEvaluation,
    StoredInvocation,
    StoredStep,
    TimelineCursor,
    TimelineSnapshot,
    commit_order,
)
from evidence_trace.server.store.reads import Reader

#: Re-reads before ending a watch while the counters still announce unseen rows.
_FINAL_RESCANS = 3

Event = Union[Session, StoredStep, StoredInvocation, StoredEvaluation]


@dataclasses.dataclass(frozen=True)
class TimelineEvent:
    """One event of a watch: a session snapshot or a stored row."""

    item: Event
    replayed: bool


class _Seen:
    """The seqs emitted per table, the cursor to poll from, and whether a table needs a re-read."""

    def __init__(self) -> None:
        self.steps: set[int] = set()
        self.invocations: set[int] = set()
        self.evaluations: set[int] = set()
        self.rescan = {"steps": False, "invocations": False, "evaluations": False}

    def cursor(self) -> TimelineCursor:
        def after(name: str, seen: set[int]) -> int:
            return 0 if self.rescan[name] or not seen else max(seen)

        return TimelineCursor(
            step_seq=after("steps", self.steps),
            invocation_seq=after("invocations", self.invocations),
            evaluation_seq=after("evaluations", self.evaluations),
        )

    def fresh(self, snapshot: TimelineSnapshot) -> list[Row]:
        """The snapshot's unseen rows in commit order; marks tables whose counters show a gap."""
        rows: list[Row] = []
        for _name, seen, found in (
            ("steps", self.steps, snapshot.steps),
            ("invocations", self.invocations, snapshot.invocations),
            ("evaluations", self.evaluations, snapshot.evaluations),
        ):
            for row in found:
                if row.seq not in seen:
                    seen.add(row.seq)
                    rows.append(row)
        s = snapshot.session
        expected = {
            "steps": s.step_count + s.helper_call_count,
            "invocations": s.tool_call_count,
            "evaluations": s.evaluation_count,
        }
        for name, seen in (("steps", self.steps), ("invocations", self.invocations), ("evaluations", self.evaluations)):
            self.rescan[name] = len(seen) < expected[name]
        rows.sort(key=commit_order)
        return rows


class SessionWatcher:
    """Yields a session's timeline events until it finishes or the caller stops."""

    def __init__(self, reader: Reader, poll_interval_s: float):
        self._reader = reader
        self._poll_interval_s = poll_interval_s

    def watch(
        self, tenant: str, session_id: str, follow: bool, stopped: threading.Event, wait_for_session: bool = False
    ) -> Iterator[TimelineEvent]:
        """The session, its stored rows, then (when following) new rows and status changes.

        Ends after the replay when not following, when the session is
        COMPLETED or FAILED, or as soon as `stopped` is set (the call ended).
        Raises NotFound when the session does not exist, unless
        wait_for_session: then it polls until the session's first row appears
        (or `stopped` is set, ending the watch with no event).
        """
        seen = _Seen()
        snapshot = self._reader.timeline_since(tenant, session_id, seen.cursor())
        while snapshot is None and wait_for_session:
            if stopped.wait(self._poll_interval_s):
                return
            snapshot = self._reader.timeline_since(tenant, session_id, seen.cursor())
        if snapshot is None:
            raise SessionNotFound(session_id)
        status = snapshot.session.status
        yield TimelineEvent(snapshot.session, replayed=True)
        for row in seen.fresh(snapshot):
            yield TimelineEvent(row, replayed=True)
        if not follow:
            return
        while status not in FINISHED and not stopped.wait(self._poll_interval_s):
            snapshot = self._reader.timeline_since(tenant, session_id, seen.cursor())
            if snapshot is None:  # deleted under us: nothing more will come
                return
            for row in seen.fresh(snapshot):
                yield TimelineEvent(row, replayed=False)
            if snapshot.session.status != status:
                status = snapshot.session.status
                if status in FINISHED:
                    yield from self._late_rows(tenant, session_id, seen)
                yield TimelineEvent(snapshot.session, replayed=False)

    def _late_rows(self, tenant: str, session_id: str, seen: _Seen) -> Iterator[TimelineEvent]:
        """Before the final status event: rows the counters announced but the cursor skipped."""
        for _ in range(_FINAL_RESCANS):
            if not any(seen.rescan.values()):
                return
            snapshot = self._reader.timeline_since(tenant, session_id, seen.cursor())
            if snapshot is None:
                return
            for row in seen.fresh(snapshot):
                yield TimelineEvent(row, replayed=False)
