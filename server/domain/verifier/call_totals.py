"""The wholes a call's figures are shares of: "1,107 (~86%)" when the search counted 1,284 matches,
"611 (~48%)" of a terms aggregation whose buckets add up to 1,284, "342 req/s … ~98% of requests" of the
series a query returned.

A share the claim states holds when it equals one of the claim's values divided by such a whole
(arithmetic.derived_values does the division). The wholes are taken only from a call that shows that
value itself, so a share is never the claim's number over an unrelated call's total: the header's total
(`hits.total`, `"total": 1284`), and the sum of each group of the call's records that give one count
each (an aggregation's buckets, a vector's series).
"""

from __future__ import annotations

import functools
import re
from typing import Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_model import Dimension, Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_TOTAL_KEY = re.compile(r"(?:^|\.)(?:total|value|count|hits)$")
_COUNT_KEY = re.compile(r"(?:^|\.)(?:doc_count|count|value|hits|requests|total)$")
_MAX_WHOLES = 12  # a call with more groups than this is no listing of parts


def call_totals(facts: Sequence[Fact], evidence: Evidence) -> tuple[float, ...]:
    """The wholes of the calls that show one of the claim's plain numbers (module docstring)."""
    values = {
        f.quantity.value
        for f in facts
        if f.kind in (FactKind.QUANTITY, FactKind.COUNT, FactKind.SETTING)
        and f.quantity is not None
        and f.quantity.dimension in (Dimension.NUMBER, Dimension.RATE)
        and f.quantity.value > 0
    }
    if not values or not any(f.quantity is not None and f.quantity.dimension == Dimension.RATIO for f in facts):
        return ()
    found: list[float] = []
    for index in evidence.rows():
        units = evidence.units(index)
        if any(value in u.raw_values for u in units for value in values):
            found.extend(evidence.remember(("wholes", index), functools.partial(_wholes, units)))
    return tuple(dict.fromkeys(found))


def _wholes(units: Sequence[Unit]) -> tuple[float, ...]:
    wholes = [
        n.value for u in units if u.kind == "header" for n in u.numbers if _TOTAL_KEY.search(n.key) and n.value > 0
    ]
    groups: dict[str, list[float]] = {}
    for unit in units:
        if unit.strength < Strength.INDIRECT or unit.kind not in ("item", "series"):
            continue
        counts = [n.value for n in unit.numbers if _COUNT_KEY.search(n.key) or n.sample]
        group = re.sub(r"\[[0-9]+\]$", "", unit.ref)  # "aggregations.by_pod.buckets[2]": its aggregation
        groups.setdefault(group, []).append(counts[0] if len(counts) == 1 else float("nan"))
    for parts in list(groups.values())[:_MAX_WHOLES]:
        if len(parts) >= 2 and all(p == p for p in parts):  # every record gave exactly one count
            wholes.append(sum(parts))
    return tuple(wholes[:_MAX_WHOLES])
