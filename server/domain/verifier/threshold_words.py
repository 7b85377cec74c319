"""A percentage the claim gives as a threshold, and one an evidence unit gives only as a bound.

"search-gw's error ratio is currently 5%" against an alert whose text says "error ratio above 5%": the
alert states the threshold, not the ratio, so the claim's 5% is not shown by it (a threshold reported as
the value found). A claim that names the figure as a threshold ("the 5% threshold", "90% 的电话升级线",
"超过 5% 的阈值") speaks of the bound itself, which a bound shows; only a figure given as the value found is
marked (Fact.found). fact_matching applies the rule to percentages, and to durations said to be the value
now ("当前 p99 约 500ms" against "p99 above 500ms") or left ("还剩 14 天", "14 days left" against "expires in less
than 14 days"); a bound count, or a duration said otherwise ("持续 10
分钟" against "for more than 10 minutes"), is read as before.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind, Scope

_THRESHOLD_AFTER = re.compile(
    r"[ \t]*(?:的)?[ \t]*(?:[\w\u4e00-\u9fff \t-]{0,10}?)[ \t]*"
    r"(?:thresholds?|limits?|lines?|targets?|SLOs?|watermarks?|budgets?|expectations?|阈值|门限|水位|上限|下限|线|目标|预期)",
    re.I,
)
_TARGET_WORDS = r"(?:thresholds?|limits?|targets?|SLOs?|watermarks?|expectations?|expected|阈值|门限|水位|上限|下限|目标|预期值?|期望值?)"
_THRESHOLD_BEFORE = re.compile(_TARGET_WORDS + r"[ \t]*(?:of|is|was|at|为|是|:|：)?[ \t]*$", re.I)
# a bound that defines the target ("the runbook's target of < 10 ms", "预期（小于 10 ms）"): its sign is the
# target's, not what the claim says of its subject ("… even 10.0.1.11 is slightly above target")
_TARGET_BOUND = re.compile(
    _TARGET_WORDS
    + r"[ \t]*(?:of|is|was|at|为|是|:|：)?[ \t]*[(（]?[ \t]*(?:[<>≤≥]=?|under|below|above|over|小于|低于|高于|大于)[ \t]*$",
    re.I,
)


_BOUNDED = (Dimension.RATIO, Dimension.TIME)
_NOW_BEFORE = re.compile(
    r"(?:\b(?:currently|now|right now|at the moment)\b|当前|目前|现在|还剩|仅剩|只剩|剩余|剩下)[^,;:，；：。]{0,16}$",
    re.I,
)
# what is left of a span is a value found too: "14 days left", "14 days remaining", "还剩 14 天"
_LEFT_AFTER = re.compile(r"[ \t]*(?:left|remaining)\b", re.I)


def thresholds_only(text: str, facts: Sequence[Fact]) -> bool:
    """Whether a part's values are all thresholds it names as such ("超过 runbook 的 80% 告警线", "over the 2%
    SLO"): a reference's figure, not one more value of the subject the claim spoke of before."""
    valued = [f for f in facts if f.kind == FactKind.QUANTITY and f.quantity is not None]
    return bool(valued) and len(valued) == len(facts) and all(_named_threshold(text, f) for f in valued)


def target_bound(text: str, fact: Fact) -> bool:
    """Whether the figure is a bound defining a target ("the runbook's target of < 10 ms"): a reference's
    figure, whose sign says nothing of the claim's subject, so no value of the subject is its rival."""
    at = text.find(fact.text)
    return at >= 0 and _TARGET_BOUND.search(text, max(0, at - 32), at) is not None


def _named_threshold(text: str, fact: Fact) -> bool:
    at = text.find(fact.text)
    end = at + len(fact.text)
    return at >= 0 and bool(_THRESHOLD_AFTER.match(text, end) or _THRESHOLD_BEFORE.search(text, max(0, at - 24), at))


def mark_found_values(text: str, facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """The facts, a percentage or a duration the claim gives as the value found marked as one (`found`)."""
    out = []
    for fact in facts:
        quantity = fact.quantity
        if fact.kind == FactKind.QUANTITY and quantity is not None and quantity.dimension in _BOUNDED:
            # each place the claim writes it: "over the 500 ms target, … with a p95 of 500 ms" finds it too
            places = [m.start() for m in re.finditer(re.escape(fact.text), text)]
            if fact.scope == Scope.RESULT and any(
                _found_at(text, at, at + len(fact.text), quantity.dimension) for at in places
            ):
                fact = dataclasses.replace(fact, found=True)
        elif fact.kind == FactKind.COUNT and fact.scope == Scope.RESULT and not _named_threshold(text, fact):
            fact = dataclasses.replace(fact, found=True)  # "holding about 10,000 messages": how many there are
        out.append(fact)
    return tuple(out)


def _found_at(text: str, at: int, end: int, dimension: Dimension) -> bool:
    # a duration only when said to be the value now ("当前 p99 约 500ms", "is currently 2 s") or what is left:
    # "持续 10 分钟", "for 10 minutes" speak of how long, as a bound's "for more than 10 minutes" does
    said = (
        dimension != Dimension.TIME
        or _NOW_BEFORE.search(text, max(0, at - 24), at) is not None
        or _LEFT_AFTER.match(text, end) is not None
        or _MEASURE_OF_BEFORE.search(text, max(0, at - 24), at) is not None
    )
    named = _THRESHOLD_AFTER.match(text, end) or _THRESHOLD_BEFORE.search(text, max(0, at - 24), at)
    return said and not named


# "a p95 of 500 ms", "p99 为 1.2 s": a latency measure's value
_MEASURE_OF_BEFORE = re.compile(
    r"\b[pP](?:50|75|90|95|99|999)[ \t]+(?:of|is|was|at)[ \t]*$|[pP](?:50|75|90|95|99|999)[ \t]*(?:为|是|达到|约)[ \t]*$"
)
