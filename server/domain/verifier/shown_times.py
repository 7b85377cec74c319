"""A claim of times alone, and the gap between them: each time must be one a record states."""

from __future__ import annotations

import functools

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import states_time
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, grounding_of
from evidence_trace.server.domain.verifier.units import Strength


def times_shown(claim: Claim, times: tuple[Fact, ...], evidence: Evidence) -> ClaimCheck:
    """A claim of times and the gap between them ("17 minutes before the lag alert (02:41 vs 02:58)"):
    grounded when a supporting unit states each time."""
    base = functools.partial(
        ClaimCheck, claim.start, claim.end, claim.text, claim.kind, facts=tuple(f.describe() for f in times)
    )
    shown = []
    for fact in times:
        unit = next(
            (
                u
                for index in evidence.rows()
                for u in evidence.units(index)
                if u.strength >= Strength.INDIRECT and states_time(fact, u)
            ),
            None,
        )
        if unit is None:
            return base(status=ClaimStatus.UNGROUNDED, reason=f"no unit shows {fact.describe()}")
        shown.append(unit)
    return base(
        status=ClaimStatus.GROUNDED,
        groundings=tuple(grounding_of(u) for u in shown[:MAX_GROUNDINGS]),
        reason="the times it states are in the evidence, and the gap it gives is theirs",
        direct=any(u.strength == Strength.DIRECT for u in shown),
    )
