"""A HorizontalPodAutoscaler's metric as `kubectl get hpa` prints it: the current value, then the target.

    NAME        REFERENCE              TARGETS        MINPODS   MAXPODS   REPLICAS
    quote-api   Deployment/quote-api   cpu: 78%/70%   2         10        6

A claim that gives the target ("against a 78% target", "目标值 70%", "target of 70%") is contradicted when the
HPA's row gives that figure as the current value and another as the target: the two read the other way round.
Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength, Unit

_PAIR = re.compile(r"(?:\b[a-z_]+: )?([0-9]+(?:\.[0-9]+)?)(%|m|Mi|Gi)?/([0-9]+(?:\.[0-9]+)?)(%|m|Mi|Gi)?(?![\w/])")
_TARGET_SAID = re.compile(
    r"([0-9]+(?:\.[0-9]+)?)[ \t]*%[ \t]*(?:CPU[ \t]+|utili[sz]ation[ \t]+)?target"
    r"|\btarget(?:[ \t]+(?:of|is|at|value))?[ \t]*[:=]?[ \t]*([0-9]+(?:\.[0-9]+)?)[ \t]*%"
    r"|目标(?:值|利用率|使用率)?[ \t]*(?:是|为|:|：)?[ \t]*([0-9]+(?:\.[0-9]+)?)[ \t]*%",
    re.I,
)


def swapped_target(text: str, evidence: Evidence) -> Optional[Unit]:
    """The HPA row that gives the claim's target as its current value and another target, or None."""
    said = _TARGET_SAID.search(text)
    if said is None:
        return None
    target = float(next(g for g in said.groups() if g))
    for index in evidence.rows():
        question = evidence.question(index)
        hpa = question is not None and re.search(r"\bhpa\b|horizontalpodautoscaler", question.lowered) is not None
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or not (hpa or "targets=" in unit.lowered):
                continue  # an HPA's row (its TARGETS column), not any figure over another
            for m in _PAIR.finditer(unit.text):
                current, goal = float(m.group(1)), float(m.group(3))
                if current == target and goal != target and "%" in (m.group(2) or "") + (m.group(4) or ""):
                    return unit
    return None
