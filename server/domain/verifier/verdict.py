"""Parsing a verifier's raw output into a verdict, or into a fallback.

The verdict is a JSON object:

    {"decision": "ACCEPT" | "LOW_CONFID" | "REJECT",
     "reasons": ["..."],        # optional, strings
     "confidence": 0.8}         # optional, a finite number in [0, 1], or null

Leniency, all of it: surrounding whitespace; the whole output wrapped in one
Markdown code fence (```json or a bare ```); the decision matched without
regard to case or surrounding spaces; "LOW_CONFIDENCE" accepted as an alias of
"LOW_CONFID" (it can only lower a verdict, never raise one). Unknown keys are
ignored. Anything else falls back to LOW_CONFID with a FallbackReason.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Optional

from evidence_trace.server.domain.model import Decision, FallbackReason

MAX_REASONS = 10
MAX_REASON_CHARS = 500

_DECISIONS = {
    "ACCEPT": Decision.ACCEPT,
    "LOW_CONFID": Decision.LOW_CONFID,
    "LOW_CONFIDENCE": Decision.LOW_CONFID,
    "REJECT": Decision.REJECT,
}
_FENCE = re.compile(r"\A```(?:json)?[ \t]*\r?\n(.*)\r?\n[ \t]*```\Z", re.DOTALL | re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class ParsedVerdict:
    """A verdict read from verifier output.

    fallback_reason is FallbackReason.NONE when the output was a valid verdict;
    otherwise decision is LOW_CONFID and reasons explain the fallback.
    """

    decision: Decision
    reasons: tuple[str, ...]
    confidence: Optional[float]
    fallback_reason: FallbackReason


def fallback(reason: FallbackReason, explanation: str) -> ParsedVerdict:
    """A LOW_CONFID verdict standing in for an unusable one."""
    return ParsedVerdict(Decision.LOW_CONFID, (bound_reason(explanation),), None, reason)


def bound_reason(text: str) -> str:
    """`text` stripped and cut to MAX_REASON_CHARS characters."""
    text = text.strip()
    if len(text) <= MAX_REASON_CHARS:
        return text
    return text[: MAX_REASON_CHARS - 1] + "\u2026"


def parse_verdict(raw: Optional[str]) -> ParsedVerdict:
    """Read `raw` as a verdict; never raises."""
    if raw is None or not raw.strip():
        return fallback(FallbackReason.MISSING_OUTPUT, "the verifier produced no output")
    text = raw.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        detail = exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        return fallback(FallbackReason.INVALID_JSON, f"the verifier output is not valid JSON ({detail})")
    problem = _verdict_problem(value)
    if problem:
        return fallback(FallbackReason.INVALID_VERDICT, f"the verifier output is not a valid verdict: {problem}")
    reasons = tuple(bound_reason(r) for r in value.get("reasons") or () if r.strip())
    confidence = value.get("confidence")
    return ParsedVerdict(
        decision=_DECISIONS[value["decision"].strip().upper()],
        reasons=reasons[:MAX_REASONS],
        confidence=None if confidence is None else float(confidence),
        fallback_reason=FallbackReason.NONE,
    )


def _verdict_problem(value: Any) -> str:
    """What makes `value` not a verdict, or "" when it is one."""
    if not isinstance(value, dict):
        return f"expected a JSON object, got {type(value).__name__}"
    decision = value.get("decision")
    if not isinstance(decision, str):
        return '"decision" must be a string'
    if decision.strip().upper() not in _DECISIONS:
        return '"decision" must be one of ACCEPT, LOW_CONFID, REJECT'
    reasons = value.get("reasons")
    if reasons is not None and (not isinstance(reasons, list) or not all(isinstance(r, str) for r in reasons)):
        return '"reasons" must be a list of strings'
    confidence = value.get("confidence")
    if confidence is not None:
        if isinstance(confidence, bool) or not isinstance(confidence, (int, float)):
            return '"confidence" must be a number'
        if not 0 <= confidence <= 1:  # also false for NaN and the infinities
            return '"confidence" must be a finite number in [0, 1]'
    return ""
