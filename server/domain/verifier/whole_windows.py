"""A series' samples over the whole window: "elevated for the whole 6-hour window", "整个窗口内都高于阈值".

One narrow kind of "all" (quantifiers.py reads it first): a series of the claim's subject with a sample at
or below the bound its query was asked with (its `threshold` parameter) contradicts it.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.unit_search import grounding_of

_WHOLE_WINDOW = re.compile(
    r"\b(?:for|during|over|across|throughout|in)\s+(?:the|all of the|this)\s+(?:whole|entire|full)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:window|range|period|time range|lookback|query|hours?|day|interval)\b"
    r"|\b(?:the (?:whole|entire) time|all along|throughout the (?:window|range|period))\b"
    r"|整个\s*(?:[0-9]+\s*(?:小时|分钟|天)\s*)?(?:时间)?(?:窗口|区间|时段|范围|查询范围|期间)|整个\s*[0-9]+\s*(?:小时|分钟|天)"
    r"|(?:窗口|区间|时段)内(?:一直|始终|全程)",
    re.I,
)
_ELEVATED = re.compile(
    r"\b(?:elevated|high|higher|above|over|exceed\w*|breach\w*|spik\w*|degraded|firing)\b|偏高|升高|高于|超过|超出|超阈值|过高",
    re.I,
)


def check_whole_window(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "Elevated for the whole 6-hour window": contradicted by a series of the subject with a
    sample at or below the bound its query was asked with (its `threshold` parameter)."""
    if claim.negated or not _WHOLE_WINDOW.search(claim.text) or not _ELEVATED.search(claim.text):
        return None
    entities = [f for f in facts if f.is_entity]
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = evidence.question(index)
        bound = next((n.value for n in question.numbers if n.key == "threshold"), None) if question else None
        if bound is None:
            continue
        for unit in units:
            if unit.kind != "series" or (entities and matches_all(entities, unit, question) is not True):
                continue
            low = [n for n in unit.numbers if n.sample and n.value <= bound]
            if low:
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"{unit.ref} of {unit.invocation_id} has {len(low)} samples at or below the "
                    f"threshold {bound:g} it was queried with",
                )
    return None
