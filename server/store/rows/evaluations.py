"""The verifier_evaluation mapper."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from evidence_trace.server.domain.audit import AuditedEvaluation
from evidence_trace.server.domain.model import Decision, FallbackReason, Verdict
from evidence_trace.server.domain.timeline import NewEvaluation, PriorChat, StoredEvaluation
from evidence_trace.server.store import models
from evidence_trace.server.store.claims_json import claims_from_json, claims_to_json
from evidence_trace.server.store.rows.common import _json, canonical_json


class EvaluationMapper:
    """verifier_evaluation: one Chat call, what was judged and what the user saw."""

    table = models.VerifierEvaluation._meta.table_name
    #: The INSERT list: `write_row`'s values in order, then the commit stamp.
    write_columns = (
        "evaluation_id",
        "tenant",
        "session_id",
        "question",
        "draft_answer",
        "decision",
        "fallback_reason",
        "reasons",
        "confidence",
        "verifier",
        "raw_output",
        "source_invocation_ids",
        "latency_ms",
        "claims",
        "verifier_decision",
        "request_id",
        "request_digest",
        "create_us",
    )
    #: Where a Chat request id is unique: a resend finds the first call's row.
    request_key = ("tenant", "session_id", "request_id")
    #: The SELECT list `to_domain` reads, in order.
    columns = (
        "seq",
        "evaluation_id",
        "session_id",
        "question",
        "decision",
        "fallback_reason",
        "reasons",
        "confidence",
        "verifier",
        "latency_ms",
        "create_us",
        "claims",
        "verifier_decision",
    )
    #: The SELECT list `to_audited` reads: `columns`, then what only the audit page shows.
    audit_columns = columns + ("draft_answer", "source_invocation_ids")
    #: The SELECT list `overview_verdict` reads: a session listing's last verdict.
    overview_columns = ("decision", "fallback_reason", "reasons", "confidence", "verifier", "create_us")

    #: The SELECT list `to_prior` reads: what a resent Chat answers with.
    prior_columns = (
        "evaluation_id",
        "draft_answer",
        "request_digest",
        "source_invocation_ids",
        "decision",
        "fallback_reason",
        "reasons",
        "confidence",
        "verifier",
        "claims",
        "verifier_decision",
    )

    def write_row(self, e: NewEvaluation) -> tuple:
        """The stored row of one Chat call (raw output already bounded), without its commit stamp."""
        verdict = e.verdict
        return (
            e.evaluation_id,
            e.tenant,
            e.session_id,
            e.question,
            e.draft,
            int(verdict.decision),
            int(verdict.fallback_reason),
            canonical_json(list(verdict.reasons)),
            verdict.confidence,
            verdict.verifier,
            verdict.raw_output,
            canonical_json(list(e.source_invocation_ids)),
            e.latency_ms,
            claims_to_json(verdict.claims),
            int(verdict.backend_decision),
            e.request_id or None,
            e.request_digest,
        )

    def to_prior(self, row: Sequence[Any]) -> PriorChat:
        (
            evaluation_id,
            draft,
            digest,
            source_ids,
            decision,
            fallback,
            reasons,
            confidence,
            verifier,
            claims,
            verifier_decision,
        ) = row
        return PriorChat(
            evaluation_id=evaluation_id,
            draft=draft,
            request_digest=digest,
            source_invocation_ids=tuple(_json(source_ids) or ()),
            verdict=_verdict(decision, fallback, reasons, confidence, verifier, claims, verifier_decision),
        )

    def to_domain(self, row: Sequence[Any]) -> StoredEvaluation:
        (
            seq,
            evaluation_id,
            session_id,
            question,
            decision,
            fallback,
            reasons,
            confidence,
            verifier,
            latency_ms,
            create_us,
            claims,
            verifier_decision,
        ) = row
        return StoredEvaluation(
            seq=seq,
            evaluation_id=evaluation_id,
            session_id=session_id,
            question=question,
            verdict=_verdict(decision, fallback, reasons, confidence, verifier, claims, verifier_decision),
            latency_ms=latency_ms,
            create_us=create_us,
        )

    def to_audited(self, row: Sequence[Any]) -> AuditedEvaluation:
        width = len(self.columns)
        draft, source_ids = row[width:]
        return AuditedEvaluation(
            evaluation=self.to_domain(row[:width]), draft=draft, source_invocation_ids=tuple(_json(source_ids) or ())
        )

    def overview_verdict(self, row: Sequence[Any]) -> tuple[Optional[Verdict], Optional[int]]:
        """The last evaluation's verdict and commit time from a listing row; (None, None) without one."""
        decision, fallback, reasons, confidence, verifier, create_us = row
        if decision is None:
            return None, None
        return _verdict(decision, fallback, reasons, confidence, verifier), create_us


def _verdict(
    decision: int,
    fallback: int,
    reasons: str,
    confidence: Optional[float],
    verifier: str,
    claims: str = "",
    verifier_decision: int = 0,
) -> Verdict:
    # output_text is what the user saw; the timeline does not carry it.
    return Verdict(
        decision=Decision(decision),
        reasons=tuple(_json(reasons) or ()),
        confidence=confidence,
        fallback_reason=FallbackReason(fallback),
        verifier=verifier,
        output_text="",
        claims=claims_from_json(claims),
        backend_decision=Decision(verifier_decision or 0),
    )


EVALUATIONS = EvaluationMapper()
