"""A listing split in two: "5 个节点里只有 X 是 NotReady，其余 4 个都是 Ready", "only one of the three pods is
restarting: X", "3 个副本里只有 1 个在崩".

The claim gives the listing's size, names the members it singles out and what they show, and optionally how
many others there are and what they show. It grounds on one call whose listing has that many records: each
named member's record shows what the claim says of it, no other record does ("only"), and the others number
what the claim says and show its other state. None when any of that fails: the claim is then judged as before.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.listing_limits import LISTED_KINDS
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength

_ONLY = re.compile(
    r"(?P<total>[0-9]+)[ \t]*(?:个|台|条|份)?[^，。；,;:：]{0,12}?(?:里|中|之中|当中)[ \t]*(?:，)?[ \t]*(?:只有|仅有|仅)"
    r"|\bonly[ \t]+(?P<some>[0-9]+|one)[ \t]+of[ \t]+(?:the[ \t]+|its[ \t]+)?(?P<of>[0-9]+)\b"
    r"|\bof[ \t]+the[ \t]+(?P<total2>[0-9]+)\b[^.;:]{0,30}?,[ \t]*only\b",
    re.I,
)
_REST = re.compile(
    r"(?:其余|其他|剩下的?|另外)[ \t]*(?P<n>[0-9]+)?|\bthe[ \t]+(?:other|remaining)[ \t]+(?P<m>[0-9]+)?|\bthe rest\b",
    re.I,
)
_SHOWN = (FactKind.WORKLOAD_STATE, FactKind.STATE, FactKind.EVENT, FactKind.LEVEL, FactKind.HTTP_STATUS)
_NAMES = (FactKind.INSTANCE, FactKind.SERVICE, FactKind.ALERT, FactKind.IDENTIFIER)


def partition_grounding(
    text: str, facts: Sequence[Fact], evidence: Evidence
) -> Optional[tuple[ClaimStatus, tuple[Grounding, ...], str, bool]]:
    """GROUNDED on the one call whose listing the claim splits, or None."""
    read = arabic(text)
    only = _ONLY.search(read)
    if only is None:
        return None
    total = int(only.group("total") or only.group("of") or only.group("total2"))
    rest = _REST.search(read, only.end())
    cut = rest.start() if rest else len(read)
    named = [f for f in facts if f.kind in _NAMES and not f.soft and 0 <= read.find(f.text, only.start()) < cut]
    said = [f for f in facts if f.kind in _SHOWN and 0 <= read.find(f.text, only.start()) < cut]
    others = [f for f in facts if f.kind in _SHOWN and rest is not None and read.find(f.text, rest.end()) >= 0]
    others = [f for f in others if f not in said]
    some = only.group("some")
    singled = (1 if some in ("one", "1") else int(some)) if some else len(named)
    left = rest.group("n") or rest.group("m") if rest else None
    if not named or not said or singled != len(named) or (left is not None and int(left) != total - singled):
        return None
    for index in evidence.rows():
        units = [u for u in evidence.units(index) if u.kind in LISTED_KINDS and u.strength >= Strength.INDIRECT]
        if len(units) != total:
            continue
        members = [u for u in units if any(matches(f, u) for f in named)]
        if len(members) != len(named) or not all(matches_all(said, u, None) is True for u in members):
            continue
        outside = [u for u in units if u not in members]
        if any(matches_all(said, u, None) is True for u in outside):
            continue  # "only": no other record shows it
        if others and not all(matches_all(others, u, None) is True for u in outside):
            continue
        direct = any(u.strength == Strength.DIRECT for u in members)
        return ClaimStatus.GROUNDED, tuple(grounding_of(u) for u in members[:6]), "", direct
    return None
