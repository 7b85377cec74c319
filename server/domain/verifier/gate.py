"""The answer gate: judges a draft answer and decides what the user may see.

The gate never raises: missing, malformed or failed verifier output degrades
to LOW_CONFID with a FallbackReason (docs/verifier-protocol.md has the table).

Every draft judged by a backend is also split into claims and each claim is
checked against the evidence (grounding.py). The rules backend decides from
those checks; a model backend's verdict is held to them as a floor (unless
`claim_floor` is "off"): its ACCEPT or LOW_CONFID becomes REJECT when a claim is
contradicted or invented, and under "strict" its ACCEPT becomes LOW_CONFID when
a claim is ungrounded, unchecked, weak or vague ("contradictions" lets the model
settle the ungrounded and unchecked ones, and marks them). The verdict then
records both decisions.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Optional, Sequence

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.model import (
    ClaimCheck,
    ClaimStatus,
    Decision,
    EvidenceRow,
    FallbackReason,
    Outcome,
    SummaryEntry,
    Verdict,
)
from evidence_trace.server.domain.verifier.backend import VerificationRequest, Verifier, VerifierError, VerifierTimeout
from evidence_trace.server.domain.verifier.grounding import JUDGED_KINDS, check_draft
from evidence_trace.server.domain.verifier.protocol import REJECT_REASON, render_output
from evidence_trace.server.domain.verifier.verdict import MAX_REASONS, ParsedVerdict, fallback, parse_verdict
from evidence_trace.server.domain.verifier.zones import NO_ZONES, EvidenceZones

logger = logging.getLogger(__name__)

CALLER = "caller"
RULES = "rules"
MAX_RAW_OUTPUT_BYTES = 16 * 1024
MAX_EVIDENCE_TEXTS = 200
MAX_EVIDENCE_TEXT_CHARS = 4096
_SUPPORTING = (Outcome.DIRECT_SUPPORT, Outcome.INDIRECT_SUPPORT)
_ORDER = {Decision.REJECT: 0, Decision.LOW_CONFID: 1, Decision.ACCEPT: 2}
STRICT = "strict"
CONTRADICTIONS = "contradictions"
OFF = "off"
SETTLEABLE = (ClaimStatus.UNGROUNDED, ClaimStatus.UNCHECKED)
"""What a model's ACCEPT may settle under the "contradictions" floor: claims the rules could not match or read."""


class Gate:
    """Judges drafts with the configured backend, or with the caller's own output.

    claim_floor: how a model backend's verdict is held to the claim checks:
    "strict" (the default), "contradictions" or "off" (see floor()); True and
    False mean "strict" and "off". The rules backend always decides from them.
    zones: the zones of naive evidence timestamps, by tool or topic (zones.py).
    """

    def __init__(self, backend: Verifier, claim_floor: str | bool = STRICT, zones: EvidenceZones = NO_ZONES) -> None:
        self._backend = backend
        self._zones = zones
        self._name = backend.name
        if isinstance(claim_floor, bool):
            claim_floor = STRICT if claim_floor else OFF
        if claim_floor not in (STRICT, CONTRADICTIONS, OFF):
            raise ValueError(f"claim_floor must be {STRICT!r}, {CONTRADICTIONS!r} or {OFF!r}, not {claim_floor!r}")
        self._claim_floor = claim_floor

    def judge(
        self,
        question: str,
        draft_answer: str,
        entries: Sequence[SummaryEntry],
        rows: Sequence[EvidenceRow] = (),
        caller_output: Optional[str] = None,
        deadline: Optional[Deadline] = None,
    ) -> Verdict:
        """The verdict on `draft_answer`, with its claim checks.

        When `caller_output` is not None (even empty), it is judged instead of
        calling the backend, and the verdict names the verifier "caller".
        `deadline` bounds the backend's call (see VerificationRequest).
        """
        checks = _safe_checks(draft_answer, rows, self._zones, question)
        backend_decision = Decision.UNSPECIFIED
        if caller_output is not None:
            verifier, raw = CALLER, caller_output
            parsed = parse_verdict(raw)
        else:
            verifier = self._name
            texts = tuple(r.preview[:MAX_EVIDENCE_TEXT_CHARS] for r in rows if r.outcome in _SUPPORTING)[
                :MAX_EVIDENCE_TEXTS
            ]
            raw, parsed = self._call_backend(
                VerificationRequest(
                    question, draft_answer, tuple(entries), texts, tuple(rows), checks, deadline=deadline
                )
            )
            if self._name != RULES and self._claim_floor != OFF and parsed.fallback_reason == FallbackReason.NONE:
                floored = (
                    floor(parsed.decision, checks, self._claim_floor)
                    if checks is not None
                    else min(parsed.decision, Decision.LOW_CONFID, key=lambda d: _ORDER.get(d, 0))
                )
                if floored != parsed.decision:
                    backend_decision = parsed.decision
                    parsed = dataclasses.replace(
                        parsed,
                        decision=floored,
                        reasons=(f"the claim checks lowered the verifier's {parsed.decision.name} to {floored.name}",)
                        + parsed.reasons[: MAX_REASONS - 1],
                    )
                if checks is not None and self._claim_floor == CONTRADICTIONS:
                    checks = settled(parsed.decision, checks)
        return Verdict(
            decision=parsed.decision,
            # A verifier's reasons for a REJECT may quote the rejected draft:
            # they stay in raw_output (stored for audit), never in the response.
            reasons=(REJECT_REASON,) if parsed.decision == Decision.REJECT else parsed.reasons,
            confidence=parsed.confidence,
            fallback_reason=parsed.fallback_reason,
            verifier=verifier,
            output_text=render_output(parsed.decision, draft_answer),
            raw_output=bound_raw_output(raw),
            claims=checks or (),
            backend_decision=backend_decision,
        )

    def _call_backend(self, request: VerificationRequest) -> tuple[str, ParsedVerdict]:
        """The backend's raw output (empty when there was none) and its verdict."""
        name = self._name
        try:
            raw = self._backend.verify(request)
        except VerifierTimeout as exc:
            return "", fallback(FallbackReason.VERIFIER_TIMEOUT, f"verifier {name!r} timed out: {exc}")
        except VerifierError as exc:
            return "", fallback(FallbackReason.VERIFIER_ERROR, f"verifier {name!r} failed: {exc}")
        except Exception as exc:  # a backend bug must not fail the Chat call
            logger.exception("verifier %r failed unexpectedly; the answer degrades to LOW_CONFID", name)
            return "", fallback(
                FallbackReason.VERIFIER_ERROR, f"verifier {name!r} failed unexpectedly ({type(exc).__name__})"
            )
        if raw is not None and not isinstance(raw, str):
            return "", fallback(
                FallbackReason.VERIFIER_ERROR, f"verifier {name!r} returned {type(raw).__name__}, not text"
            )
        return raw or "", parse_verdict(raw)


def _safe_checks(
    draft: str, rows: Sequence[EvidenceRow], zones: EvidenceZones = NO_ZONES, question: str = ""
) -> Optional[tuple[ClaimCheck, ...]]:
    """The claim checks, or None if they fail: a bug in them must not fail the Chat call (the rules
    backend then runs them again and degrades to VERIFIER_ERROR; a model's verdict is capped at
    LOW_CONFID)."""
    try:
        return check_draft(draft, rows, zones, question)
    except Exception:  # noqa: BLE001 - the gate never raises
        logger.exception("claim checks failed")
        return None


def floor(decision: Decision, checks: Sequence[ClaimCheck], mode: str = STRICT) -> Decision:
    """The most a model verdict may be, given the claim checks.

    A contradicted or invented claim caps it at REJECT, whatever the mode. Under
    "strict", any other judged claim that is not grounded (ungrounded, unchecked,
    weak, vague, or an unsupported causal inference) caps it at LOW_CONFID; under
    "contradictions", only weak and vague claims still do: the model may settle
    the ungrounded and unchecked ones.
    """
    judged = [c for c in checks if c.kind in JUDGED_KINDS]
    cap = Decision.ACCEPT
    if any(c.status in (ClaimStatus.CONTRADICTED, ClaimStatus.INVENTED) for c in judged):
        cap = Decision.REJECT
    elif any(
        c.status != ClaimStatus.GROUNDED and not (mode == CONTRADICTIONS and c.status in SETTLEABLE) for c in judged
    ):
        cap = Decision.LOW_CONFID
    if decision not in _ORDER:
        return decision
    return decision if _ORDER[decision] <= _ORDER[cap] else cap


def settled(decision: Decision, checks: Sequence[ClaimCheck]) -> tuple[ClaimCheck, ...]:
    """The checks with the claims a model's standing ACCEPT settled marked as such."""
    if decision != Decision.ACCEPT:
        return tuple(checks)
    return tuple(
        dataclasses.replace(c, settled=True) if c.kind in JUDGED_KINDS and c.status in SETTLEABLE else c for c in checks
    )


def bound_raw_output(raw: str) -> str:
    """`raw` cut to at most MAX_RAW_OUTPUT_BYTES bytes of UTF-8, on a character boundary."""
    encoded = raw.encode("utf-8", errors="replace")
    if len(encoded) <= MAX_RAW_OUTPUT_BYTES:
        return raw
    return encoded[:MAX_RAW_OUTPUT_BYTES].decode("utf-8", errors="ignore")
