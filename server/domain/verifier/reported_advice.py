"""Advice a document gives, reported: "the runbook recommends draining the node first", "知识库里的预案建议先扩容".

Such a sentence is a fact about what a lookup returned, not the writer's own advice (claims.py reads it as a
FACT, and the evidence is narrowed to the source it cites). With no checkable fact of its own, it holds only
if the cited source returned something: when every call of that source failed or found nothing, the claim
is UNGROUNDED. When the source returned content the claim's words do not match, it stays unjudged advice.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Optional

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus
from evidence_trace.server.domain.verifier.claim_patterns import SOURCE_RECOMMENDS
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength


def check_reported_advice(
    claim: Claim, evidence: Evidence, words_match: bool, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """The check of a claim without facts that reports a source's advice (module docstring), or None."""
    if claim.kind != ClaimKind.FACT or evidence.only is None or not SOURCE_RECOMMENDS.search(claim.text):
        return None
    if not any(u.strength >= Strength.INDIRECT for i in evidence.rows() for u in evidence.units(i)):
        return base(status=ClaimStatus.UNGROUNDED, reason="it reports what a source says, which returned nothing")
    if not words_match:
        return dataclasses.replace(
            base(status=ClaimStatus.UNCHECKABLE, reason="advice it reports"), kind=ClaimKind.ADVICE
        )
    return None
