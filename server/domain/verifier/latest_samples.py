"""A value said to hold now, read against a series' latest sample.

    "values": [[1789480800, "0"], [1789481100, "0"], …, [1789482300, "96.3"], [1789482600, "101.5"]]

"nat-prod-euw1's drops are now back to 0/s", "目前已回落到 0 包/秒", "the error rate is currently 0.4%": the value
right after the claim's word of now is the subject's latest sample, not one of its earlier ones. When a range
series of the claim's subject (every name it gives) has a sample equal to the value but its latest sample is
another value, the claim tells an earlier moment as now: contradicted. A latest sample equal to the value, or no
sample equal to it (other rules read that), decides nothing; so does a claim that gives a time ("still failing (41 at
13:25, 6 at 13:30)", "截至 09:00 仍 …"): its values are of the moments it names.
"""

from __future__ import annotations

from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.asked_again import NOW
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

_VALUED = (FactKind.QUANTITY, FactKind.COUNT)


def earlier_sample(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The subject's series whose latest sample is another value than the one the claim says holds now, when an
    earlier sample of it is that value; None otherwise."""
    now = NOW.search(text)
    names = [f for f in facts if f.is_entity]
    if now is None or not names or any(f.kind == FactKind.TIME for f in facts):
        return None  # (a claim that times its values, "41 at 13:25, 6 at 13:30", says when each held)
    said = next(
        (f for f in facts if f.kind in _VALUED and f.quantity is not None and 0 <= text.find(f.text) - now.end() <= 20),
        None,
    )
    if said is None or said.quantity is None:
        return None
    quantity = said.quantity
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            samples = [n for n in unit.numbers if n.sample]
            if unit.kind != "series" or unit.strength < Strength.INDIRECT or len(samples) < 3:
                continue
            if not names_subject(names, unit, question):
                continue
            if quantity.matches(samples[-1].value):
                return None  # its latest sample is the value
            if any(quantity.matches(n.value) for n in samples[:-1]):
                return unit
    return None
