"""A bare number of a unit against a percentage a claim states (fact_matching's one reading of ratios)."""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.facts import Comparison, Quantity
from evidence_trace.server.domain.verifier.units import Unit

_PERCENT_NAMED = re.compile(r"percent|pct|%|百分")


def ratio_matches(quantity: Quantity, value: float, unit: Unit) -> bool:
    """A bare number against a stated percentage: a fraction (0.873 is 87.3%) or a bare percentage (87.3).

    Up to 1 a number is a fraction, unless its unit names percent: 0.62 is 62%, not
    0.62% (either reading would let a wrong scale through). Above 1 an equality may
    hold under either reading ("87%" for 87.3 as a bare percentage, or a count); a
    bound ("below 5%") holds for the bare percentage.
    """
    fraction = abs(value) <= 1 and not _PERCENT_NAMED.search(unit.text)
    if (quantity.comparison == Comparison.EQUAL or quantity.comparison == Comparison.ABOUT) and not fraction:
        return quantity.matches(value) or quantity.matches(value * 0.01)
    if fraction:  # 0.62 is 62%, never 0.62%
        return quantity.matches(value)
    return quantity.matches(value * 0.01)
