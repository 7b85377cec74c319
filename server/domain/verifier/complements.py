"""A count of the others: "the other three pods look healthy", "其余 3 个 Pod 的 CPU 只有 389m–447m", "另外两个
logs 索引都是 green". Such a count is of a listing less the records the draft singles out: it holds when one
call lists exactly that many records more than the ones the claim names before it (one when it names none:
"the other three" beside the one the sentence before spoke of) and at least that many of them show what the
claim says of the others. Then it is not a fact of its own (what the claim says is still checked). A
listing of another size, or fewer records showing it, leaves the count a fact, to be shown; so does a
claim that says nothing else of them ("the other two look normal").
"""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.counted_units import listed_records
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.numerals import arabic

_OTHER_BEFORE = re.compile(
    r"(?:\b(?:the[ \t]+)?(?:other|remaining|rest[ \t]+of[ \t]+the)|其余|另外|其他|其它|剩下的?|剩余的?)[ \t]*$", re.I
)


def complement_counts(text: str, facts: Sequence[Fact], evidence: Evidence) -> set[int]:
    """The indexes of the claim's counts of "the other N" that one call's listing holds."""
    written = arabic(text)
    found = set()
    for index, fact in enumerate(facts):
        if fact.kind != FactKind.COUNT or fact.quantity is None:
            continue
        at = written.find(fact.text)
        if at < 0 or _OTHER_BEFORE.search(written, max(0, at - 24), at) is None:
            continue
        singled = sum(1 for f in facts if f.kind in (FactKind.INSTANCE, FactKind.SERVICE) and written.find(f.text) < at)
        wanted = int(fact.quantity.value) + max(1, singled)
        # what the claim says of them (after the count, names aside): at least that many of the records show it
        said = [f for f in facts if f is not fact and not f.is_entity and written.find(f.text) > at]
        if said and any(_others(evidence, row, wanted, said) >= fact.quantity.value for row in evidence.rows()):
            found.add(index)
    return found


def _others(evidence: Evidence, row: int, wanted: int, said: Sequence[Fact]) -> int:
    """How many records of the row's listing show what the claim says of the others, when it lists `wanted`."""
    units = evidence.units(row)
    listed = listed_records(units)
    if len(listed) != wanted:
        return 0
    question = evidence.question(row)
    return sum(1 for u in listed if matches_all(said, u, question) is True)
