"""The watcher's gap rule on plain objects: a row that commits late with a lower seq is still emitted once."""

from __future__ import annotations

import datetime as dt
import threading

from evidence_trace.server.domain.model import AgentStep, Session, SessionStatus, StepKind
from evidence_trace.server.domain.timeline import StoredStep, TimelineCursor, TimelineSnapshot
from evidence_trace.server.usecases.watching import SessionWatcher

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def _step(seq: int) -> StoredStep:
    return StoredStep(
        seq=seq, record_us=seq, step=AgentStep(step_id=f"s{seq}", session_id="g", kind=StepKind.MODEL_STEP, name="m")
    )


class FakeReader:
    """Commits arrive in a scripted order: each poll sees one more state of the table."""

    def __init__(self, states: list[tuple[list[int], SessionStatus]]):
        self._states = states
        self.cursors: list[TimelineCursor] = []

    def timeline_since(self, tenant, session_id, cursor):
        self.cursors.append(cursor)
        committed, status = self._states[min(len(self.cursors), len(self._states)) - 1]
        session = Session("g", status, len(committed), 0, 0, 0, NOW, NOW)
        rows = [_step(s) for s in sorted(committed) if s > cursor.step_seq]
        return TimelineSnapshot(session, rows, [], [])


def test_a_late_commit_with_a_lower_seq_is_emitted_once():
    reader = FakeReader(
        [
            ([1], SessionStatus.ACTIVE),
            ([1, 3], SessionStatus.ACTIVE),  # seq 2 is still uncommitted
            ([1, 2, 3], SessionStatus.ACTIVE),  # seq 2 commits late: the counters show a gap
            ([1, 2, 3], SessionStatus.ACTIVE),  # the re-read from the start finds it
            ([1, 2, 3], SessionStatus.COMPLETED),
        ]
    )
    events = list(SessionWatcher(reader, poll_interval_s=0.001).watch("t", "g", True, threading.Event()))
    seqs = [e.item.seq for e in events if isinstance(e.item, StoredStep)]
    assert sorted(seqs) == [1, 2, 3] and len(seqs) == 3
    assert events[-1].item.status == SessionStatus.COMPLETED
    assert TimelineCursor(step_seq=0) in reader.cursors[2:]  # the re-read happened


def test_a_stopped_watch_ends_without_another_poll():
    reader = FakeReader([([1], SessionStatus.ACTIVE)])
    stopped = threading.Event()
    stopped.set()
    events = list(SessionWatcher(reader, poll_interval_s=10).watch("t", "g", True, stopped))
    assert len(events) == 2 and len(reader.cursors) == 1
