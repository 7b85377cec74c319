"""Quantities as a claim states them: a number with its unit ("840 ms", "1.5 GiB", "310 docs/s"), the
comparison it is stated with ("over", "about", "below"), and the metric it is given for ("p99 达到 830 ms")."""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Fact, FactKind, Quantity, Scope
from evidence_trace.server.domain.verifier.fact_patterns import (
    _ABOUT,
    _ABOUT_AFTER,
    _ABOVE,
    _ABOVE_AFTER,
    _ALWAYS,
    _BELOW,
    _BELOW_AFTER,
    _DECIMAL_BYTES_ALSO,
    _NEGATED_BEFORE,
    _QUERY_CONTEXT,
    _UNIT_WORDS,
    plain_number,
)
from evidence_trace.server.domain.verifier.fact_vocabulary import NOUN_RATE_PER

_QUALIFIER_AFTER = re.compile(
    r"^[ \t-]*(?:load|rate|average|avg|mean|负载|平均|均值|速率|增量|的速率|的平均|的增量|内的(?:速率|平均|均值|增量)"
    r"|window[ \t-]*(?:average|avg|mean|rate|sum)|窗口[ \t]*(?:平均|均值|速率)"
    # "order-api 5 分钟 5xx 比例", "the 5-minute error ratio": the window a series is computed over
    r"|(?:[0-9]xx[ \t]*)?(?:比例|比率|占比|错误率|error rate|error ratio|ratio)"
    # "5-minute steps", "the 5-minute histogram", "1 分钟粒度": the resolution of a series or a histogram
    r"|steps?\b|buckets?\b|histogram|interval|resolution|granularity|步长|粒度)",
    re.I,
)
_WINDOW_AFTER = re.compile(r"^[ \t-]*(?:的)?[ \t]*(?:window|time window|range|span|时间窗口|窗口|时间段|区间)", re.I)
_WITHIN_AFTER = re.compile(
    r"^[ \t]*(?:内|之内|以内|里|当中)"
)  # "30 分钟内" (within 30 minutes): a window, as "within" is


def _quantity_fact(text: str, m: re.Match[str]) -> Optional[Fact]:
    number, thousands, unit = m.group(1), m.group(2), (m.group(3) or m.group(4)).lower()
    if unit not in _UNIT_WORDS:
        return None
    if thousands and unit in ("b", "m", "d", "s"):
        return None  # "5kb" is a unit of its own, "3ks" is not a number
    if _UNIT_WORDS[unit][0] == Dimension.TIME and _QUALIFIER_AFTER.match(text[m.end() : m.end() + 16]):
        return None  # "1-minute load", "5m rate": names a series, states nothing
    if _UNIT_WORDS[unit][0] == Dimension.TIME and re.search(r"每[ \t]*$", text[max(0, m.start() - 3) : m.start()]):
        return None  # "每 5 分钟的 5xx": the step a series is counted in, as "per 5 minutes" is
    if unit in ("m", "d", "b") and not re.fullmatch(r"[0-9.]+", number):
        return None
    dimension, factor = _UNIT_WORDS[unit]
    value, decimals = _stated(number, bool(thousands))
    alternatives = (_DECIMAL_BYTES_ALSO[unit],) if unit in _DECIMAL_BYTES_ALSO else ()
    # "30 分钟内" (within 30 minutes), "the 30-minute window", "2 小时窗口": the span the call was asked over
    window = dimension == Dimension.TIME and _WINDOW_AFTER.match(text[m.end() : m.end() + 12]) is not None
    within = window or (dimension == Dimension.TIME and _WITHIN_AFTER.match(text[m.end() : m.end() + 4]) is not None)
    scope = Scope.QUERY if within or _QUERY_CONTEXT.search(text, 0, m.start()) else Scope.RESULT
    named = _NAMED_BEFORE.search(text, max(0, m.start() - 32), m.start())
    # "over a 2-hour window" spans it, never "more than 2 hours"
    comparison = Comparison.EQUAL if window else _comparison(text, m.start(), m.end())
    cores: tuple[Fact, ...] = ()
    if unit == "m" and re.fullmatch(r"[0-9]+m", m.group(0)):  # "212m": minutes, or kubectl's millicores (0.212)
        millicores = Quantity(Dimension.NUMBER, value / 1000, 1.0, decimals + 3, comparison)
        cores = (Fact(FactKind.QUANTITY, m.group(0), m.group(0).lower(), scope, quantity=millicores),)
    return Fact(
        FactKind.QUANTITY,
        m.group(0),
        m.group(0).lower(),
        scope,
        quantity=Quantity(dimension, value, factor, decimals, comparison, alternatives),
        alternatives=cores,
        noun=_listed_measure(text, m.start()) or (named.group(1).lower() if named else _zh_measure(text, m.start())),
    )


# A phase named in Chinese right before its length, or before a list of lengths ("TLS 握手约 87 ms", "TCP 建连约 29 ms"): the English word a
# unit keys it by (curl_phases.py); "首字节" is either the wait or the time to it, and keys neither
_ZH_MEASURES = {"握手": "handshake", "建连": "connect", "handshake": "handshake"}
_ZH_MEASURE_BEFORE = re.compile(
    r"(握手|建连)(?:时间|耗时|用时)?[ \t]*(?:约|为|是|耗时|用了|花了|大约)*[ \t]*(?:约|~|≈)?[ \t]*$"
)
# a measure named before a list of values ("TLS 握手耗时分别为：北京 65.5 ms、上海 59.5 ms", "TLS handshake
# times: Beijing 65.5 ms, Shanghai 59.5 ms"): each value of the list is that measure's
_LISTED_MEASURE = re.compile(r"(握手|建连|handshake)[^。；;.\n]{0,40}?(?:分别(?:为|是)|[:：])[^。；;\n]*$", re.I)


def _zh_measure(text: str, start: int) -> str:
    m = _ZH_MEASURE_BEFORE.search(text, max(0, start - 16), start)
    return _ZH_MEASURES[m.group(1)] if m else ""


def _listed_measure(text: str, start: int) -> str:
    m = _LISTED_MEASURE.search(text, max(0, start - 120), start)
    return _ZH_MEASURES[m.group(1).lower()] if m else ""


# The metric a value is given for, right before it: "p99 达到 1250 ms", "latency was 840 ms", "rss=512 MiB".
# Where a unit names that metric by a key, the value must be that key's (matching._keyed).
_NAMED_BEFORE = re.compile(
    r"(?<![\w-])(?!(?:is|was|are|were|of|at|to|in|on|by|for|with|and|or|the|a|an|from|about|around|over|under|"
    r"after|before|than|only|still|now|then|just|roughly|nearly|ms|s|sec|min)\b)([A-Za-z][A-Za-z0-9]{1,24})[ \t]*(?:就|都)?(?:已经|已)?[ \t]*(?:alone[ \t]+)?(?:is|was|of|at|reached|hit|takes|took|costs?|completes?[ \t]+at|completed[ \t]+at|=|:|达到了?|为|是|约|高达|升至|涨到|到了)?"
    r"[ \t]*(?:约|about|~|≈)?[ \t]*$",
    re.I,
)


def _stated(number: str, thousands: bool) -> tuple[float, int]:
    """A written number's value and the decimals it states ("1.5k": 1500 to the hundred, decimals -2)."""
    decimals = len(number.split(".")[1]) if "." in number else 0
    value = float(plain_number(number))
    return (value * 1000, decimals - 3) if thousands else (value, decimals)


def _noun_rate(text: str, m: re.Match[str]) -> Fact:
    """ "310 docs/s": a rate of the noun, per second (factor to per-second)."""
    value, decimals = _stated(m.group(1), bool(m.group(2)))
    quantity = Quantity(
        Dimension.RATE, value, NOUN_RATE_PER[m.group(4).lower()], decimals, _comparison(text, m.start(), m.end())
    )
    scope = Scope.QUERY if _QUERY_CONTEXT.search(text, 0, m.start()) else Scope.RESULT
    return Fact(FactKind.QUANTITY, m.group(0), m.group(0).lower(), scope, quantity=quantity, noun=m.group(3).lower())


def _comparison(text: str, start: int, end: int) -> Comparison:
    before = text[max(0, start - 48) : start]
    after = text[end : end + 12]
    if _CHANGE_BEFORE.search(before):
        return Comparison.CHANGE
    above = _ABOVE.search(before)
    below = _BELOW.search(before)
    # both match where one cue holds the other ("不超过" holds "超过", "不低于" holds "低于"): the longer one is said
    cue = min((m for m in (above, below) if m is not None), key=lambda m: m.start(), default=None)
    if cue is not None:
        negated = _NEGATED_BEFORE.search(before, max(0, cue.start() - 16), cue.start()) is not None
        # "did not exceed 85%" is at most 85%; "not below 2 GiB" at least 2 GiB.
        upward = (cue is above) != negated
        if _ALWAYS.search(before):
            return Comparison.ALWAYS_ABOVE if upward else Comparison.ALWAYS_BELOW
        return Comparison.ABOVE if upward else Comparison.BELOW
    if _ABOVE_AFTER.match(after):
        return Comparison.ABOVE
    if _BELOW_AFTER.match(after):
        return Comparison.BELOW
    if _ABOUT.search(before) or _ABOUT_AFTER.match(after):
        return Comparison.ABOUT
    return Comparison.EQUAL


_CHANGE_BEFORE = re.compile(
    r"(?:\b(?:grew|grown|increased|rose|risen|climbed|jumped|dropped|fell|fallen|decreased|declined|shrank|shrunk|"
    r"went (?:up|down)|(?:is|was|are|were) (?:up|down))\s+by\s+|"
    r"\b(?:exceeded|overran|overshot)(?:\s+[\w.]+){0,3}?\s+by\s+|\bover\s+by\s+|"
    r"(?:涨了|增加了|增长了|上涨了|上升了|多了|下降了|减少了|降了|少了|回落了|超了|超出了?|多出了?)\s*)"
    r"(?:about |roughly |around |nearly |almost |over |~|约|大约|将近|近)?\s*$",
    re.I,
)
