"""Numbered names: "partition 3", "shard 0", "db0", "broker2".

A claim names one of several numbered things by a word and a number. Written apart ("partition 3") the
number is the name, as a unit writes it in its own column or after its own word. Written glued ("db0",
"shard3") the word is part of the name: a unit that writes the word with a number shows it only with that
number ("db0:keys=…", "shard 3", "broker-2"), never by some other "0" it holds (`db3:keys=4410,expires=0`);
a unit that writes the word with no number (mpstat's `CPU` column) shows it by the number, as before. A
readiness fraction ("4/4 就绪", "3/4 ready") is shown as written, or by a table row's READY and DESIRED (or
REPLICAS, CURRENT) cells.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence, contains
from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind

GLUED = re.compile(r"([a-z]+)([0-9]+)")  # "db0", "shard3", "cpu0", lower-cased
_READY_OF = re.compile(r"([0-9]+)/([0-9]+)")
_WANTED = r"(?:desired|replicas|current|up-to-date)"  # the columns a ReplicaSet's or a Deployment's count is in


def numbered_name_in(fact: Fact, lowered: str) -> bool:
    """Whether a unit's lower-cased text shows the numbered name `fact` (an ID fact)."""
    ready = _READY_OF.fullmatch(fact.key)
    if ready is not None and not contains(lowered, fact.key):  # "4/4 就绪": READY 4 of DESIRED 4, in two columns
        have, want = ready.groups()
        return (
            re.search(rf"\bready={have};", lowered) is not None
            and re.search(rf"\b{_WANTED}={want}[;)]", lowered) is not None
        )
    glued = GLUED.fullmatch(fact.text.lower())
    if glued is None:
        return contains(lowered, fact.key)
    word, number = glued.groups()
    if word not in lowered:
        return contains(lowered, number)
    written = [m.group(1) for m in re.finditer(rf"(?<![a-z0-9]){word}[ \t:=#_-]?([0-9]+)(?![\w.])", lowered)]
    return number in written if written else contains(lowered, number)


# the marks that join the names of one list: "gp2, gp3 and io2", "db0、db1 和 db5", "az1/az2"
_LIST_JOIN = re.compile(r"[ \t]*(?:,[ \t]*(?:and|or)|[,，、/]|and|or|和|与|及|或)[ \t]*", re.I)


def listed_with_shown(text: str, facts: Sequence[Fact], shown: Callable[[Fact], bool]) -> tuple[Fact, ...]:
    """The facts, each soft short code ("io2", "az3") listed beside one the evidence shows made a name.

    A short code is a name only when the evidence uses it; listed with names of its own shape that the
    evidence does use ("gp2, gp3 and io2" beside a table of gp2 and gp3), it is one of those names, which
    the claim says exist: it must be shown like them, never dropped as a word the evidence lacks.
    """
    coded = sorted(
        (at, i)
        for i, f in enumerate(facts)
        if f.soft and f.kind == FactKind.IDENTIFIER and GLUED.fullmatch(f.key) and (at := text.find(f.text)) >= 0
    )
    kept: set[int] = set()
    run: list[int] = []
    end = -1
    for at, i in [*coded, (-1, -1)]:
        if run and (at < 0 or not _LIST_JOIN.fullmatch(text, end, at)):
            if len(run) >= 2 and any(shown(facts[j]) for j in run):
                kept.update(run)
            run = []
        if at >= 0:
            run.append(i)
            end = at + len(facts[i].text)
    return tuple(dataclasses.replace(f, soft=False) if i in kept else f for i, f in enumerate(facts))


def part_of_whole(key: str) -> bool:
    """Whether an id is a part of a whole written as a fraction of plain figures ("47/48" query slots in use,
    "3/5" checks passed): a value, no name a session must mention."""
    m = re.fullmatch(r"([0-9]{1,6})/([0-9]{1,6})", key)
    return m is not None and int(m.group(1)) <= int(m.group(2))


def unshown_part(key: str, evidence: Evidence) -> bool:
    """A part of a whole no row writes as a fraction of the same whole: a value the claim must still show, no name
    it invents. A row that writes another part of that whole ("500/500" against "50/500") gives it as a name, which
    the claim's part then invents."""
    if not part_of_whole(key):
        return False
    other = re.compile(rf"(?<![0-9/.])[0-9]+/{re.escape(key.split('/')[1])}(?![0-9])")
    return not any(other.search(evidence.raw(index)) for index in evidence.rows())
