"""The answer gate: judges a draft answer and decides what the user may see.

The gate never raises: missing, malformed or failed verifier output degrades
to LOW_CONFID with a FallbackReason (docs/verifier-protocol.md has the table).
"""
from __future__ import annotations

from typing import Optional, Sequence

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.model import Decision, FallbackReason, SummaryEntry, Verdict
from evidence_trace.server.domain.verifier.backend import (
    VerificationRequest,
    Verifier,
    VerifierError,
    VerifierTimeout,
)
from evidence_trace.server.domain.verifier.protocol import REJECT_REASON, render_output
from evidence_trace.server.domain.verifier.verdict import ParsedVerdict, fallback, parse_verdict

CALLER = "caller"
MAX_RAW_OUTPUT_BYTES = 16 * 1024


class Gate:
    """Judges drafts with the configured backend, or with the caller's own output."""

    def __init__(self, backend: Verifier) -> None:
        self._backend = backend
        self._name = backend.name

    def judge(
        self,
        question: str,
        draft_answer: str,
        entries: Sequence[SummaryEntry],
        evidence_texts: Sequence[str],
        caller_output: Optional[str] = None,
        deadline: Optional[Deadline] = None,
    ) -> Verdict:
        """The verdict on `draft_answer`.

        When `caller_output` is not None (even empty), it is judged instead of
        calling the backend, and the verdict names the verifier "caller".
        `deadline` bounds the backend's call (see VerificationRequest).
        """
        if caller_output is not None:
            verifier, raw = CALLER, caller_output
            parsed = parse_verdict(raw)
        else:
            verifier = self._name
            raw, parsed = self._call_backend(
                VerificationRequest(question, draft_answer, tuple(entries), tuple(evidence_texts), deadline)
            )
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
        )

    def _call_backend(self, request: VerificationRequest) -> tuple[str, ParsedVerdict]:
        """The backend's raw output (empty when there was none) and its verdict."""
        name = self._name
        try:
            raw = self._backend.verify(request)
        except VerifierTimeout as exc:
            return "", fallback(
                FallbackReason.VERIFIER_TIMEOUT, f"verifier {name!r} timed out: {exc}"
            )
        except VerifierError as exc:
            return "", fallback(FallbackReason.VERIFIER_ERROR, f"verifier {name!r} failed: {exc}")
        except Exception as exc:  # a backend bug must not fail the Chat call
            return "", fallback(
                FallbackReason.VERIFIER_ERROR,
                f"verifier {name!r} failed unexpectedly ({type(exc).__name__})",
            )
        if raw is not None and not isinstance(raw, str):
            return "", fallback(
                FallbackReason.VERIFIER_ERROR,
                f"verifier {name!r} returned {type(raw).__name__}, not text",
            )
        return raw or "", parse_verdict(raw)


def bound_raw_output(raw: str) -> str:
    """`raw` cut to at most MAX_RAW_OUTPUT_BYTES bytes of UTF-8, on a character boundary."""
    encoded = raw.encode("utf-8", errors="replace")
    if len(encoded) <= MAX_RAW_OUTPUT_BYTES:
        return raw
    return encoded[:MAX_RAW_OUTPUT_BYTES].decode("utf-8", errors="ignore")

