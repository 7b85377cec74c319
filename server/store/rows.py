"""One mapper per table: what a stored row looks like, said once.

Each mapper names its table's columns and converts both ways: domain objects
to the bound values of a write (a tuple in the order of `write_columns`), and
a read's row (a tuple in the order of the SELECT list it names) back to domain
objects. The writer, the reads and reclassification build their SQL from these
names; no other module lists a table's columns. JSON values are stored as
canonical compact JSON text, times as integer microseconds since the epoch.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from typing import Any, Optional, Sequence

from evidence_trace.server.domain.model import (
    AgentStep,
    Classification,
    ClassifiedRow,
    Decision,
    ErrorKind,
    EvidenceHint,
    EvidenceRow,
    FallbackReason,
    Invocation,
    Outcome,
    OutputState,
    RelevanceLevel,
    Retrieval,
    Session,
    SessionStatus,
    StepKind,
    Verdict,
)
from evidence_trace.server.domain.timeline import PriorChat, StoredEvaluation, StoredInvocation, StoredStep
from evidence_trace.server.store import models
from evidence_trace.server.store.claims_json import claims_from_json, claims_to_json


def canonical_json(value: Any) -> str:
    """Deterministic compact JSON: the stored and hashed form of JSON values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def to_us(value: Optional[dt.datetime]) -> Optional[int]:
    return None if value is None else int(value.timestamp() * 1_000_000)


def _time(us: int) -> dt.datetime:
    """A stored time (µs since the epoch) as an aware UTC datetime."""
    return dt.datetime.fromtimestamp(us / 1e6, tz=dt.timezone.utc)


def from_us(value: Optional[int]) -> Optional[dt.datetime]:
    """_time, for a column that may be NULL."""
    return None if value is None else _time(value)


def _json(text: Optional[str]) -> Any:
    return json.loads(text) if text else None


def _bool(value: Any) -> Optional[bool]:
    return None if value is None else bool(value)


_OUTCOMES = {int(o): o for o in Outcome}
_RELEVANCE = {int(r): r for r in RelevanceLevel}
_ERROR_KINDS = {int(k): k for k in ErrorKind}


@dataclasses.dataclass
class KeyedRow:
    """An invocation or step row, keyed for idempotency.

    values are the bound values of the mapper's `write_columns` but the last,
    the commit stamp (`record_us`), which the writer appends at commit time.
    """

    tenant: str
    session_id: str
    key: str
    content_hash: str
    values: tuple


class SessionMapper:
    """diagnosis_session: a session and its counters."""

    table = models.DiagnosisSession._meta.table_name
    #: The SELECT list `to_domain` reads, in order.
    columns = ("session_id", "status", "step_count", "tool_call_count", "helper_call_count", "evaluation_count",
               "create_us", "update_us", "complete_us")
    #: A new session's INSERT list, in `new_row`'s order.
    write_columns = ("tenant", "session_id", "status", "step_count", "tool_call_count", "helper_call_count",
                     "evaluation_count", "create_us", "update_us")
    #: The counters the writer moves with the rows they count.
    invocation_counter = "tool_call_count"
    evaluation_counter = "evaluation_count"

    def step_counter(self, kind: StepKind) -> str:
        return "step_count" if kind == StepKind.MODEL_STEP else "helper_call_count"

    def new_row(self, tenant: str, session_id: str, stamp_us: int) -> tuple:
        return (tenant, session_id, int(SessionStatus.ACTIVE), 0, 0, 0, 0, stamp_us, stamp_us)

    def to_domain(self, row: Sequence[Any]) -> Session:
        (session_id, status, steps, tools, helpers, evals, create_us, update_us, complete_us) = row
        return Session(session_id=session_id, status=SessionStatus(status), step_count=steps, tool_call_count=tools,
                       helper_call_count=helpers, evaluation_count=evals, create_time=_time(create_us),
                       update_time=_time(update_us), complete_time=from_us(complete_us))


class KeyedMapper:
    """A table whose rows are keyed by (tenant, client id) and carry a content hash."""

    table: str
    key_column: str
    write_columns: tuple[str, ...]

    @property
    def conflict_columns(self) -> tuple[str, str]:
        """The unique key: an INSERT's ON CONFLICT target and RETURNING list."""
        return ("tenant", self.key_column)

    @property
    def hash_columns(self) -> tuple[str, str, str]:
        """What a resend is compared with: (key, content hash, commit stamp)."""
        return (self.key_column, "content_hash", "record_us")


class StepMapper(KeyedMapper):
    """agent_step: model steps and helper workflow calls."""

    table = models.AgentStep._meta.table_name
    key_column = "step_id"
    #: The INSERT list: `keyed_row`'s values in order, then the commit stamp.
    write_columns = ("tenant", "session_id", "step_id", "kind", "name", "start_us", "duration_ms", "detail",
                     "detail_truncated", "success", "error_message", "content_hash", "record_us")
    #: The SELECT list `to_domain` reads, in order.
    columns = ("seq", "step_id", "session_id", "kind", "name", "start_us", "duration_ms", "detail",
               "detail_truncated", "success", "error_message", "record_us")

    def keyed_row(self, tenant: str, step: AgentStep, received_us: int) -> KeyedRow:
        """The stored row of a validated, normalized step; a missing start time is `received_us`."""
        start_us = to_us(step.start_time)
        content_hash = _digest(canonical_json([step.session_id, int(step.kind), step.name, start_us,
                                               step.duration_ms, step.detail, step.detail_truncated,
                                               step.success, step.error_message]))
        values = (tenant, step.session_id, step.step_id, int(step.kind), step.name,
                  start_us if start_us is not None else received_us, step.duration_ms, step.detail,
                  step.detail_truncated, step.success, step.error_message, content_hash)
        return KeyedRow(tenant, step.session_id, step.step_id, content_hash, values)

    def to_domain(self, row: Sequence[Any]) -> StoredStep:
        (seq, step_id, session_id, kind, name, start_us, duration_ms, detail, detail_truncated, success,
         error_message, record_us) = row
        return StoredStep(seq=seq, record_us=record_us, step=AgentStep(
            step_id=step_id, session_id=session_id, kind=StepKind(kind), name=name, start_time=_time(start_us),
            duration_ms=duration_ms, detail=detail, detail_truncated=bool(detail_truncated),
            success=_bool(success), error_message=error_message))


class InvocationMapper(KeyedMapper):
    """tool_invocation: evidence-bearing tool calls with their server-side classification."""

    table = models.ToolInvocation._meta.table_name
    key_column = "invocation_id"
    #: The INSERT list: `keyed_row`'s values in order, then the commit stamp.
    write_columns = ("tenant", "session_id", "invocation_id", "tool_name", "input_params", "input_digest",
                     "start_us", "duration_ms", "success", "output_state", "output_preview", "output_truncated",
                     "error_message", "error_kind", "retrieval_layer", "l0_count", "l1_count", "relevance_level",
                     "dedup_reason", "retrieval_details", "has_retrieval", "topic_domain", "evidence_hint",
                     "outcome", "effective_topic", "excerpt", "note", "classifier_version", "content_hash",
                     "record_us")
    #: The SELECT list `to_domain` reads, in order.
    columns = ("seq", "invocation_id", "session_id", "tool_name", "input_params", "start_us", "duration_ms",
               "success", "output_state", "output_preview", "output_truncated", "error_message", "error_kind",
               "has_retrieval", "retrieval_layer", "l0_count", "l1_count", "relevance_level", "dedup_reason",
               "retrieval_details", "topic_domain", "evidence_hint", "outcome", "effective_topic", "excerpt",
               "note", "record_us")
    #: The SELECT list `classified` reads: a row as the summary sees it.
    classified_columns = ("invocation_id", "tool_name", "effective_topic", "outcome", "input_digest", "excerpt",
                          "note")
    #: The SELECT list `evidence` reads: the summary's row, then what the claim checks read.
    evidence_columns = classified_columns + ("output_preview", "input_params", "relevance_level", "error_message",
                                             "error_kind", "duration_ms")
    #: The columns a reclassification rewrites, in `classification_row`'s order.
    classification_columns = ("outcome", "effective_topic", "excerpt", "note", "classifier_version")

    def keyed_row(self, tenant: str, inv: Invocation, c: Classification, classifier_version: int,
                  received_us: int) -> KeyedRow:
        """The stored row of a validated, normalized invocation classified as `c`.

        A missing start time is stored as `received_us`; the content hash is of
        the invocation as sent, so a resend hashes the same.
        """
        params = canonical_json(inv.input_params or {})
        r = inv.retrieval
        details = canonical_json(r.details) if r is not None and r.details else None
        start_us = to_us(inv.start_time)
        content_hash = _digest(canonical_json([
            inv.session_id, inv.tool_name, params, start_us, inv.duration_ms, inv.success,
            int(inv.output_state), inv.output_preview, inv.output_truncated, inv.error_message,
            int(inv.error_kind), None if r is None else [r.layer, r.l0_count, r.l1_count, int(r.relevance),
                                                         r.dedup_reason, details],
            inv.topic_domain, int(inv.evidence_hint),
        ]))
        values = (
            tenant, inv.session_id, inv.invocation_id, inv.tool_name, params, _digest(params)[:32],
            start_us if start_us is not None else received_us, inv.duration_ms, bool(inv.success),
            int(inv.output_state), inv.output_preview, inv.output_truncated, inv.error_message,
            int(inv.error_kind), r.layer if r else None, r.l0_count if r else None, r.l1_count if r else None,
            int(r.relevance) if r else None, r.dedup_reason if r else None, details, r is not None,
            inv.topic_domain, int(inv.evidence_hint), int(c.outcome), c.topic_domain, c.excerpt, c.note,
            classifier_version, content_hash,
        )
        return KeyedRow(tenant, inv.session_id, inv.invocation_id, content_hash, values)

    def classification_row(self, c: Classification, classifier_version: int) -> tuple:
        return (int(c.outcome), c.topic_domain, c.excerpt, c.note, classifier_version)

    def to_domain(self, row: Sequence[Any]) -> StoredInvocation:
        (seq, invocation_id, session_id, tool_name, input_params, start_us, duration_ms, success, output_state,
         output_preview, output_truncated, error_message, error_kind, has_retrieval, layer, l0_count, l1_count,
         relevance, dedup_reason, details, topic_domain, evidence_hint, outcome, effective_topic, excerpt, note,
         record_us) = row
        retrieval = None
        if has_retrieval:
            retrieval = Retrieval(layer=layer or "", l0_count=l0_count, l1_count=l1_count,
                                  relevance=RelevanceLevel(relevance or 0), dedup_reason=dedup_reason or "",
                                  details=_json(details))
        inv = Invocation(
            invocation_id=invocation_id, session_id=session_id, tool_name=tool_name,
            input_params=_json(input_params) or {}, start_time=_time(start_us), duration_ms=duration_ms,
            success=bool(success), output_state=OutputState(output_state), output_preview=output_preview,
            output_truncated=bool(output_truncated), error_message=error_message,
            error_kind=ErrorKind(error_kind), retrieval=retrieval, topic_domain=topic_domain,
            evidence_hint=EvidenceHint(evidence_hint))
        classification = Classification(outcome=Outcome(outcome), topic_domain=effective_topic, excerpt=excerpt,
                                        note=note)
        return StoredInvocation(seq=seq, invocation=inv, classification=classification, record_us=record_us)

    def classified(self, row: Sequence[Any]) -> ClassifiedRow:
        return ClassifiedRow(invocation_id=row[0], tool_name=row[1], topic_domain=row[2], outcome=_OUTCOMES[row[3]],
                             input_digest=row[4], excerpt=row[5], note=row[6])

    def evidence(self, row: Sequence[Any], preview_chars: int) -> tuple[ClassifiedRow, EvidenceRow]:
        """A row of `evidence_columns` as the summary and as the claim checks read it."""
        classified = self.classified(row)
        return classified, EvidenceRow(
            invocation_id=row[0], tool_name=row[1], outcome=classified.outcome, preview=(row[7] or "")[:preview_chars],
            relevance=_RELEVANCE[row[9] or 0], error_message=row[10] or "", error_kind=_ERROR_KINDS[row[11] or 0],
            duration_ms=row[12] or 0, params_json=row[8] or "")


class EvaluationMapper:
    """verifier_evaluation: one Chat call, what was judged and what the user saw."""

    table = models.VerifierEvaluation._meta.table_name
    #: The INSERT list: `write_row`'s values in order, then the commit stamp.
    write_columns = ("evaluation_id", "tenant", "session_id", "question", "draft_answer", "decision",
                     "fallback_reason", "reasons", "confidence", "verifier", "raw_output", "source_invocation_ids",
                     "latency_ms", "claims", "verifier_decision", "request_id", "request_digest", "create_us")
    #: Where a Chat request id is unique: a resend finds the first call's row.
    request_key = ("tenant", "session_id", "request_id")
    #: The SELECT list `to_domain` reads, in order.
    columns = ("seq", "evaluation_id", "session_id", "question", "decision", "fallback_reason", "reasons",
               "confidence", "verifier", "latency_ms", "create_us", "claims", "verifier_decision")
    #: The SELECT list `overview_verdict` reads: a session listing's last verdict.
    overview_columns = ("decision", "fallback_reason", "reasons", "confidence", "verifier", "create_us")

    #: The SELECT list `to_prior` reads: what a resent Chat answers with.
    prior_columns = ("evaluation_id", "draft_answer", "request_digest", "source_invocation_ids", "decision",
                     "fallback_reason", "reasons", "confidence", "verifier", "claims", "verifier_decision")

    def write_row(self, tenant: str, session_id: str, evaluation_id: str, question: str, draft: str,
                  verdict: Verdict, source_ids: Sequence[str], latency_ms: float,
                  request_id: str = "", request_digest: str = "") -> tuple:
        """The stored row of one Chat call (raw output already bounded), without its commit stamp."""
        return (evaluation_id, tenant, session_id, question, draft, int(verdict.decision),
                int(verdict.fallback_reason), canonical_json(list(verdict.reasons)), verdict.confidence,
                verdict.verifier, verdict.raw_output, canonical_json(list(source_ids)), latency_ms,
                claims_to_json(verdict.claims), int(verdict.backend_decision), request_id or None, request_digest)

    def to_prior(self, row: Sequence[Any]) -> PriorChat:
        (evaluation_id, draft, digest, source_ids, decision, fallback, reasons, confidence, verifier, claims,
         verifier_decision) = row
        return PriorChat(evaluation_id=evaluation_id, draft=draft, request_digest=digest,
                         source_invocation_ids=tuple(_json(source_ids) or ()),
                         verdict=_verdict(decision, fallback, reasons, confidence, verifier, claims,
                                          verifier_decision))

    def to_domain(self, row: Sequence[Any]) -> StoredEvaluation:
        (seq, evaluation_id, session_id, question, decision, fallback, reasons, confidence, verifier, latency_ms,
         create_us, claims, verifier_decision) = row
        return StoredEvaluation(seq=seq, evaluation_id=evaluation_id, session_id=session_id, question=question,
                                verdict=_verdict(decision, fallback, reasons, confidence, verifier, claims,
                                                 verifier_decision),
                                latency_ms=latency_ms, create_us=create_us)

    def overview_verdict(self, row: Sequence[Any]) -> tuple[Optional[Verdict], Optional[int]]:
        """The last evaluation's verdict and commit time from a listing row; (None, None) without one."""
        decision, fallback, reasons, confidence, verifier, create_us = row
        if decision is None:
            return None, None
        return _verdict(decision, fallback, reasons, confidence, verifier), create_us


def _verdict(decision: int, fallback: int, reasons: str, confidence: Optional[float], verifier: str,
             claims: str = "", verifier_decision: int = 0) -> Verdict:
    # output_text is what the user saw; the timeline does not carry it.
    return Verdict(decision=Decision(decision), reasons=tuple(_json(reasons) or ()), confidence=confidence,
                   fallback_reason=FallbackReason(fallback), verifier=verifier, output_text="",
                   claims=claims_from_json(claims), backend_decision=Decision(verifier_decision or 0))


SESSIONS = SessionMapper()
STEPS = StepMapper()
INVOCATIONS = InvocationMapper()
EVALUATIONS = EvaluationMapper()
