"""The recorder: the one path by which invocations and agent steps are stored.

It validates each row at the edge, normalizes it (cuts oversize previews and
flags them truncated), classifies it as evidence once (domain/evidence.py),
and hands the domain objects to the group-commit writer, whose operations
build the stored row and the content hash that makes resends idempotent
(store/rows.py). Nothing else records evidence rows.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import dataclasses
import threading
from typing import ContextManager, Iterator, Optional, Sequence, Union

from evidence_trace.server.domain.canonical import canonical_json
from evidence_trace.server.domain.errors import CommitPending, InvalidArgument, StorageUnavailable, Violation
from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION, classify
from evidence_trace.server.domain.model import (
    AgentStep,
    Classification,
    Invocation,
    OutputState,
    RecordOutcome,
    SessionStatus,
)
from evidence_trace.server.domain.redaction import DEFAULT_REDACTOR, Redactor
from evidence_trace.server.domain.timeline import NewEvaluation
from evidence_trace.server.domain.validation import Limits, check_id, truncate_utf8, validate_invocation, validate_step
from evidence_trace.server.store.writer import (
    CompleteSession,
    GroupCommitWriter,
    Operation,
    WriteEvaluation,
    WriteInvocation,
    WriteStep,
    Written,
    now_us,
)

#: Characters past a text's bound that redaction still looks at, so a secret
#: straddling the cut is recognised whole before the cut.
_SECRET_OVERLAP_CHARS = 1024


@dataclasses.dataclass(frozen=True)
class Recorded:
    """A committed (or duplicate) row as the caller sees it."""

    outcome: RecordOutcome
    record_us: int
    invocation: Optional[Invocation] = None
    classification: Optional[Classification] = None
    step: Optional[AgentStep] = None


Result = Union[Recorded, Exception]


#: Items from which a call counts as a bulk write, prepared in turns (Recorder.turn).
BULK_ITEMS = 64


class Recorder:
    def __init__(self, writer: GroupCommitWriter, limits: Limits, redactor: Redactor = DEFAULT_REDACTOR):
        self._writer = writer
        self._bulk = threading.RLock()  # held while one bulk call prepares its rows (re-entrant)
        self.limits = limits
        self.redactor = redactor  # secrets never reach the hash, the row, the log or a verifier

    # -- invocations ---------------------------------------------------------
    def normalize_invocation(self, inv: Invocation) -> Invocation:
        """inv redacted, its preview cut to the byte bound (and flagged), its output state and topic settled.

        One copy of the invocation at most: the redactor's changes and these
        are applied together, and an invocation that needs none is returned as is.
        """
        changes = self.redactor.invocation_changes(inv, self.limits.preview_bytes + _SECRET_OVERLAP_CHARS)
        preview, cut = truncate_utf8(changes.get("output_preview", inv.output_preview), self.limits.preview_bytes)
        if cut:
            changes["output_preview"] = preview
            changes["output_truncated"] = True
        if inv.output_state == OutputState.UNSPECIFIED and preview:
            changes["output_state"] = OutputState.CAPTURED
        topic = changes.get("topic_domain", inv.topic_domain)
        if topic != topic.strip():
            changes["topic_domain"] = topic.strip()
        return inv.with_changes(changes) if changes else inv

    def prepare_invocation(
        self, tenant: str, inv: Invocation, received_us: int, params_json: Optional[str] = None
    ) -> tuple[WriteInvocation, Classification]:
        """The write of a validated, normalized invocation, and its classification (decided here, once).

        params_json: its input_params as canonical JSON, if already built.
        """
        c = classify(inv)
        return WriteInvocation.of(tenant, inv, c, CLASSIFIER_VERSION, received_us, params_json), c

    def record_invocations(
        self, tenant: str, invocations: Sequence[Invocation], timeout: Optional[float]
    ) -> list[Result]:
        """Validate, classify and durably store invocations; one result per item.

        A bad item yields an InvalidArgument in its slot and never blocks the
        others. Storage failures are raised, not returned: they concern all.
        """
        received = now_us()
        results: list[Optional[Result]] = [None] * len(invocations)
        ops: list[Operation] = []
        slots: list[tuple[int, Invocation, Classification]] = []
        with self.turn(len(invocations), timeout), self._producing():  # a call waiting its turn holds no commit
            self._prepare_all(tenant, invocations, received, results, ops, slots)
            future = self._submit(ops)
        for (i, inv, c), written in zip(slots, self._result(future, timeout)):
            results[i] = (
                Recorded(written.outcome, written.record_us, invocation=inv, classification=c)
                if isinstance(written, Written)
                else written
            )
        return results  # type: ignore[return-value]

    def _prepare_all(
        self,
        tenant: str,
        invocations: Sequence[Invocation],
        received: int,
        results: list[Optional[Result]],
        ops: list[Operation],
        slots: list[tuple[int, Invocation, Classification]],
    ) -> None:
        """Validate, normalize and classify each invocation: its write in ops, or its violations in results."""
        for i, raw in enumerate(invocations):
            params_json = _params_json(raw)  # built once: its size is validated, then it is stored
            violations = validate_invocation(raw, self.limits, params_json) or self.redactor.key_violations(
                invocation_id=raw.invocation_id, session_id=raw.session_id, tool_name=raw.tool_name
            )
            if violations:
                results[i] = InvalidArgument(violations)
                continue
            inv = self.normalize_invocation(raw)
            op, c = self.prepare_invocation(
                tenant, inv, received, params_json if inv.input_params is raw.input_params else None
            )
            ops.append(op)
            slots.append((i, inv, c))

    # -- steps ---------------------------------------------------------------
    def record_step(self, tenant: str, step: AgentStep, timeout: Optional[float]) -> Recorded:
        (result,) = self.record_steps(tenant, [step], timeout)
        if isinstance(result, Exception):
            raise result
        return result

    def record_steps(self, tenant: str, steps: Sequence[AgentStep], timeout: Optional[float]) -> list[Result]:
        """Validate and durably store steps in one commit; one result per item, as record_invocations."""
        received = now_us()
        results: list[Optional[Result]] = [None] * len(steps)
        ops: list[Operation] = []
        slots: list[tuple[int, AgentStep]] = []
        with self._producing():
            for i, raw in enumerate(steps):
                violations = validate_step(raw, self.limits) or self.redactor.key_violations(
                    step_id=raw.step_id, session_id=raw.session_id
                )
                if violations:
                    results[i] = InvalidArgument(violations)
                    continue
                step = self.redactor.step(raw, self.limits.step_detail_bytes + _SECRET_OVERLAP_CHARS)
                detail, cut = truncate_utf8(step.detail, self.limits.step_detail_bytes)
                step = dataclasses.replace(step, detail=detail, detail_truncated=step.detail_truncated or cut)
                ops.append(WriteStep.of(tenant, step, received))
                slots.append((i, step))
            future = self._submit(ops)
        for (i, step), written in zip(slots, self._result(future, timeout)):
            results[i] = (
                Recorded(written.outcome, written.record_us, step=step) if isinstance(written, Written) else written
            )
        return results  # type: ignore[return-value]

    # -- sessions ------------------------------------------------------------
    def complete_session(self, tenant: str, session_id: str, status: SessionStatus, timeout: Optional[float]) -> None:
        violations = check_id("session_id", session_id)
        if status not in (SessionStatus.COMPLETED, SessionStatus.FAILED):
            violations.append(Violation("status", "must be SESSION_STATUS_COMPLETED or SESSION_STATUS_FAILED"))
        if violations:
            raise InvalidArgument(violations)
        (written,) = self._wait([CompleteSession(tenant, session_id, status)], timeout)
        if isinstance(written, Exception):
            raise written

    # -- evaluations ---------------------------------------------------------
    def record_evaluation(self, evaluation: NewEvaluation, timeout: Optional[float]) -> bool:
        """Store one verifier evaluation (raw output already bounded) and wait for its commit.

        False when nothing was stored because an evaluation with its request id
        was committed in the session first.
        """
        op = WriteEvaluation.of(evaluation)
        (written,) = self._wait([op], timeout)
        if isinstance(written, Exception):
            raise written
        return written.outcome == RecordOutcome.CREATED

    @contextlib.contextmanager
    def turn(self, items: int, timeout: Optional[float]) -> Iterator[None]:
        """Large batches are prepared one at a time: a bulk call waits its turn, sleeping.

        Re-entrant: a servicer may hold the turn around its whole call, its
        conversion of the request and its answer included (measured: a fifth
        less server CPU a row again), and the recording inside takes it once
        more at no cost.

        Preparing rows is CPU work under the GIL, so two batches prepared at
        once take as long as one after the other, and more: on 2 cores, four
        500-row callers cost 140-160 µs of server CPU a row this way against
        105-120 µs in turns (docs/performance.md). A servicer holding the turn
        until its rows committed measured the same rate as one giving it back
        at submit (so that the next batch is prepared during the commit), at
        10% less server CPU a row. Small calls never wait.
        """
        if items < BULK_ITEMS:
            yield
            return
        if not self._bulk.acquire(timeout=-1 if timeout is None else max(0.0, timeout)):
            raise CommitPending("the deadline passed while the batch waited its turn; nothing was written")
        try:
            yield
        finally:
            self._bulk.release()

    def _producing(self) -> ContextManager[None]:
        """The writer's `producing` context: concurrent calls' rows share a commit."""
        return self._writer.producing() if self._writer is not None else contextlib.nullcontext()

    def _submit(self, ops: list[Operation]) -> Optional[concurrent.futures.Future]:
        return self._writer.submit(ops) if ops else None

    def _wait(self, ops: list[Operation], timeout: Optional[float]) -> list[Union[Written, Exception]]:
        """Submit and wait for the commit. Storage errors propagate as raised."""
        return self._result(self._submit(ops), timeout)

    def _result(
        self, future: Optional[concurrent.futures.Future], timeout: Optional[float]
    ) -> list[Union[Written, Exception]]:
        """Wait for a submission's commit. Storage errors propagate as raised."""
        if future is None:
            return []
        try:
            results = future.result(timeout)
        except concurrent.futures.TimeoutError:
            raise CommitPending(
                "the deadline passed before the write committed; retrying with the same id is safe"
            ) from None
        for result in results:
            if isinstance(result, StorageUnavailable):
                raise result
        return results


def _params_json(inv: Invocation) -> Optional[str]:
    """inv's input_params as canonical JSON; None when they have no JSON form (validation then says why)."""
    try:
        return canonical_json(inv.input_params or {})
    except (ValueError, TypeError):
        return None
