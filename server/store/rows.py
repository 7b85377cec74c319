"""Stored timeline rows mapped back to domain objects, for the read queries.

Each column tuple is the SELECT list its mapping function expects, in order.
"""
from __future__ import annotations

import datetime as dt
import json
from typing import Any, Optional, Sequence

from evidence_trace.server.domain.model import (
    AgentStep,
    Classification,
    Decision,
    ErrorKind,
    EvidenceHint,
    FallbackReason,
    Invocation,
    Outcome,
    OutputState,
    RelevanceLevel,
    Retrieval,
    StepKind,
    Verdict,
)
from evidence_trace.server.domain.timeline import StoredEvaluation, StoredInvocation, StoredStep
from evidence_trace.server.store.claims_json import claims_from_json

STEP_COLUMNS = ("seq", "step_id", "session_id", "kind", "name", "start_us", "duration_ms", "detail",
                "detail_truncated", "success", "error_message", "record_us")
INVOCATION_COLUMNS = ("seq", "invocation_id", "session_id", "tool_name", "input_params", "start_us",
                      "duration_ms", "success", "output_state", "output_preview", "output_truncated",
                      "error_message", "error_kind", "has_retrieval", "retrieval_layer", "l0_count", "l1_count",
                      "relevance_level", "dedup_reason", "retrieval_details", "topic_domain", "evidence_hint",
                      "outcome", "effective_topic", "excerpt", "note", "record_us")
EVALUATION_COLUMNS = ("seq", "evaluation_id", "session_id", "question", "decision", "fallback_reason",
                      "reasons", "confidence", "verifier", "latency_ms", "create_us", "claims", "verifier_decision")
#: The last evaluation's columns in the session listing, from the alias `e`.
OVERVIEW_EVALUATION_COLUMNS = ", ".join(
    f"e.{c}" for c in ("decision", "fallback_reason", "reasons", "confidence", "verifier", "create_us"))


def _time(us: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(us / 1e6, tz=dt.timezone.utc)


def _json(text: Optional[str]) -> Any:
    return json.loads(text) if text else None


def _bool(value: Any) -> Optional[bool]:
    return None if value is None else bool(value)


def step(row: Sequence[Any]) -> StoredStep:
    (seq, step_id, session_id, kind, name, start_us, duration_ms, detail, detail_truncated, success,
     error_message, record_us) = row
    return StoredStep(seq=seq, record_us=record_us, step=AgentStep(
        step_id=step_id, session_id=session_id, kind=StepKind(kind), name=name, start_time=_time(start_us),
        duration_ms=duration_ms, detail=detail, detail_truncated=bool(detail_truncated), success=_bool(success),
        error_message=error_message))


def invocation(row: Sequence[Any]) -> StoredInvocation:
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
        output_truncated=bool(output_truncated), error_message=error_message, error_kind=ErrorKind(error_kind),
        retrieval=retrieval, topic_domain=topic_domain, evidence_hint=EvidenceHint(evidence_hint))
    classification = Classification(outcome=Outcome(outcome), topic_domain=effective_topic, excerpt=excerpt,
                                    note=note)
    return StoredInvocation(seq=seq, invocation=inv, classification=classification, record_us=record_us)


def _verdict(decision: int, fallback: int, reasons: str, confidence: Optional[float], verifier: str,
             claims: str = "", verifier_decision: int = 0) -> Verdict:
    # output_text is what the user saw; the timeline does not carry it.
    return Verdict(decision=Decision(decision), reasons=tuple(_json(reasons) or ()), confidence=confidence,
                   fallback_reason=FallbackReason(fallback), verifier=verifier, output_text="",
                   claims=claims_from_json(claims), backend_decision=Decision(verifier_decision or 0))


def evaluation(row: Sequence[Any]) -> StoredEvaluation:
    (seq, evaluation_id, session_id, question, decision, fallback, reasons, confidence, verifier, latency_ms,
     create_us, claims, verifier_decision) = row
    return StoredEvaluation(seq=seq, evaluation_id=evaluation_id, session_id=session_id, question=question,
                            verdict=_verdict(decision, fallback, reasons, confidence, verifier, claims,
                                             verifier_decision),
                            latency_ms=latency_ms, create_us=create_us)


def overview_verdict(row: Sequence[Any]) -> tuple[Optional[Verdict], Optional[int]]:
    """The last evaluation's verdict and commit time from a listing row; (None, None) without one."""
    decision, fallback, reasons, confidence, verifier, create_us = row
    if decision is None:
        return None, None
    return _verdict(decision, fallback, reasons, confidence, verifier), create_us
