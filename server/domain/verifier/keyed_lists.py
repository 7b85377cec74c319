"""A count of the items a JSON or YAML list holds under a key named for them: "2 NAT IPs" of
`userAllocatedNatIps: [a, b]`, "ledger 配了两条 topologySpreadConstraints", "3 subnet IDs" of `SubnetIds`.

Such a count is the list's length, which no unit states as a number. It holds when a unit naming the claim's
subject (one of its names, or a call asking for it) holds a list of exactly that many items under a key whose name ends in the
count's noun: the noun's words joined, any case, plural or not ("NAT IPs": `natIps`, `userAllocatedNatIps`;
not `minExtraNatIpsNeeded`, whose words go on after the noun, nor `natIpCount`, a number a unit states).
The noun is the Latin words right after the count ("2 个 NAT IP", "两条 topologySpreadConstraints"); a noun in
Chinese ("2 个触发器") names no key and is left to the other count rules. A claim with no subject of its own
is read so only where one list in the whole evidence is under such a key. A list of another length leaves the
count a fact, to be shown.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterator, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_model import normalize
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.units import Unit

# the count, a classifier a Chinese count may carry, then up to four Latin words
_NOUN_AFTER = r"[ \t]*(?:个|条|项|组|份|台|张|块|种)?[ \t]*((?:[A-Za-z][A-Za-z0-9\-]*[ \t]*){1,4})"
_COUNT_WORD = re.compile(r"[_.\-]?(?:count|total|num|number)$")
_LONGEST = 64  # items of a list counted


def keyed_list_counts(text: str, facts: Sequence[Fact], evidence: Evidence) -> set[int]:
    """The indexes of the claim's count facts that are the length of a list under a key of their noun."""
    read = arabic(normalize(text))
    entities = [f for f in facts if f.is_entity]
    found = set()
    for index, fact in enumerate(facts):
        if fact.kind != FactKind.COUNT or fact.quantity is None or fact.quantity.comparison != Comparison.EQUAL:
            continue
        nouns = _nouns(read, fact)
        if nouns and int(fact.quantity.value) in _lengths(nouns, entities, evidence):
            found.add(index)
    # a claim of the count alone ("我只取了最新 1 条 bulletin") is left to the other count rules
    return found if any(i not in found for i in range(len(facts))) else set()


def _nouns(read: str, fact: Fact) -> tuple[str, ...]:
    """The noun's forms a key may end in: its leading words joined, longest first, singular ("2 NAT IPs are
    listed": natipsarelisted, natipsare, natip, nat)."""
    m = re.search(r"(?<![0-9.])" + re.escape(fact.key) + _NOUN_AFTER, read)
    if m is None:
        return ()
    words = [w.replace("-", "").lower() for w in m.group(1).split()]
    joined = ["".join(words[:size]) for size in range(len(words), 0, -1)]
    return tuple(_singular(j) for j in joined if len(j) >= 2)


def _singular(word: str) -> str:
    return word[:-2] if word.endswith("es") and len(word) > 4 else word[:-1] if word.endswith("s") else word


def _names_noun(key: str, nouns: Sequence[str]) -> bool:
    key = re.sub(r"[^a-z0-9]", "", key.lower())
    if _COUNT_WORD.search(key):
        return False
    return any(key.endswith((noun, noun + "s", noun + "es")) for noun in nouns)


def _lengths(nouns: Sequence[str], entities: Sequence[Fact], evidence: Evidence) -> set[int]:
    lengths: list[int] = []
    for index in evidence.rows():
        compact = evidence.remember(("compact raw", index), functools.partial(_compact, evidence, index))
        if not any(noun in compact for noun in nouns):
            continue  # no key of the row can end in the noun
        # the units naming one of the claim's names: the list's owner ("its NAT IPs" of a router the claim names
        # beside the pod that uses them)
        named = {id(u): u for f in entities for u in evidence.named(index, [f], asked=True)}
        children = evidence.remember(("listed children", index), functools.partial(_children_of, evidence, index))
        for unit in named.values() if entities else evidence.units(index):
            lengths.extend(_keyed_lengths(unit, nouns))
            lengths.extend(n for key, n in children.get(unit.ref, {}).items() if _names_noun(key, nouns))
    if not entities and len(lengths) != 1:
        return set()  # no subject: only a list that is the only one of its noun
    return set(lengths)


def _keyed_lengths(unit: Unit, nouns: Sequence[str]) -> list[int]:
    return [len(items) for key, items in _lists(unit.value) if _names_noun(key, nouns)]


_CHILD = re.compile(r"(.+)\.([^.\[\]]+)\[([0-9]+)\]")


def _compact(evidence: Evidence, index: int) -> str:
    return re.sub(r"[^a-z0-9]", "", evidence.raw(index))


def _children_of(evidence: Evidence, index: int) -> dict[str, dict[str, int]]:
    return _children(evidence.units(index))


def _children(units: Sequence[Unit]) -> dict[str, dict[str, int]]:
    """A list of objects is cut into units of its own (`Groups[0].Subnets[2]`): for each unit's ref, the number
    of items under each of its keys, counted by their refs (one pass over the row's units)."""
    found: dict[str, dict[str, int]] = {}
    for unit in units:
        m = _CHILD.fullmatch(unit.ref)
        if m is not None:
            keys = found.setdefault(m.group(1), {})
            keys[m.group(2)] = max(keys.get(m.group(2), 0), int(m.group(3)) + 1)
    return found


def _lists(value: Any, depth: int = 0) -> Iterator[tuple[str, list[Any]]]:
    """Every (key, list) pair of a JSON value, nested ones included."""
    if depth > 8:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, list) and 0 < len(item) <= _LONGEST:
                yield str(key), item
            yield from _lists(item, depth + 1)
    elif isinstance(value, list):
        for item in value[:_LONGEST]:
            yield from _lists(item, depth + 1)
