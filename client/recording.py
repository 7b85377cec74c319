"""Where traced calls go: the Recorder protocol, its counters, and the direct recorder."""

from __future__ import annotations

import dataclasses
import logging
import threading
from typing import TYPE_CHECKING, Protocol, Union, runtime_checkable

import grpc

from evidence_trace.client.errors import EvidenceTraceError
from evidence_trace.v1 import evidence_trace_pb2 as pb

if TYPE_CHECKING:
    from evidence_trace.client.sync import EvidenceTraceClient

log = logging.getLogger("evidence_trace.client")

Record = Union[pb.ToolInvocation, pb.AgentStep]

#: Errors that mean "the server refused this record's content": resending cannot help.
_CONTENT_ERRORS = (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.ALREADY_EXISTS)


@dataclasses.dataclass(frozen=True)
class RecorderStats:
    """What happened to every record handed to a recorder.

    Always ``enqueued == sent + duplicates + rejected + failed_after_retries +
    abandoned_at_close + pending``; records refused at the door
    (``dropped_queue_full``, ``dropped_after_close``) were never enqueued.
    """

    #: Records accepted for delivery.
    enqueued: int = 0
    #: Stored by the server (RECORD_OUTCOME_CREATED).
    sent: int = 0
    #: Already stored (RECORD_OUTCOME_DUPLICATE): a resend whose first attempt had landed.
    duplicates: int = 0
    #: Refused by the server for their content (INVALID_ARGUMENT, an id conflict); never resent.
    rejected: int = 0
    #: Refused at submit because the queue was full; the tool call went on unrecorded.
    dropped_queue_full: int = 0
    #: Refused at submit because the recorder was already closed.
    dropped_after_close: int = 0
    #: Not delivered: the server stayed unreachable or failed past the retry budget.
    failed_after_retries: int = 0
    #: Still queued when close() ran out of time; discarded.
    abandoned_at_close: int = 0
    #: Queued or being sent right now.
    pending: int = 0

    @property
    def delivered(self) -> int:
        """Records the server holds: sent plus duplicates."""
        return self.sent + self.duplicates

    @property
    def undelivered(self) -> int:
        """Records that will never reach the server (pending excluded)."""
        return (
            self.rejected
            + self.dropped_queue_full
            + self.dropped_after_close
            + self.failed_after_retries
            + self.abandoned_at_close
        )


@runtime_checkable
class Recorder(Protocol):
    """Takes finished records. `submit` and `submit_step` never raise."""

    def submit(self, invocation: pb.ToolInvocation) -> bool:
        """Hand over one tool call; False when it was dropped."""
        ...

    def submit_step(self, step: pb.AgentStep) -> bool:
        """Hand over one agent step; False when it was dropped."""
        ...

    def stats(self) -> RecorderStats:
        """The counters."""
        ...


class Counters:
    """Thread-safe counters behind RecorderStats."""

    def __init__(self, lock: threading.Lock | threading.RLock | None = None) -> None:
        self.lock = lock or threading.Lock()
        self.values = {f.name: 0 for f in dataclasses.fields(RecorderStats) if f.name != "pending"}

    def add_unlocked(self, name: str, n: int = 1) -> None:
        self.values[name] += n

    def add(self, name: str, n: int = 1) -> None:
        with self.lock:
            self.values[name] += n

    def snapshot(self) -> RecorderStats:
        with self.lock:
            return self.snapshot_unlocked()

    def snapshot_unlocked(self) -> RecorderStats:
        v = self.values
        finished = v["sent"] + v["duplicates"] + v["rejected"] + v["failed_after_retries"] + v["abandoned_at_close"]
        return RecorderStats(**v, pending=v["enqueued"] - finished)


def outcome_counter(outcome: int) -> str:
    """The counter a record outcome adds to."""
    if outcome == pb.RECORD_OUTCOME_CREATED:
        return "sent"
    if outcome == pb.RECORD_OUTCOME_DUPLICATE:
        return "duplicates"
    return "rejected"


def error_counter(error: BaseException) -> str:
    """The counter a failed send adds to: content errors are rejections, the rest failures."""
    if isinstance(error, EvidenceTraceError) and error.code in _CONTENT_ERRORS:
        return "rejected"
    return "failed_after_retries"


class DirectRecorder:
    """Records each call synchronously, in the caller's thread, before the tool returns.

    The tool call waits for the round trip (bounded by the client's deadline
    and retries), so prefer `BackgroundRecorder` in agents. Errors are logged
    and counted, never raised.
    """

    def __init__(self, client: "EvidenceTraceClient") -> None:
        self._client = client
        self._counters = Counters()

    def submit(self, invocation: pb.ToolInvocation) -> bool:
        self._counters.add("enqueued")
        return self._deliver(
            lambda: self._client.record_invocation(invocation=invocation, view=pb.RECORD_VIEW_BASIC).outcome,
            invocation.invocation_id,
        )

    def submit_step(self, step: pb.AgentStep) -> bool:
        self._counters.add("enqueued")
        return self._deliver(lambda: self._client.record_agent_step(step=step).outcome, step.step_id)

    def stats(self) -> RecorderStats:
        return self._counters.snapshot()

    def flush(self, timeout: float | None = None) -> bool:
        """Nothing is ever queued: always True."""
        return True

    def close(self, timeout: float | None = None) -> RecorderStats:
        return self.stats()

    def _deliver(self, send, record_id: str) -> bool:
        try:
            counter = outcome_counter(send())
        except Exception as exc:  # never break the agent
            counter = error_counter(exc)
            log.warning("evidence-trace: record %s not delivered: %s", record_id, exc)
        self._counters.add(counter)
        return counter in ("sent", "duplicates")
