"""A total the claim gives of what one query's series add up to: "一共 39 条 signature verify failed" of
`sum by (channel) (count_over_time(...))` returning alipay 37 and wechatpay 2; "412 errors in all across the
three pods" of a per-pod instant vector.

No single unit shows such a figure: it is the sum of every series' one value. It holds when one call's
listing is instant-vector series only (one value each, at least two, the listing not cut), their values add
up to the claim's figure at the precision it is written in, and every other fact of the claim is one the
call asked (its query, its window, its time) or one every series shows. "N of M" with M the number of series
is such a sum out of them ("reachable from 3 of 4 probe regions" of four probe_success series, 0 or 1). A
sum of some of the series, or of a range query's samples, is never taken.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Match
from evidence_trace.server.domain.verifier.fact_matching import matches, states_time
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import N_OF_ALL
from evidence_trace.server.domain.verifier.units import Strength, Unit

_SUMMED = (FactKind.COUNT, FactKind.QUANTITY)
_AMONG = re.compile(
    r"([0-9]+)[ \t]*个[^0-9，。；,;]{0,8}?(?:中|里|当中)[ \t]*(?:有|共有)?[ \t]*[0-9]+"
)  # "4 个区域中有 3 个"
_INSTANT = re.compile(r'"resultType"[ \t]*:[ \t]*"vector"')  # Prometheus' and Loki's instant queries


def series_sum(
    facts: Sequence[Fact], units: Sequence[Unit], question: Optional[Unit], cut: bool, preview: str, text: str = ""
) -> Optional[Match]:
    """The row's series as the grounding of the claim's one figure, when it is their sum."""
    if question is None or cut or not any(f.kind in _SUMMED for f in facts) or _INSTANT.search(preview) is None:
        return None
    # "过去 1 小时": a window the call asked is no figure of the sum
    valued = [f for f in facts if f.kind in _SUMMED and f.quantity is not None and not matches(f, question)]
    series = [u for u in units if u.kind == "series"]
    # "3 of 4 probe regions": the sum of the 4 series' 0s and 1s, out of the 4 the call lists
    of, among = N_OF_ALL.search(text), _AMONG.search(text)
    out_of = (of is not None and int(of.group(2)) == len(series)) or (
        among is not None and int(among.group(1)) == len(series)
    )
    if out_of:
        valued = [f for f in valued if f.quantity is not None and f.quantity.value != len(series)]
        facts = [f for f in facts if f in valued or f.kind not in _SUMMED]
    if len(valued) != 1:
        return None
    figure = valued[0]
    assert figure.quantity is not None
    if figure.quantity.value <= 0 or figure.quantity.comparison not in (Comparison.EQUAL, Comparison.ABOUT):
        return None
    if len(series) < 2 or any(u.strength < Strength.INDIRECT or len(u.numbers) != 1 for u in series):
        return None
    if len(series) != len([u for u in units if u.kind not in ("header", "input")]):
        return None  # the listing holds more than series
    if len(facts) < 2 and not out_of:
        return None  # "另外两个实例": a number alone says nothing of what was summed
    values = [u.numbers[0].value for u in series]
    written = re.search(r"[0-9]\.([0-9]+)", figure.text)
    decimals = len(written.group(1)) if written else 0
    if not decimals and any(v != int(v) for v in values):
        return None  # a whole figure is a sum of whole values, never of rounded fractions
    if round(sum(values), decimals) != figure.quantity.value * figure.quantity.factor:
        return None
    for fact in facts:
        if fact is figure:
            continue
        if fact.kind == FactKind.TIME:
            if not states_time(fact, question):
                return None
        elif not (matches(fact, question) or all(matches(fact, u) for u in series)):
            return None
    return Match(series[0], tuple(series))
