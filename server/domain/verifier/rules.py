"""The built-in, deterministic rules verifier (the embedded default).

It splits the draft into claims and grounds each one in a single unit of
evidence (grounding.py); the decision follows from the claim checks:

- REJECT when a claim is contradicted, or asserts a checkable fact that no
  unit of evidence grounds;
- LOW_CONFID when a claim is vague, rests only on weak evidence, or asserts a
  cause no unit states;
- ACCEPT only when every factual claim is grounded and at least one is
  grounded in direct evidence.

It reads only concrete facts, never instructions, so text inside the evidence
cannot steer it. The output is a JSON verdict without "confidence": the rules
have none to give. docs/verifier-protocol.md states the rules in full.
"""

from __future__ import annotations

import json

from evidence_trace.server.domain.verifier.backend import VerificationRequest
from evidence_trace.server.domain.verifier.grounding import check_draft, decide
from evidence_trace.server.domain.verifier.verdict import MAX_REASON_CHARS, MAX_REASONS


class RulesVerifier:
    """The deterministic rules verifier; see the module docstring."""

    name = "rules"

    def verify(self, request: VerificationRequest) -> str:
        checks = request.claim_checks
        if checks is None:
            checks = check_draft(request.draft_answer, request.rows, question=request.question)
        decision, reasons = decide(checks)
        if len(reasons) > MAX_REASONS:
            reasons = reasons[: MAX_REASONS - 1] + [f"and {len(reasons) - MAX_REASONS + 1} more"]
        reasons = [r if len(r) <= MAX_REASON_CHARS else r[: MAX_REASON_CHARS - 1] + "\u2026" for r in reasons]
        return json.dumps({"decision": decision.name, "reasons": reasons}, ensure_ascii=False)
