"""The recorder: the one path by which invocations and agent steps are stored.

It validates each row at the edge, normalizes it (cuts oversize previews and
flags them truncated), classifies it as evidence once (domain/evidence.py),
computes the content hash that makes resends idempotent, and hands it to the
group-commit writer. Nothing else constructs evidence rows.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import json
from typing import Optional, Sequence, Union

from evidence_trace.server.domain.errors import (
    CommitPending,
    InvalidArgument,
    StorageUnavailable,
    Violation,
)
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
from evidence_trace.server.domain.validation import (
    Limits,
    check_id,
    truncate_utf8,
    validate_invocation,
    validate_step,
)
from evidence_trace.server.store.claims_json import claims_to_json
from evidence_trace.server.store.writer import (
    CompleteSession,
    GroupCommitWriter,
    KeyedRow,
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


def canonical_json(value) -> str:
    """Deterministic compact JSON: the stored and hashed form of JSON values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _us(value) -> Optional[int]:
    return None if value is None else int(value.timestamp() * 1_000_000)


@dataclasses.dataclass(frozen=True)
class Recorded:
    """A committed (or duplicate) row as the caller sees it."""

    outcome: RecordOutcome
    record_us: int
    invocation: Optional[Invocation] = None
    classification: Optional[Classification] = None
    step: Optional[AgentStep] = None


Result = Union[Recorded, Exception]


class Recorder:
    def __init__(self, writer: GroupCommitWriter, limits: Limits, redactor: Redactor = DEFAULT_REDACTOR):
        self._writer = writer
        self.limits = limits
        self.redactor = redactor  # secrets never reach the hash, the row, the log or a verifier

    # -- invocations ---------------------------------------------------------
    def normalize_invocation(self, inv: Invocation) -> Invocation:
        inv = self.redactor.invocation(inv, self.limits.preview_bytes + _SECRET_OVERLAP_CHARS)
        preview, cut = truncate_utf8(inv.output_preview, self.limits.preview_bytes)
        output_state = inv.output_state
        if output_state == OutputState.UNSPECIFIED and preview:
            output_state = OutputState.CAPTURED
        return dataclasses.replace(inv, output_preview=preview, output_truncated=inv.output_truncated or cut,
                                   output_state=output_state, topic_domain=inv.topic_domain.strip())

    def invocation_row(self, tenant: str, inv: Invocation, received_us: int) -> tuple[KeyedRow, Classification]:
        """The stored row of a validated, normalized invocation, and its classification."""
        params = canonical_json(inv.input_params or {})
        r = inv.retrieval
        details = canonical_json(r.details) if r is not None and r.details else None
        start_us = _us(inv.start_time)
        content = canonical_json([
            inv.session_id, inv.tool_name, params, start_us, inv.duration_ms, inv.success,
            int(inv.output_state), inv.output_preview, inv.output_truncated, inv.error_message,
            int(inv.error_kind), None if r is None else [r.layer, r.l0_count, r.l1_count, int(r.relevance),
                                                         r.dedup_reason, details],
            inv.topic_domain, int(inv.evidence_hint),
        ])
        c = classify(inv)
        content_hash = _digest(content)
        values = {
            "tenant": tenant, "session_id": inv.session_id, "invocation_id": inv.invocation_id,
            "tool_name": inv.tool_name, "input_params": params, "input_digest": _digest(params)[:32],
            "start_us": start_us if start_us is not None else received_us, "duration_ms": inv.duration_ms,
            "success": bool(inv.success), "output_state": int(inv.output_state),
            "output_preview": inv.output_preview, "output_truncated": inv.output_truncated,
            "error_message": inv.error_message, "error_kind": int(inv.error_kind),
            "retrieval_layer": r.layer if r else None, "l0_count": r.l0_count if r else None,
            "l1_count": r.l1_count if r else None, "relevance_level": int(r.relevance) if r else None,
            "dedup_reason": r.dedup_reason if r else None, "retrieval_details": details,
            "has_retrieval": r is not None, "topic_domain": inv.topic_domain,
            "evidence_hint": int(inv.evidence_hint), "outcome": int(c.outcome),
            "effective_topic": c.topic_domain, "excerpt": c.excerpt, "note": c.note,
            "classifier_version": CLASSIFIER_VERSION, "content_hash": content_hash,
        }
        return KeyedRow(tenant, inv.session_id, inv.invocation_id, content_hash, values), c

    def record_invocations(self, tenant: str, invocations: Sequence[Invocation],
                           timeout: Optional[float]) -> list[Result]:
        """Validate, classify and durably store invocations; one result per item.

        A bad item yields an InvalidArgument in its slot and never blocks the
        others. Storage failures are raised, not returned: they concern all.
        """
        received = now_us()
        results: list[Optional[Result]] = [None] * len(invocations)
        ops: list[Operation] = []
        slots: list[tuple[int, Invocation, Classification]] = []
        for i, raw in enumerate(invocations):
            violations = validate_invocation(raw, self.limits) or self.redactor.key_violations(
                invocation_id=raw.invocation_id, session_id=raw.session_id, tool_name=raw.tool_name)
            if violations:
                results[i] = InvalidArgument(violations)
                continue
            inv = self.normalize_invocation(raw)
            row, c = self.invocation_row(tenant, inv, received)
            ops.append(WriteInvocation(row))
            slots.append((i, inv, c))
        for (i, inv, c), written in zip(slots, self._wait(ops, timeout)):
            results[i] = (Recorded(written.outcome, written.record_us, invocation=inv, classification=c)
                          if isinstance(written, Written) else written)
        return results  # type: ignore[return-value]

    # -- steps ---------------------------------------------------------------
    def record_step(self, tenant: str, step: AgentStep, timeout: Optional[float]) -> Recorded:
        violations = validate_step(step, self.limits) or self.redactor.key_violations(
            step_id=step.step_id, session_id=step.session_id)
        if violations:
            raise InvalidArgument(violations)
        step = self.redactor.step(step, self.limits.step_detail_bytes + _SECRET_OVERLAP_CHARS)
        detail, cut = truncate_utf8(step.detail, self.limits.step_detail_bytes)
        step = dataclasses.replace(step, detail=detail, detail_truncated=step.detail_truncated or cut)
        start_us = _us(step.start_time)
        content_hash = _digest(canonical_json([step.session_id, int(step.kind), step.name, start_us,
                                               step.duration_ms, step.detail, step.detail_truncated,
                                               step.success, step.error_message]))
        values = {
            "tenant": tenant, "session_id": step.session_id, "step_id": step.step_id, "kind": int(step.kind),
            "name": step.name, "start_us": start_us if start_us is not None else now_us(),
            "duration_ms": step.duration_ms, "detail": step.detail, "detail_truncated": step.detail_truncated,
            "success": step.success, "error_message": step.error_message, "content_hash": content_hash,
        }
        row = KeyedRow(tenant, step.session_id, step.step_id, content_hash, values)
        (written,) = self._wait([WriteStep(row, step.kind)], timeout)
        if isinstance(written, Exception):
            raise written
        return Recorded(written.outcome, written.record_us, step=step)

    # -- sessions ------------------------------------------------------------
    def complete_session(self, tenant: str, session_id: str, status: SessionStatus,
                         timeout: Optional[float]) -> None:
        violations = check_id("session_id", session_id)
        if status not in (SessionStatus.COMPLETED, SessionStatus.FAILED):
            violations.append(Violation("status", "must be SESSION_STATUS_COMPLETED or SESSION_STATUS_FAILED"))
        if violations:
            raise InvalidArgument(violations)
        (written,) = self._wait([CompleteSession(tenant, session_id, status)], timeout)
        if isinstance(written, Exception):
            raise written

    # -- evaluations ---------------------------------------------------------
    def record_evaluation(self, tenant: str, session_id: str, values: dict, timeout: Optional[float]) -> int:
        """Store one verifier evaluation; returns its commit time (µs)."""
        (written,) = self._wait([WriteEvaluation(tenant, session_id, values)], timeout)
        if isinstance(written, Exception):
            raise written
        return written.record_us

    def _wait(self, ops: list[Operation], timeout: Optional[float]) -> list[Union[Written, Exception]]:
        """Submit and wait for the commit. Storage errors propagate as raised."""
        if not ops:
            return []
        try:
            results = self._writer.submit(ops).result(timeout)
        except concurrent.futures.TimeoutError:
            raise CommitPending("the deadline passed before the write committed; "
                                "retrying with the same id is safe") from None
        for result in results:
            if isinstance(result, StorageUnavailable):
                raise result
        return results


def evaluation_values(tenant: str, session_id: str, evaluation_id: str, question: str, draft: str,
                      verdict, source_ids: Sequence[str], latency_ms: float) -> dict:
    """The verifier_evaluation row for one Chat call (raw output already bounded)."""
    return {
        "evaluation_id": evaluation_id, "tenant": tenant, "session_id": session_id,
        "question": question, "draft_answer": draft, "decision": int(verdict.decision),
        "fallback_reason": int(verdict.fallback_reason), "reasons": canonical_json(list(verdict.reasons)),
        "confidence": verdict.confidence, "verifier": verdict.verifier, "raw_output": verdict.raw_output,
        "source_invocation_ids": canonical_json(list(source_ids)), "latency_ms": latency_ms,
        "claims": claims_to_json(verdict.claims), "verifier_decision": int(verdict.backend_decision),
    }
