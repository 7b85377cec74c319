"""How many records a universal says it ranges over ("all six", "这 6 条…都": said_size), and a universal
bound over the records of one listing: "排名前 5 的表死元组比例都在 20% 以上", "all under 300 ms",
"every target is above 99%". The claim names no subject; its one fact is a bound ("above 20%", "under 300
ms"), and its quantifier ranges over the records of a listing that each state a value of the bound's
dimension (a table's rows, a query's series), the first N of them when it counts them ("前 5", "top 3",
"all 4"). A record none of whose values of that dimension meets the bound, beside others that do,
contradicts the claim. A record with no value of the dimension is out of the range; a listing with fewer
than two records in range, or none meeting the bound, says nothing here.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.fact_model import BOUNDS
from evidence_trace.server.domain.verifier.fact_patterns import _NUMBER_WORDS
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.listing_limits import RECORD_KINDS
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

_FIRST_N = re.compile(r"(?:前|top[ -]?|first|all)[ \t]*([0-9]+)", re.I)  # "排名前 5", "top 3", "all 4"


# a universal's examples: what follows names members of its range, not the range ("…, including X"; ", with
# search-api-5 the worst at 11.2%", "其中 X 最高": the worst one of them)
EXAMPLE = re.compile(
    r"\b(?:including|incl\.|such as|e\.g\.|for example|among them)\b|包括|比如|例如|其中包括|其中\S{1,24}?最[高低大小]"
    r"|[,，][ \t]*with[ \t]+\S+[ \t]+(?:the[ \t]+)?(?:worst|highest|lowest|largest|smallest|biggest|busiest)\b",
    re.I,
)


def every_bounded(
    text: str, at: int, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when a record of the listing the universal bound ranges over falls outside it."""
    bounds = [
        f for f in facts if f.kind == FactKind.QUANTITY and f.quantity is not None and f.quantity.comparison in BOUNDS
    ]
    counts = [f for f in facts if f.kind == FactKind.COUNT and f.quantity is not None]
    if len(bounds) != 1 or len(counts) > 1:
        return None
    bound = bounds[0]
    assert bound.quantity is not None
    # besides its count, only examples of members that keep the bound ("under a second (default 0.87 s, …)") and the
    # window the call asked ("over the last 15 minutes every host is above the 3% threshold")
    if any(f is not bound and f not in counts and f.scope != Scope.QUERY and not _example(f, bound) for f in facts):
        return None
    first = _FIRST_N.search(text, 0, at)
    # "the top 4 tables all …", "三个区域 … 都": the count is how many records the claim ranges over
    size = int(first.group(1)) if first else int(counts[0].quantity.value) if counts and counts[0].quantity else 0
    side = "above" if bound.quantity.comparison in (Comparison.ABOVE, Comparison.ALWAYS_ABOVE) else "below"
    others = _others(text, at)
    for index in evidence.rows():
        records = [
            u
            for u in evidence.units(index)
            if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT and _values(u, bound)
        ]
        if first is not None:
            records = records[:size]
        elif size and len(records) != size:
            continue  # "all three regions": a listing of three
        if len(records) < 2:
            continue
        meets = [any(bound.quantity.matches(v) for v in _values(u, bound)) for u in records]
        odd = next((u for u, ok in zip(records, meets) if not ok), None)
        if others is not None and (others == 0 or meets.count(False) <= len(records) - others):
            continue  # "the other two are below 4%": the one the draft set apart may be the odd one
        if odd is not None and any(meets):
            return base(
                status=ClaimStatus.CONTRADICTED,
                groundings=(grounding_of(odd),),
                reason=f"not every one of the {len(records)} records is {side} {bound.text}: {odd.ref} is not",
            )
    return None


def _example(fact: Fact, bound: Fact) -> bool:
    """Whether a value is an example of a member the bound holds of: the same dimension, and it keeps the bound."""
    if fact.kind != FactKind.QUANTITY or fact.quantity is None or bound.quantity is None:
        return False
    if fact.quantity.dimension != bound.quantity.dimension or fact.quantity.comparison != Comparison.EQUAL:
        return False
    return bound.quantity.matches(fact.quantity.value * fact.quantity.factor)


# "the other two", "the remaining 3", "the rest", "另外两张表", "其余 3 个": the records but those the draft set apart
_OTHERS = re.compile(
    r"\b(?:the[ \t]+)?(?:other|remaining)[ \t]+([0-9]+|two|three|four|five|six|seven|eight|nine|ten)\b|\bthe rest\b"
    r"|(?:另外|其余|其他|剩下的?|剩余的?)[ \t]*([0-9]+)?",
    re.I,
)


def _others(text: str, at: int) -> Optional[int]:
    """How many records "the other N" before the quantifier leaves in range (0 when it gives no number);
    None when the claim sets none apart."""
    found = list(_OTHERS.finditer(arabic(text), 0, at))
    if not found:
        return None
    said = found[-1]
    number = said.group(1) or said.group(2) or ""
    return int(number) if number.isdigit() else _NUMBER_WORDS.get(number.lower(), 0)


def _values(unit: Unit, bound: Fact) -> list[float]:
    """The unit's values in the bound's dimension, in its base units."""
    assert bound.quantity is not None
    return [n.value * n.factor for n in unit.numbers if n.dimension == bound.quantity.dimension and not n.bound]


_ALL_N = re.compile(
    r"[ \t]*(?:of[ \t]+(?:the|them)[ \t]+)?([0-9]+|two|three|four|five|six|seven|eight|nine|ten)\b", re.I
)
_N_BEFORE = re.compile(r"([0-9]+)[ \t]*(?:条|个|台|次|项|笔)[^，。；,;]{0,16}$")


def said_size(text: str, start: int, end: int) -> int:
    """How many records a universal says it ranges over: "all six", "all 6 of them" after it, "这 6 条慢查询都"
    before it in its clause; 0 when it says none."""
    after = _ALL_N.match(text, end)
    if after is not None:
        word = after.group(1).lower()
        return int(word) if word.isdigit() else _NUMBER_WORDS[word]
    before = _N_BEFORE.search(text, max(0, start - 24), start) or _N_CLAUSE_BEFORE.search(
        text, max(0, start - 48), start
    )
    if before is None and _OF_THEM.match(text, end):  # "Four alerts are active, and all of them are critical"
        before = _N_NOUNS_BEFORE.search(text, max(0, start - 80), start)
    if before is None:
        return 0
    word = before.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 0)


_OF_THEM = re.compile(r"[ \t]+of[ \t]+(?:them|these|those)\b", re.I)
_N_NOUNS_BEFORE = re.compile(
    rf"\b([0-9]+|{'|'.join(_NUMBER_WORDS)})[ \t]+(?:[A-Za-z-]+[ \t]+)?[A-Za-z-]+s\b[^.;:]{{0,60}}?(?:,[ \t]*|[ \t]+)(?:and[ \t]+)?$",
    re.I,
)


# "共 4 条 DeadlockLoserDataAccessException，全部来自 X": the count of the clause the quantifier follows
_N_CLAUSE_BEFORE = re.compile(
    r"(?:共|一共|总共|合计)[ \t]*([0-9]+)[ \t]*(?:条|个|台|次|项|笔)[^，。；,;]{0,40}[，,][ \t]*$"
)


def clause_start(text: str, at: int, marks: str = ",;，；") -> int:
    """Where the clause holding text[at] opens: after the last of the marks before it, else at 0."""
    return max(text.rfind(mark, 0, at) for mark in marks) + 1


def sums_up(text: str, quantifier: re.Match[str]) -> bool:
    """Whether "都" / "均" opens its clause after the things the claim listed, each with its own figures
    ("order-reader 共 63 个连接（41 active），metabase 5 个 active，都属于正常范围"): a summary of them, each
    checked in its own part, not a range whose units must each show every figure."""
    if quantifier.group(0) not in ("都", "均"):
        return False
    opening = clause_start(text, quantifier.start())
    return opening > 0 and not text[opening : quantifier.start()].strip(" \t也则就全")


CLAUSE_BREAK = re.compile(r",[ \t]*(?:and|but|while)[ \t]+|;[ \t]*|，[ \t]*(?:而且|并且|且|而)?|；")


def whole_or_clause(
    read: Callable[[str, tuple[Fact, ...]], Optional[ClaimCheck]], text: str, facts: tuple[Fact, ...]
) -> Optional[ClaimCheck]:
    """read() of the claim whole; else of each of its clauses (CLAUSE_BREAK), where only a contradiction counts:
    the claim's other clauses have facts of their own to ground."""
    found = read(text, facts)
    if found is not None:
        return found
    clauses = CLAUSE_BREAK.split(text)
    for clause in clauses if len(clauses) > 1 else ():
        found = read(clause, tuple(f for f in facts if f.text in clause))
        if found is not None and found.status == ClaimStatus.CONTRADICTED:
            return found
    return None


def later_universals(text: str, universal: re.Pattern[str]) -> list[str]:
    """The later clauses of a claim that hold a universal of their own, when its first clause holds one
    too ("… from all three probe regions, and every region answered in under 200 ms")."""
    clauses = CLAUSE_BREAK.split(text)
    if len(clauses) < 2 or not universal.search(clauses[0]):
        return []
    return [c for c in clauses[1:] if universal.search(c) and not _NOT_A_RANGE.match(c)]


# a consequence ("所以 A 和 B 都是 5.3gb", "so every …") or names joined before "都" share a predicate: no range
_NOT_A_RANGE = re.compile(
    r"[ \t]*(?:so|therefore|hence|thus|所以|因此|因而|于是)\b|[^都均]*(?:和|与|及|、)[^都均]*[都均]", re.I
)


_OWN_SUBJECT = re.compile(
    r"[ \t]+(?:and|but|while|whereas)[ \t]+(?:the|its|their|this|that)[ \t]+(?:[A-Za-z-]+[ \t]+){1,2}?"
    r"(?:is|are|was|were|has|have|had)\b|(?:而且?|并且|但是?)[ \t]*(?:其|它的|该)",
    re.I,
)
_RESTRICTOR = re.compile(
    r"[ \t]*(?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten)?[ \t]*[A-Za-z-]+s[ \t]+(?:from|on|of|in|for)[ \t]+",
    re.I,
)


@dataclasses.dataclass(frozen=True)
class SizedRange:
    """A universal that says how many it ranges over and what its own clause names ("All six come from
    cart-service", "共 4 条 DeadlockLoserDataAccessException，全部来自 inventory-service"): the listing of exactly
    that many records, each showing what the claim counted, must all name it."""

    size: int
    predicate: tuple[Fact, ...]
    counted: tuple[Fact, ...]
    quoted: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        text: str,
        quantifier: re.Match[str],
        facts: Sequence[Fact],
        entities: Sequence[Fact],
        codes: Sequence[str] = (),
    ) -> Optional["SizedRange"]:
        size = said_size(text, quantifier.start(), quantifier.end())
        ends = [text.find(c, quantifier.end()) for c in ",;:，；：(（"]  # (after a colon: its members, listed)
        # "… are online and the writer is neo4j-1": a clause with a subject of its own ends the predicate
        ends.append(m.start() if (m := _OWN_SUBJECT.search(text, quantifier.end())) else -1)
        close = min([e for e in ends if e >= 0] or [len(text)])
        # what each must name, or show: its level or state ("all of them are critical", "都是 firing")
        said = (*entities, *(f for f in facts if f.kind in (FactKind.LEVEL, FactKind.STATE)))
        predicate = tuple(f for f in said if quantifier.end() <= text.find(f.text) < close)
        # "All 3 records from 10.20.3.x are REJECT": a name right after the counted noun and "from", "on", "of"
        # restricts the range, as a name counted before the quantifier does; what follows the verb is the predicate
        restricts = tuple(f for f in predicate if _RESTRICTOR.fullmatch(text, quantifier.end(), text.find(f.text)))
        predicate = tuple(f for f in predicate if f not in restricts)
        counted = (*(f for f in facts if f.is_entity and 0 <= text.find(f.text) < quantifier.start()), *restricts)
        # a quoted message counted ("共 4 条 `consumer poll timeout has expired`"): each record holds it
        quoted = tuple(c.lower() for c in codes if " " in c and 0 <= text.find(c) < quantifier.start())
        return cls(size, predicate, counted, quoted) if size and predicate else None

    def _listed(self, units: Sequence[Unit]) -> tuple[list[Unit], list[Unit]]:
        """The records of the listing that show what the claim counted, and those of them naming the clause's names."""
        listed = [
            u
            for u in units
            if u.kind in RECORD_KINDS
            and u.strength >= Strength.INDIRECT
            and matches_all(self.counted, u, None) is True
            and all(q in u.lowered for q in self.quoted)
        ]
        return listed, [u for u in listed if all(matches(f, u) for f in self.predicate)]

    def stray(self, units: Sequence[Unit]) -> Optional[Unit]:
        """A record of a listing of that size that does not name what the clause names, or None."""
        listed, naming = self._listed(units)
        if len(listed) != self.size or not 0 < len(naming) < self.size:
            return None
        return next(u for u in listed if u not in naming)

    def fits(self, units: Sequence[Unit]) -> bool:
        """Whether the units hold a listing of that size whose every record names what the clause names: with
        two listings of that size ("All 3 records from 10.20.3.x" beside three pods), the one that fits is the range."""
        listed, naming = self._listed(units)
        return len(listed) == self.size == len(naming)

    def why(self, stray: Unit) -> str:
        return f"not all {self.size} records it ranges over name it: {stray.ref} does not"
