"""A percentage the claim gives as a threshold, and one an evidence unit gives only as a bound.

"search-gw's error ratio is currently 5%" against an alert whose text says "error ratio above 5%": the
alert states the threshold, not the ratio, so the claim's 5% is not shown by it (a threshold reported as
the value found). A claim that names the figure as a threshold ("the 5% threshold", "90% 的电话升级线",
"超过 5% 的阈值") speaks of the bound itself: its figure takes the noun "threshold" (the values a unit
keys as a threshold, else any), and a bound shows it. fact_matching applies the rule to percentages only: a bound duration or count ("for
more than 10 minutes") is read as before.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind

THRESHOLD = "threshold"

_THRESHOLD_AFTER = re.compile(
    r"[ \t]*(?:的)?[ \t]*(?:[\w\u4e00-\u9fff \t-]{0,10}?)[ \t]*"
    r"(?:thresholds?|limits?|lines?|targets?|SLOs?|watermarks?|budgets?|阈值|门限|水位|上限|下限|线|目标)",
    re.I,
)
_THRESHOLD_BEFORE = re.compile(
    r"(?:thresholds?|limits?|targets?|SLOs?|watermarks?|阈值|门限|水位|上限|下限|目标)[ \t]*(?:of|is|was|at|为|是|:|：)?[ \t]*$",
    re.I,
)


def as_thresholds(text: str, facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """The facts, a percentage the claim names as a threshold marked as one (its noun "threshold")."""
    out = []
    for fact in facts:
        quantity = fact.quantity
        if fact.kind == FactKind.QUANTITY and quantity is not None and quantity.dimension == Dimension.RATIO:
            at = text.find(fact.text)
            end = at + len(fact.text)
            if at >= 0 and (_THRESHOLD_AFTER.match(text, end) or _THRESHOLD_BEFORE.search(text, max(0, at - 24), at)):
                fact = dataclasses.replace(fact, noun=THRESHOLD)
        out.append(fact)
    return tuple(out)
