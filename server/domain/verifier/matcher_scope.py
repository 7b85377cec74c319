"""A claim that a silence, route or filter covers every severity ("covers all severities of KafkaBrokerDown",
"覆盖了所有级别的 KafkaBrokerDown 告警") is contradicted by the matcher that pins one: a unit naming the claim's
alert or service with `severity="warning"` (or `severity=~"warning|info"`, anything but `.*`) covers those
severities only. Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength

_EVERY_SEVERITY = re.compile(
    r"\b(?:all|any|every)\s+(?:the\s+)?(?:severit(?:y|ies)|severity levels?|alert levels?)\b"
    r"|\bwhatever (?:the|its) severity\b|\bof (?:any|every) severity\b"
    r"|(?:所有|全部|任何|各个?)(?:的)?(?:严重)?(?:级别|等级)",
    re.I,
)
_CLAUSE_ENDS = ("，", ",", "；", ";", "。", ":", "：")
_PINNED = re.compile(r"severity\s*(=~|=)\s*\\?[\"']([^\"'\\]*)\\?[\"']", re.I)


def check_every_severity(
    text: str, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the claim says every severity and a matcher about its subject pins some; else None."""
    every = _EVERY_SEVERITY.search(text)
    if every is None:
        return None
    # the clause that says it ("一个覆盖了所有级别的 A 告警，另一个压住 B"): its own names are its subject
    start = max(text.rfind(sep, 0, every.start()) for sep in _CLAUSE_ENDS) + 1
    ends = [i for i in (text.find(sep, every.end()) for sep in _CLAUSE_ENDS) if i >= 0]
    clause = text[start : min(ends) if ends else len(text)]
    names = [f for f in facts if f.is_entity and f.text in clause]
    if not names:
        return None
    for index in evidence.candidates(names[:1]):
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or not all(matches(f, unit) for f in names):
                continue
            pinned = _PINNED.search(unit.text)
            if pinned and pinned.group(2) not in (".*", ".+", ""):
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"its matcher covers severity {pinned.group(2)} only",
                )
    return None
