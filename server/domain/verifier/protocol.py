"""The fixed user-facing texts of the answer gate.

What the user may see depends only on the decision:

- ACCEPT: the draft answer, unchanged.
- LOW_CONFID: LOW_CONFIDENCE_HEADER, a blank line, the draft, a blank line,
  LOW_CONFIDENCE_FOOTER.
- REJECT (and, failing closed, any other value): REJECTED_TEMPLATE, a constant.
  It contains no part of the draft and does not echo the question either, so
  nothing the executor or the user wrote can reach it.

The texts are part of the contract (docs/verifier-protocol.md quotes them).
"""

from __future__ import annotations

from evidence_trace.server.domain.model import Decision

LOW_CONFIDENCE_HEADER = "[LOW CONFIDENCE] The collected evidence does not clearly support the answer below."
LOW_CONFIDENCE_FOOTER = (
    "[NOT VERIFIED] This answer is not verified by the collected evidence. "
    "Check it against the source systems before acting on it."
)
REJECTED_TEMPLATE = (
    "[ANSWER WITHHELD] A draft answer was produced, but it could not be "
    "verified against the collected evidence, so it is not shown.\n"
    "Next steps:\n"
    "- Collect more evidence (logs, metrics, alerts, knowledge) about the "
    "question, then ask again.\n"
    "- Check the source systems directly or contact the owning team."
)

#: The only reason a REJECT response carries; the verifier's own reasons, which
#: may quote the rejected draft, are kept in the stored evaluation's raw output.
REJECT_REASON = (
    "The verifier rejected the draft: it asserts what the collected evidence "
    "does not contain. The full verdict is stored with the evaluation."
)


def render_output(decision: Decision, draft: str) -> str:
    """Return what the user may see for `draft` under `decision`."""
    if decision == Decision.ACCEPT:
        return draft
    if decision == Decision.LOW_CONFID:
        return f"{LOW_CONFIDENCE_HEADER}\n\n{draft}\n\n{LOW_CONFIDENCE_FOOTER}"
    return REJECTED_TEMPLATE
