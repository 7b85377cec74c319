"""A clean outcome said of what a record reports failures of: "all rules loaded without errors", "the import
finished with no failures", "规则全部加载成功，没有报错". The record the claim's figures come from (its call's
output) says how many failed: "48213 rules successfully loaded, 17 rules failed", `"failed": 3`, `errors=2`.
A figure of failures above zero in a unit that shows every figure and name of the clause that says it clean
contradicts the clean outcome; zero agrees ("0 rules failed"). A clause that gives no figure or name is said of
the sentence's; "without issues" and "no problems" are not read (said of how things seem, not of what failed).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_CLEAN = re.compile(
    r"\b(?:without|with[ \t]+no|with[ \t]+zero)[ \t]+(?:any[ \t]+)?(?:errors?|failures?)\b"
    r"|\b(?:no|zero)[ \t]+(?:errors?|failures?)[ \t]+(?:at[ \t]+all|whatsoever)\b"
    r"|(?:没有|无|未见)(?:任何)?(?:报错|错误|失败)|零(?:报错|错误|失败)",
    re.I,
)
_CLAUSE = re.compile(r"[,;](?![0-9])|[，；。]")  # a clause's end (never the comma of "48,213")
# a figure of failures a record gives: "17 rules failed", "3 errors", "failed: 3", `"errors": 2`, "失败 17 条"
_FAILED = re.compile(
    r"(?<![\w.])([0-9][0-9,]*)[ \t]+(?:[a-z]+[ \t]+){0,2}?(?:failed|errors?|failures?)\b"
    r"|[\"']?\b(?:failed|errors?|failures?|failed_count|error_count)[\"']?[ \t]*[:=][ \t]*\"?([0-9][0-9,]*)(?![0-9.])"
    r"|失败[ \t]*([0-9][0-9,]*)|([0-9][0-9,]*)[ \t]*(?:个|条|项)?[ \t]*(?:失败|报错|错误)",
    re.I,
)


def failures_reported(lowered: str) -> bool:
    """Whether a unit's text gives a figure of failures above zero."""
    for m in _FAILED.finditer(lowered):
        figure = next(g for g in m.groups() if g is not None).replace(",", "")
        if int(figure) > 0:
            return True
    return False


def failed_beside(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A unit that shows every figure and name of the clause that says an outcome was clean and reports failures
    of it; or None."""
    clean = _CLEAN.search(text)
    if clean is None:
        return None
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, clean.start())), default=0)
    end = next((m.start() for m in _CLAUSE.finditer(text, clean.end())), len(text))
    named = [f for f in facts if f.kind != FactKind.TIME]
    # the clause's figures and names (one written otherwise than extracted, "两次" as "2次", is kept: it cannot be
    # placed); a clause that gives none is said of the sentence's ("…12400 条记录，没有报错")
    shown = [f for f in named if start <= text.find(f.text) < end or f.text not in text] or named
    for index in evidence.rows() if shown else ():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if all(matches(f, unit) for f in shown) and failures_reported(unit.lowered):
                return unit
    return None
