"""A duration a claim tells as the span of a series it read: "target latency grew by 2,315 s in 25 minutes",
"可用内存在 25 分钟内降了 86%". It is the writer's reading of the samples' times, from the first to the last, not a
figure any unit states, so it is shown by a series of the session whose samples span exactly that long.

Only a window said so counts ("in", "over", "within", "across", "历时", "用了" before the figure; "内", "之内",
"以内" after it, where no call's window reads it first),
told in minutes or hours, as written or about. A duration that is no series' span is left to the other checks.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Fact, FactKind

_DAY_MINUTES = 24 * 60
_WINDOW_BEFORE = re.compile(
    r"(?:\b(?:in|over|within|across)[ \t]+(?:the[ \t]+)?(?:last[ \t]+|past[ \t]+)?|历时|用了|经过)[~≈约]?[ \t]*$", re.I
)
_WINDOW_AFTER = re.compile(r"^[ \t]*(?:内|之内|以内)")


def series_spans(text: str, facts: Sequence[Fact], evidence: Optional[Evidence]) -> set[int]:
    """The indexes of the claim's durations that a window says and that equal the span of a series' samples."""
    wanted = [i for i, f in enumerate(facts) if _window(text, f)]
    if not wanted or evidence is None:
        return set()
    spans = evidence.remember(("series spans",), lambda: _spans(evidence))
    return {i for i in wanted if any(facts[i].quantity.matches(span * 60_000.0) for span in spans)}  # type: ignore[union-attr]


def _spans(evidence: Evidence) -> frozenset[int]:
    """The minutes from the first sample to the last of each series of the session (read once per session)."""
    spans = set()
    for index in evidence.rows():
        for unit in evidence.units(index):
            minutes = sorted({n.minute for n in unit.numbers if n.sample and n.minute is not None})
            if len(minutes) >= 2 and minutes[-1] - minutes[0] < _DAY_MINUTES // 2:
                spans.add(minutes[-1] - minutes[0])
    return frozenset(spans)


def _window(text: str, fact: Fact) -> bool:
    quantity = fact.quantity
    if fact.kind != FactKind.QUANTITY or quantity is None or quantity.dimension != Dimension.TIME:
        return False
    if quantity.factor < 60_000.0 or quantity.comparison not in (Comparison.EQUAL, Comparison.ABOUT):
        return False  # told in seconds: a gap between records, read by intervals.py
    at = text.find(fact.text)
    return at >= 0 and bool(
        _WINDOW_BEFORE.search(text, max(0, at - 24), at) or _WINDOW_AFTER.match(text, at + len(fact.text))
    )
