"""Numbers a claim states that no other fact pattern reads: a bare figure ("$4,212.35", "**3,485** 条",
"62,256 / 62,436 / 62,109"), a figure with a scale word ("1.18 million rows", "19 万"), a rate said in
words ("25 a minute", "每秒 40"). Each is a fact the evidence must show, never dropped (fail closed):
before this reader such numbers dropped out of the claim, and a claim grounded on its other facts.

Not read as numbers: a single digit (list markers, "one of two" counting is the count patterns' job), a
year, dates and times (masked before), parts of identifiers, versions, paths and addresses.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterator, Sequence

from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Fact, FactKind, Quantity, Scope
from evidence_trace.server.domain.verifier.fact_patterns import _QUERY_CONTEXT, LAST_FEW
from evidence_trace.server.domain.verifier.quantity_facts import _comparison

if TYPE_CHECKING:
    from evidence_trace.server.domain.verifier.unit_model import Unit

_SCALE = {
    "thousand": 1e3,
    "k": 1e3,
    "千": 1e3,
    "万": 1e4,
    "million": 1e6,
    "mn": 1e6,
    "百万": 1e6,
    "亿": 1e8,
    "billion": 1e9,
    "bn": 1e9,
}
_PER = {
    "second": 1.0,
    "sec": 1.0,
    "s": 1.0,
    "minute": 1 / 60,
    "min": 1 / 60,
    "hour": 1 / 3600,
    "hr": 1 / 3600,
    "day": 1 / 86400,
    "秒": 1.0,
    "分钟": 1 / 60,
    "小时": 1 / 3600,
    "天": 1 / 86400,
}
_BARE = re.compile(
    r"(?<![A-Za-z0-9_.,\-–:/#+])(?:US\$|\$|¥|€|£|RMB[ \t]?|CNY[ \t]?)?"
    r"([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?)"
    r"(?:[ \t]*[–~\-][ \t]*([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?))?"  # "5001–5003": a range
    # "182k" (numerals.py writes "18.2 万" so), "4.1k": thousands, in lower case only ("2048M", "4012K" are sizes)
    r"(?:[ \t]*(thousand|million|billion|mn|bn|百万|千|万|亿)(?![A-Za-z])|((?-i:k))(?![A-Za-z0-9]))?"
    r"(?:[ \t]+(?:a|an|per)[ \t]+(second|sec|minute|min|hour|hr|day)\b)?"
    r"(?![A-Za-z0-9_%/]|[.,:\-][0-9])",
    re.I,
)
_NOUN_AFTER = re.compile(r"[ \t]+((?:[A-Za-z][a-z\-]*[ \t]+){0,2}?[A-Za-z][a-z\-]*[a-z]s)\b")
_PROTOCOL = re.compile(
    r"\b(?:TLS|TLSv|SSL|SSLv|HTTP|IPv|SNMPv|Java|JDK|Python|Go|Node(?:\.js)?)[ /]?$", re.I
)  # "TLS 1.3"
# "Of the 5 VMs in ci-runners, 4 are Running", "out of 12 shards, 3 …": a part after its whole
PART_AFTER = re.compile(
    r"\b(?:of|out of|among)[ \t]+(?:the[ \t]+|all[ \t]+|these[ \t]+|its[ \t]+|their[ \t]+)?([0-9][0-9,]*)\b"
    r"[^,.;:\n0-9]{0,60},[ \t]*$",
    re.I,
)
_OF_TOTAL = re.compile(r"[ \t]*(?:of|out of|/)[ \t]*(?:the[ \t]+|all[ \t]+)?(?:" + LAST_FEW + r"[ \t]+)?[0-9]", re.I)
_NOT_NOUNS = frozenset(
    "was has does is its this thus plus minus always across perhaps unless less yes us as whereas versus "
    "seconds minutes hours days weeks months years times percent bytes ms".split()
)
_ZH_PER = re.compile(r"每(秒|分钟|小时|天)[ \t]*(?:约|大约|有|为)?[ \t]*$")  # "每分钟约 25"


def bare_number_facts(masked: str, taken: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Fact]]:
    """The bare numbers of a claim's (masked) text outside the spans other facts took, with their start."""
    for m in _BARE.finditer(masked):
        start, end = m.span()
        if any(start < t_end and t_start < end for t_start, t_end in taken) or _PROTOCOL.search(masked, 0, start):
            continue
        number, scale, per = (
            m.group(2) or m.group(1),
            (m.group(3) or m.group(4) or "").lower(),
            (m.group(5) or "").lower(),
        )
        plain = number.replace(",", "")
        low = float(m.group(1).replace(",", "")) if m.group(2) else None
        short = len(plain.replace(".", "")) < 2 and not _OF_TOTAL.match(masked, end)  # "3 of the 42" is a figure
        short = short and not PART_AFTER.search(masked, max(0, start - 90), start)  # "Of the 5 VMs, 4 are …" too
        if not scale and not per and (short or (_year(plain) and "," not in number)):
            continue
        decimals = len(plain.split(".")[1]) if "." in plain else 0
        value, factor, dimension = float(plain), 1.0, Dimension.NUMBER
        if scale:
            multiplier = _SCALE[scale]
            value, decimals = value * multiplier, decimals - len(str(int(multiplier))) + 1
            low = low * multiplier if low is not None else None
        if low is not None and low >= value:
            low = None  # "12-3": not a range (an id, a score), read as its last number
        zh_per = _ZH_PER.search(masked, max(0, start - 12), start)
        if per or zh_per:
            dimension, factor = Dimension.RATE, _PER[per or zh_per.group(1)]  # type: ignore[union-attr]
        asked = _QUERY_CONTEXT.search(masked, 0, start) or THRESHOLD_AFTER.match(masked, end)  # "0.85 阈值"
        scope = Scope.QUERY if asked else Scope.RESULT
        noun = None if (scale or per or low is not None) else _NOUN_AFTER.match(masked, end)
        if noun and noun.group(1).split()[-1].lower() in _NOT_NOUNS:
            noun = None  # "run 8813 was still going": a verb, no noun counted
        if noun:  # "23 long pauses": a count of what the noun names
            quantity = Quantity(Dimension.NUMBER, value, 1.0, 0, _comparison(masked, start, end))
            written = m.group(0) + noun.group(0)
            last = noun.group(1).split()[-1].lower()
            yield start, Fact(FactKind.COUNT, written, plain, scope, quantity=quantity, noun=last, bare=True)
            continue
        comparison = Comparison.BETWEEN if low is not None else _comparison(masked, start, end)
        quantity = Quantity(dimension, value, factor, decimals, comparison, low=low)
        label = _label_before(masked, start) if _LIST_END.match(masked, end) else ""
        yield (
            start,
            Fact(FactKind.QUANTITY, m.group(0), m.group(0).lower(), scope, quantity=quantity, bare=True, noun=label),
        )


# "active 50, idle 0, waiting 213", "活跃连接 50，等待连接的线程数 213": a figure listed after its label is
# the value of the unit's key of that name, when the unit keys one (fact_matching: a noun picks keyed values)
_LABEL = re.compile(r"(?:^|[,;，；、(（:：|]|\band\b)[ \t]*([A-Za-z][a-z]{2,15})[ \t]*[:=]?[ \t]*$", re.I)
_ZH_LABEL = re.compile(r"(?:^|[,;，；、(（:：|])[ \t]*([\u4e00-\u9fff]{1,12})[ \t]*[:=：]?[ \t]*$")
_ZH_LABEL_WORDS = {  # the English a key uses for a Chinese label's head word
    "活跃": "active",
    "空闲": "idle",
    "等待": "waiting",
    "最大": "max",
    "最小": "min",
    "总": "total",
    "当前": "current",
    "失败": "failed",
    "成功": "success",
    "重试": "retr",
    "拒绝": "reject",
    "挂起": "pending",
}
# "past the 10k threshold", "超过 0.85 阈值": a figure right before its name as a threshold is what was asked
THRESHOLD_AFTER = re.compile(r"[ \t]*(?:threshold|limit|阈值|的阈值)", re.I)
_LIST_END = re.compile(r"[ \t]*(?:[,;，；、)）|。]|\.(?:\s|$)|$)")  # the figure ends its item of the list
_FIELD_LABEL = re.compile(
    r"(?<![\w.\-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?[ \t]*(?:[:=：]|\b(?:is|was|of|at)\b|为|是)?[ \t]*$", re.I
)
_NOT_LABELS = frozenset("the and for with from about over under than only was were are has had its".split())


def field_label(masked: str, start: int) -> str:
    """The snake_case field a figure is said to be the value of ("evicted_keys 是 64210", "used_memory is
    6442450944"), or ""."""
    field = _FIELD_LABEL.search(masked, max(0, start - 40), start)
    return field.group(1).lower() if field else ""


def _label_before(masked: str, start: int) -> str:
    field = field_label(masked, start)
    if field:
        return field
    before = masked[max(0, start - 24) : start]
    english = _LABEL.search(before)
    if english and english.group(1).lower() not in _NOT_LABELS:
        return english.group(1).lower()
    chinese = _ZH_LABEL.search(before)
    if chinese:
        return next((word for zh, word in _ZH_LABEL_WORDS.items() if chinese.group(1).startswith(zh)), "")
    return ""


# (not a day named by its place, "the previous day's backup": a day's thing, no window)
_WINDOW_WORD = re.compile(r"\b(?:the\s+)?(?:last|past|previous)\s+(second|minute|hour|day|week)\b(?!['’]s\b)", re.I)
_WINDOW_FACTOR = {"second": 1000.0, "minute": 60000.0, "hour": 3600000.0, "day": 86400000.0, "week": 604800000.0}


def window_word_facts(masked: str, taken: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Fact]]:
    """A window said without a number ("in the last hour", "over the past day"): one of its unit, a fact of
    what the call was asked, as "the last 1 hour" would be."""
    for m in _WINDOW_WORD.finditer(masked):
        start, end = m.span()
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        quantity = Quantity(Dimension.TIME, 1.0, _WINDOW_FACTOR[m.group(1).lower()], 0)
        words = " ".join(m.group(0).lower().split()[-2:])  # "last minute": a record may say it in words too
        said = Fact(FactKind.IDENTIFIER, m.group(0), words, Scope.QUERY)
        yield (
            start,
            Fact(
                FactKind.QUANTITY, m.group(0), m.group(0).lower(), Scope.QUERY, quantity=quantity, alternatives=(said,)
            ),
        )


def _year(plain: str) -> bool:
    return plain.isdigit() and len(plain) == 4 and 1970 <= int(plain) <= 2100


def written_in(fact: Fact, unit: "Unit") -> bool:
    """A bare figure the unit writes as it stands, wherever ("pid 51907", "10.20.5.44:8080", "Error 1213",
    "$9,120.00"): the same digits, with or without thousands separators, as a number of their own."""
    quantity = fact.quantity
    if quantity is None or quantity.dimension != Dimension.NUMBER or quantity.comparison != Comparison.EQUAL:
        return False
    digits = re.sub(r"[^0-9.]", "", fact.key.split("–")[-1])
    if not digits:
        return False
    grouped = f"{int(float(digits)):,}" + ("." + digits.split(".")[1] if "." in digits else "")
    return any(
        re.search(rf"(?<![0-9.,]){re.escape(form)}(?![0-9]|[.,][0-9])", unit.lowered) for form in {digits, grouped}
    )
