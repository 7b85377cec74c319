"""Figures a claim computes from its own values: the writer's arithmetic, not facts of their own.

"3 of the 42 targets are down (~7%)", "$31,668.61 vs $27,189.03, up $4,479.58 (+16.5%)", "205 MiB → 547
MiB (+342 MiB)", "~1,840 req/s versus ~760 req/s, about 2.4×", "74 connections (64 idle, 9 active, 1 idle
in transaction)", "0.42 per second, roughly 25 a minute". Such a figure holds when it equals, at the
precision it is stated in, a share, a change, a multiple, a difference, a sum or a restatement of values
the same claim states; then it is dropped from the claim's facts and its operands are checked. A figure
that equals none of them stays a fact and must be shown like any other, so a wrong share ("3 of 42,
~20%") is never derived.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Sequence

from evidence_trace.server.domain.verifier.fact_model import BOUNDS, STATED, Comparison, Dimension, Fact, FactKind

_VALUED = (FactKind.QUANTITY, FactKind.SETTING, FactKind.COUNT)  # "上限 8 GiB", "42 targets" are values too
# a change the claim speaks of: the difference of two of its values
_CHANGE = re.compile(
    r"(?<![0-9][ \t])(?<![0-9])[+−](?![ \t]*[0-9]+[ \t]*[)）=≈])|(?<![\w/])-(?=[ \t]?[$¥€£0-9])|→|->|\b(?:up|down|rose|fell|grew|dropped|increased?|decreased?|"
    r"higher|lower|more|less|fewer|from|vs\.?|versus|compared|delta|difference|gap|jump(?:ed)?|spiked?|climbed|"
    # a remainder: "100 with 3 reserved for superusers, so 97 for the rest", "leaving 12", "剩下 97 个"
    r"so|leaving|left|remaining)\b"
    r"|涨|降|增|减|多了|少了|上升|下降|提升|回落|相比|对比|相差|差值|从|剩|所以|扣除|减去",
    re.I,
)
_PART_RATE = re.compile(
    r"hit (?:rate|ratio)|success rate|error rate|failure rate|命中率|成功率|错误率|失败率"
    # "504: 61.7 req/s vs 200: 4.2 req/s, so ~94% of requests are failing": one part of all the claim states
    r"|\bof (?:all |the )?(?:[a-z][\w-]* ){0,2}(?:requests|traffic|calls|queries|responses)\b|(?:请求|流量|调用)(?:中|里)?的?[ \t]*约?[ \t]*[0-9]",
    re.I,
)
_OF_TOTAL = re.compile(
    r"\bof (?:the |all |its )?(?:total|whole|overall|combined|sum)\b|占(?:总|全部|整体|合计)|总(?:量|数|和|计|大小|容量|空间)的",
    re.I,
)
_BUDGET = re.compile(r"budget|of the (?:limit|threshold|quota|allowance)|预算|配额", re.I)
_UNIVERSAL = re.compile(r"\b(?:every|all|each)\b|所有|每个|全部|都", re.I)
_MULTIPLE = re.compile(r"[0-9](?:[ \t]*(?:x|×|倍)|[ \t]+times\b)", re.I)


def _base(fact: Fact) -> float:
    assert fact.quantity is not None
    return fact.quantity.value * fact.quantity.factor


# "10,411.7 vs 1,206.5 commits/s", "2.41 对比 0.38 秒": the bare figure before is in the unit after
_JOINED = re.compile(r"[ \t]*(?:vs\.?|versus|对比|比|→|->)[ \t]*", re.I)


def _joined_units(text: str, facts: Sequence[Fact]) -> list[Fact]:
    """The facts, a bare figure joined to the valued one after it by "vs" read in that one's unit (for the
    writer's arithmetic only: "~8.6x" of "10,411.7 vs 1,206.5 commits/s")."""
    out = list(facts)
    for i, (bare, after) in enumerate(zip(facts, facts[1:])):
        if not (bare.quantity and after.quantity) or bare.quantity.dimension != Dimension.NUMBER:
            continue
        if after.quantity.dimension == Dimension.NUMBER or _MULTIPLE.search(bare.text + " "):
            continue
        at = text.find(bare.text)
        if at >= 0 and _JOINED.fullmatch(text[at + len(bare.text) : text.find(after.text, at + len(bare.text))] or "-"):
            unit = dataclasses.replace(bare.quantity, dimension=after.quantity.dimension, factor=after.quantity.factor)
            out[i] = dataclasses.replace(bare, quantity=unit)
    return out


def _whole(fact: Fact) -> bool:
    """Whether a share is a whole percentage ("~2%", "13%"), which rounds to the percent."""
    return fact.quantity is not None and fact.quantity.decimals == 0 and fact.quantity.factor == 0.01


def _valued(fact: Fact) -> bool:
    return fact.kind in _VALUED and fact.quantity is not None and fact.quantity.value > 0


def derived_values(text: str, facts: Sequence[Fact], totals: Sequence[float] = ()) -> set[int]:
    """The indexes of the claim's figures that its own other values imply (module docstring); totals: for
    a table row, the sums of its table's columns, of which a share cell may be ("| 502 | 7,021 | 83.5% |")."""
    facts = _joined_units(text, facts)
    valued = [(i, f) for i, f in enumerate(facts) if _valued(f)]
    if totals:
        shares = {
            i
            for i, f in valued
            if f.quantity is not None
            and f.quantity.dimension == Dimension.RATIO
            and any(
                _close(_base(g) / total / f.quantity.factor, f.quantity.value, f.quantity.decimals, _whole(f))
                for _, g in valued
                if g is not f and g.quantity is not None and g.quantity.dimension in (Dimension.NUMBER, Dimension.RATE)
                for total in totals
                if total > _base(g)
            )
        }
    else:
        shares = set()
    shares |= _enumerated(text, facts)
    if len(valued) < 2:
        return shares
    change = _CHANGE.search(text) is not None
    universal = _UNIVERSAL.search(text) is not None
    derived: set[int] = set()
    derived |= shares | _computed(text, facts)
    sums: set[int] = set()  # a sum of parts the claim states is fixed by them: an operand still ("(82.9%)")
    for index, fact in valued:
        if index in derived:
            continue
        operands = [f for i, f in valued if i != index and (i not in derived or i in sums) and f.key != fact.key]
        earlier = [f for i, f in valued if i < index and f.key != fact.key]
        others = [f for i, f in valued if i != index and f.key != fact.key]  # derived ones too, for a share
        if _derived(fact, operands, earlier, change, text, others):
            derived.add(index)
        # "every queue is under a second (0.87 s, 0.12 s)": a universal's bound (which any smaller sum "matches")
        # ranges over the listing, never the sum of its examples
        elif not (
            universal and fact.quantity is not None and fact.quantity.comparison in BOUNDS
        ) and _sum_of_neighbours(index, fact, valued):
            derived.add(index)
            sums.add(index)
    return derived - _circular(sums, derived, valued)


def _circular(sums: set[int], derived: set[int], valued: Sequence[tuple[int, Fact]]) -> set[int]:
    """The sums one of whose parts is derived from them ("1,200 in all: 812 from A and 388 from B" makes 1,200
    the sum and 388 the difference): the sum is then checked, or a wrong pair that agrees would hold."""
    base = {i: _base(f) for i, f in valued}
    quantities = {i: f.quantity for i, f in valued if f.quantity is not None}
    return {
        s
        for s in sums
        for d in derived - sums
        if d != s
        and s in quantities
        and any(y not in (s, d) and quantities[s].matches(base[d] + base[y]) for y in base)
    }


def _derived(
    fact: Fact,
    operands: Sequence[Fact],
    earlier: Sequence[Fact],
    change: bool,
    text: str = "",
    others: Sequence[Fact] = (),
) -> bool:
    quantity = fact.quantity
    assert quantity is not None
    stated, decimals = quantity.value, quantity.decimals
    if quantity.dimension == Dimension.RATIO:  # a share or a change in percent of two values of one dimension
        pairs = _pairs(operands, lambda d: d != Dimension.RATIO, bare=True)
        if _OF_TOTAL.search(text):  # "30% of the total" of 125 GB of 412 GB: of the largest, never of a part;
            # the part may be one the claim derived (125 = 412 - 287): the values it rests on are still checked
            every = _pairs(others or operands, lambda d: d != Dimension.RATIO)
            top = max((b for _, b in every), default=0.0)
            if any(_close(a / top / quantity.factor, stated, decimals, _whole(fact)) for a, _ in every if a < top):
                return True
            parts = _PART_RATE.search(text) is not None  # "hits / misses": a part of the two the claim states
            return parts and any(_close(a / (a + b) / quantity.factor, stated, decimals) for a, b in pairs)
        if any(_close(a / b / quantity.factor, stated, decimals, _whole(fact)) for a, b in pairs if a < b):
            return True
        # "0.062% against the 0.1% allowed …, so about 62% of the error budget is used": a share of a budget
        budget = _pairs(earlier, lambda d: d == Dimension.RATIO) if _BUDGET.search(text) else []  # said before it
        if any(_close(a / b / quantity.factor, stated, decimals, _whole(fact)) for a, b in budget if a < b):
            return True
        # "0.912, i.e. about 91.2%": a fraction the claim stated before, in percent
        if any(
            f.quantity is not None
            and f.quantity.dimension == Dimension.NUMBER
            and 0 < _base(f) <= 1
            and f.scope == fact.scope
            and f.quantity.comparison in STATED  # never a bound or a threshold ("超过 0.85 阈值 … 为 85%")
            and _close(_base(f) / quantity.factor, stated, decimals)
            for f in earlier
        ):
            return True
        # "hit rate ~89.1% (hits 9,812,234,412 / misses 1,203,344,551)": one part of the two the claim states
        if _PART_RATE.search(text) and any(_close(a / (a + b) / quantity.factor, stated, decimals) for a, b in pairs):
            return True
        return change and any(_close(abs(a - b) / b / quantity.factor, stated, decimals) for a, b in pairs if a != b)
    if quantity.dimension == Dimension.NUMBER and _MULTIPLE.search(fact.text):
        # "about 2.4×"; a bound holds as a bound: "10 倍以上" of 412 vs 38 ms, "well short of 2×" of 46.0 vs 27.6
        bound = quantity.comparison in (Comparison.ABOVE, Comparison.BELOW)
        return any(  # of two values of one dimension, percentages too ("~8% … about 40× the ~0.2% baseline")
            _close(a / b, stated, decimals) or (bound and quantity.matches(a / b))
            for a, b in _pairs(operands, lambda d: True)
            if a > b
        )
    value = _base(fact)
    if quantity.comparison in STATED and any(  # a value said before, again in another unit: "600 s (10 minutes)",
        # "0.42/s, roughly 25 a minute"; never a bound ("above 30 s") of a span ("the 1-hour window"); a setting's
        # value restated in parentheses right after it is its conversion too ("a TTL of 86400 seconds (24 hours)")
        f.quantity is not None
        and f.quantity.dimension == quantity.dimension
        and f.quantity.factor != quantity.factor
        and f.quantity.comparison in STATED
        and (f.scope == fact.scope or _restated_right_after(text, f, fact))
        and quantity.matches(_base(f))
        for f in earlier
    ):
        return True
    if change or fact.text.lstrip().startswith(("+", "-", "−")):  # a difference: "+342 MiB", "up $4,479.58"
        values = [  # of two values stated before it: the writer states the values, then what they differ by
            _base(f) for f in earlier if f.quantity is not None and f.quantity.dimension == quantity.dimension
        ]
        return any(
            quantity.matches(abs(a - b)) and abs(a - b) not in (a, b) and value not in (a, b)
            for i, a in enumerate(values)
            for b in values[i + 1 :]
        )
    return False


def _restated_right_after(text: str, before: Fact, fact: Fact) -> bool:
    """Whether `fact` restates `before` right after it: in parentheses ("86400 seconds (24 hours)", "（约 24 小时）")
    or after a word that says so ("86400 s, i.e. 24 hours", "86400 秒，即 24 小时", "也就是约 24 小时")."""
    at = text.find(before.text)
    lead = _RESTATED.match(text, at + len(before.text)) if at >= 0 else None
    return lead is not None and text.startswith(fact.text, lead.end())


_RESTATED = re.compile(
    r"[ \t]*(?:[(（][ \t]*(?:(?:i\.e\.,?|即)[ \t]*)?"
    r"|[,，;；]?[ \t]*(?:i\.e\.,?|that is,?|or|即|也就是|也即|换算(?:成|为|下来)?|合)[ \t]*)(?:(?:~|≈|约|about|roughly)[ \t]*)?",
    re.I,
)


def _pairs(
    operands: Sequence[Fact], dimension_ok: Callable[[Dimension], bool], bare: bool = False
) -> list[tuple[float, float]]:
    """Pairs (part, whole) of operands of one dimension; with `bare`, a bare part pairs with a whole of any ("Of the
    912,345,678,901 bytes, 41,234,567,890 (4.5%) …": the part's noun is the whole's), never a bare whole."""
    return [
        (_base(fa), _base(fb))
        for fa in operands
        for fb in operands
        if fa is not fb
        and fa.quantity is not None
        and fb.quantity is not None
        and (
            fa.quantity.dimension == fb.quantity.dimension
            or (bare and fa.bare and not fb.bare and fa.quantity.dimension == Dimension.NUMBER)  # the part bare
        )
        and dimension_ok(fa.quantity.dimension)
        and dimension_ok(fb.quantity.dimension)
        and _base(fb) > 0
    ]


def _sum_of_neighbours(index: int, fact: Fact, valued: Sequence[tuple[int, Fact]]) -> bool:
    """A total stated with its parts right after or before it: "74 connections (64 idle, 9 active, 1 idle
    in transaction)", "1,200 + 340 = 1,540 requests": the parts of one dimension, in a row, add up to it."""
    quantity = fact.quantity
    assert quantity is not None
    position = next(p for p, (i, _) in enumerate(valued) if i == index)
    for run in (valued[position + 1 :], list(reversed(valued[:position]))):
        run = [(i, part) for i, part in run if part.key != fact.key]
        total = 0.0
        count = 0
        for _, part in run:
            if part.quantity is not None and part.quantity.dimension == Dimension.RATIO != quantity.dimension:
                continue  # each part's share beside it: "4,812 completed (82.9%), 937 pending (16.1%)"
            if part.quantity is None or part.quantity.dimension != quantity.dimension:
                break
            total += _base(part)
            count += 1
            if count >= 2 and quantity.matches(total):
                return True
    return False


def _close(found: float, stated: float, decimals: int, whole_percent: bool = False) -> bool:
    """A computed figure against the one the claim states: at its precision when it gives a decimal (rounded
    or cut: 68.1% is 68.05 to 68.2, not 66.7), else within 5% ("2×" is 1.9 to 2.1, not 1.67); a whole
    percentage is the share rounded to the percent as well ("~2%" of 2.24%, not of 2.6%)."""
    if decimals > 0:
        return abs(found - stated) <= 10.0**-decimals + 1e-9
    if whole_percent:
        return abs(found - stated) <= max(0.5, 0.05 * abs(stated)) + 1e-9
    return abs(found - stated) <= 0.05 * abs(stated)


_NUM = r"([0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?)(%?)"
_UNIT = r"(?:[ \t]*[A-Za-z/\u4e00-\u9fff]{1,8})?"
_OP = r"[ \t]*([×x*÷/+−-])[ \t]*"
_EXPRESSION = re.compile(
    rf"(?<![\w.]){_NUM}{_UNIT}{_OP}{_NUM}{_UNIT}(?:{_OP}{_NUM}{_UNIT})?[ \t]*(?:≈|=|~|约|≃|is about|comes to)[ \t]*{_NUM}",
    re.I,
)


# "113 connections in use (5 × 20 + 13)": the result first, its working in parentheses after it
_WORKED = re.compile(
    rf"(?<![\w.]){_NUM}(?:[ \t]*[A-Za-z\u4e00-\u9fff]+){{0,3}}[ \t]*[(（][ \t]*{_NUM}{_UNIT}{_OP}{_NUM}{_UNIT}"
    rf"(?:{_OP}{_NUM}{_UNIT})?[ \t]*[)）]",
    re.I,
)


def _computed(text: str, facts: Sequence[Fact]) -> set[int]:
    """The figures a claim works out in the open: "485 GiB ÷ 22.7 GiB/h ≈ 21.4 小时", "3Gi × 85% ≈ 2.55 GiB",
    "113 (5 × 20 + 13)": the result holds when the written numbers give it, at its precision (or within
    5% for a result with no decimals); its operands are checked."""
    derived: set[int] = set()
    for pattern, working, result in ((_EXPRESSION, 0, 8), (_WORKED, 2, 0)):
        for m in pattern.finditer(text):
            groups = m.groups()
            value = _worked_out(groups[working : working + 8])
            if value is not None and _states(value, groups[result], groups[result + 1]):
                derived |= _at(text, facts, m.start(result + 1))
    return derived


def _worked_out(groups: Sequence[str]) -> float | None:
    """The value of "A op B [op C]" from its groups: number, percent, operator, number, percent, [op, number,
    percent]."""
    numbers = [_written(groups[0], groups[1]), _written(groups[3], groups[4])]
    ops = [groups[2]]
    if groups[5]:
        ops.append(groups[5])
        numbers.append(_written(groups[6], groups[7]))
    return _evaluate(numbers, ops)


def _states(value: float, written: str, percent: str) -> bool:
    """Whether a written result ("21.4", "83.5" with its "%") is the value, at its precision."""
    decimals = len(written.split(".")[1]) if "." in written else 0
    return _close(value * (100 if percent else 1), float(written.replace(",", "")), decimals)


def _at(text: str, facts: Sequence[Fact], at: int) -> set[int]:
    """The facts written at that position of the text."""
    found = set()
    for index, fact in enumerate(facts):
        where = text.find(fact.text)
        if where >= 0 and where <= at < where + len(fact.text) + 1:
            found.add(index)
    return found


def _written(number: str, percent: str) -> float:
    value = float(number.replace(",", ""))
    return value / 100 if percent else value


def _evaluate(numbers: list[float], ops: list[str]) -> float | None:
    """Left to right, × and ÷ before + and −."""
    terms, pending = [numbers[0]], []
    for op, n in zip(ops, numbers[1:]):
        if op in "×x*":
            terms[-1] *= n
        elif op in "÷/":
            if n == 0:
                return None
            terms[-1] /= n
        else:
            pending.append(op)
            terms.append(n)
    total = terms[0]
    for op, n in zip(pending, terms[1:]):
        total = total + n if op == "+" else total - n
    return total


# a count and the list of what it counts right after it: "2 个 broker（kafka-0、kafka-1）", "3 jobs are running: A, B and C"
_LISTED_AFTER = re.compile(
    r"(?:[ \t]+[A-Za-z][\w-]*){0,3}[ \t]*(?:[\u4e00-\u9fff]{1,4}[ \t]*)?[(（:：][ \t]*([^()（）:：\n。；;]{2,200})"
)
_MEMBER_SEPARATOR = re.compile(r"[ \t]*(?:[、,，/]|\band\b|和|及)[ \t]*(?:and[ \t]+)?")


def _enumerated(text: str, facts: Sequence[Fact]) -> set[int]:
    """The counts the claim's own list right after them gives, member by member: "2 个 broker（kafka-0、kafka-1）"
    counts the two names it lists, which are checked themselves; a list of another size leaves the count a fact."""
    names = [f for f in facts if f.is_entity]
    found = set()
    for index, fact in enumerate(facts):
        if fact.kind != FactKind.COUNT or fact.quantity is None or fact.quantity.value < 2:
            continue
        at = text.find(fact.text)
        listed = _LISTED_AFTER.match(text, at + len(fact.text)) if at >= 0 else None
        if listed is None:
            continue
        members = [part for part in _MEMBER_SEPARATOR.split(listed.group(1).strip(" .")) if part]
        named = {f.key for f in names if any(f.text in part for part in members)}
        if len(members) == len(named) == int(fact.quantity.value):
            found.add(index)
    return found
