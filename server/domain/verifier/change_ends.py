"""A change told by its two ends, each at its own time: "503s jumped from 212 in the 10:00 hour to 18,944 in
the 11:00 hour", "错误率从 10:00 的 0.3% 升到 10:15 的 4.8%".

Where the evidence gives each time a record of its own (a table's rows, log entries, one sample a line), no
unit holds both ends; each end grounds on its own record, with what the claim says of both (its subject, a
status), and the claim grounds when both do. A series holds both ends in one unit and needs no split. A
claim with values besides its two ends is not split: the ends would not carry them.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind

_NO_BREAK = r"(?:[^,;，。；]|,(?=[0-9]{3}))"  # a thousands separator ("18,944") ends no end
_EN = re.compile(rf"\bfrom\s+(?P<a>{_NO_BREAK}+?)\s+to\s+(?P<b>(?:(?![(（]){_NO_BREAK})+)", re.I)
_ZH = re.compile(
    rf"从\s*(?P<a>{_NO_BREAK}+?)\s*(?:涨到|升到|升至|增至|增加到|上升到|降到|降至|跌到|回落到|减少到|变为|到)"
    rf"\s*(?P<b>(?:(?![(（]){_NO_BREAK})+)"
)
_VALUED = (FactKind.QUANTITY, FactKind.COUNT)


def change_ends(text: str, facts: Sequence[Fact]) -> Optional[tuple[tuple[Fact, ...], tuple[Fact, ...]]]:
    """The facts of each end (what the claim says of both, then the end's value and time), or None."""
    m = _EN.search(text) or _ZH.search(text)
    if m is None:
        return None
    ends = [[f for f in facts if _in(f, m.group(part))] for part in ("a", "b")]
    if not all(any(f.kind in _VALUED for f in end) and any(f.kind == FactKind.TIME for f in end) for end in ends):
        return None
    shared = [f for f in facts if f not in ends[0] and f not in ends[1]]
    if any(f.kind in (*_VALUED, FactKind.TIME) for f in shared):
        return None  # values besides the two ends: not a change told by its ends alone
    return tuple(shared + ends[0]), tuple(shared + ends[1])


def _in(fact: Fact, piece: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(fact.text)}(?![\w.])", piece) is not None
