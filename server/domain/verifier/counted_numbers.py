"""Which numbers of a unit a count or a change may be.

counted(): a count binds to the numbers whose key names what it counts ("4 data nodes":
number_of_data_nodes), never to an id's value or a back-off's repetitions when it counts restarts.
labels_only(): "request 24 retried" names request 24; it counts nothing.
differences(): "grew by 96 MiB" is a change a series' samples (or two values of one key) show.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.unit_numbers import REPEATED_KEY
from evidence_trace.server.domain.verifier.units import Number, Unit

_STEMS = re.compile(r"(?:ing|ed|es|s)$")


def differences(numbers: Sequence[Number]) -> list[Number]:
    """The changes a unit shows: between a series' first and last samples, its lowest and highest, and
    each two samples in a row; between two values of one key. Other numbers of a unit are values of
    different things, whose differences state nothing."""
    found: list[Number] = []
    series: dict[tuple[bool, str], list[Number]] = {}
    for n in numbers:
        if n.sample or n.key:
            series.setdefault((n.sample, n.key), []).append(n)
    # two values one unit names in one dimension ("elapsed_ms=318452 (max.poll.interval.ms=300000)"): "超了
    # 约 18 秒" is their difference
    named = [n for n in numbers if n.key and n.dimension is not None and not n.sample][:8]
    found += [
        dataclasses.replace(a, value=abs(a.value * a.factor - b.value * b.factor) / a.factor, minute=None)
        for i, a in enumerate(named)
        for b in named[i + 1 :]
        if a.dimension == b.dimension and a.key != b.key
    ]
    for values in series.values():
        if len(values) < 2:
            continue
        first, pairs = values[0], [(values[0], values[-1]), (min(values, key=_value), max(values, key=_value))]
        pairs += list(zip(values, values[1:]))
        found += [dataclasses.replace(first, value=abs(b.value - a.value), minute=None) for a, b in pairs]
    return found


def _value(n: Number) -> float:
    return n.value


def labels_only(fact: Fact, unit: Unit) -> bool:
    """Whether the count's number appears in the unit's text only as the label of one thing of its noun
    ("request 24", "order #24"): that is which one, never how many."""
    head = fact.noun.split()[-1] if fact.noun else ""
    stem = _stem(head)
    if not stem or not stem.isascii() or not re.fullmatch(r"[0-9]+", fact.key):
        return False
    number = re.escape(fact.key)
    found = [m.start() for m in re.finditer(rf"(?<![0-9.,:\-]){number}(?![0-9]|[.,:][0-9])", unit.lowered)]
    if not found:
        return False
    # "request 24", "requests #24"; not a verb ("restarted 3 times": how many)
    label = re.compile(rf"{re.escape(stem)}(?![a-z]*ed\b)[a-z]*[ \t]*(?:#|no\.?|id)?[ \t]*$")
    return all(label.search(unit.lowered, max(0, at - 24), at) for at in found)


def _stem(word: str) -> str:
    return _STEMS.sub("", word) if len(word) > 4 else word


_LABEL_KEY = re.compile(
    r"(?:^|[_.\-])(?:id|ids|uid|uuid|revision|rev|index|idx|chunkindex|seq|sequence|pid|ppid|port|version|ver|"
    r"build|partition|offset|shard|lineno|line)$"
)
"""Keys whose value names one thing (history id 12, revision 8, partition 3): never how many."""


def counted(noun: str, numbers: Sequence[Number]) -> Sequence[Number]:
    """The numbers a count may be: when some key names what is counted ("number_of_nodes"),
    only those whose key names every word of it ("4 data nodes": "number_of_data_nodes")."""
    numbers = [n for n in numbers if not (n.key and _LABEL_KEY.search(n.key))]  # an id's value counts nothing
    if noun == "restarts":  # kubectl's "BackOff (x6 over 40m)" counts back-offs, not restarts
        numbers = [n for n in numbers if n.key != REPEATED_KEY]
    # ("137 distinct IPs" of `unique_ips`: the adjective says how it was counted, no key need name it)
    stems = [_stem(word) for word in noun.split() if word not in ("distinct", "unique", "different")] or [noun]
    head = stems[-1]
    named = [n for n in numbers if n.key and head in n.key]
    if not named:
        # "58 active connections" where the unit keys "active" and "waiting": the word a key names binds it
        named = [n for n in numbers if n.key and any(len(s) > 3 and s in n.key for s in stems[:-1])]
        return named + [n for n in numbers if not n.key] if named else numbers
    # "5 are data nodes", "3 cluster tasks": words no key names leave the one key that names the head noun (of
    # several, the words would have to say which: "400 baseline slots" is not `maxSlots`)
    full = [n for n in named if all(stem in n.key for stem in stems)]
    return (full or (named if len({n.key for n in named}) == 1 else [])) + [n for n in numbers if not n.key]


def one_of_them(noun: str, lowered: str) -> bool:
    """Whether a unit is itself one of what a count counts ("4 under-replicated partitions" against a line
    "Topic: x  Partition: 3  Replicas: 2,5,4"; "12 partitions" against a row "PARTITION=3"): one record's
    numbers do not say how many such records there are."""
    word = noun.split()[-1] if noun else ""
    if not word.endswith("s") or len(word) < 4 or not word.isalpha() or word == "times":
        return False
    one = word[:-2] if word.endswith(("ches", "shes", "xes")) else word[:-1]  # the record's own label, singular
    # its id, a whole number ("Partition: 3"), not a figure ("rows=18342" is plural; "SERVER: 10.0.0.2" an address)
    # "osd: 30 osds: 28 up" states the count under the noun: a count, not one of them
    label = rf"\b{re.escape(one)}[\"']?[ \t]*[:=][ \t]*[\"']?[0-9]+(?![0-9.,:\-])(?![ \t]*{re.escape(word)}\b)"
    return re.search(label, lowered) is not None
