"""Names a claim gives as a set: "session-redis-node-0/1/2" (node-0, node-1 and node-2) and a range, "cb-node-1
through cb-node-5", "pay-w-01 到 pay-w-04", "web01–web04", "kudu-ts-01～04" (each name from the first to the last, its digits as
wide as the first's); "from db-01 to db-02" and "从 A 到 B" are moves, not ranges. A count the set follows only
says how many names it gives ("all 5 nodes (cb-node-1 through cb-node-5)": intervals.enumerated_counts)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable, Iterator, Optional

if TYPE_CHECKING:
    from evidence_trace.server.domain.verifier.evidence_index import Evidence

_SIBLINGS = re.compile(r"(?<![\w./-])((?=[A-Za-z][\w.]*-)[A-Za-z][\w.-]*[A-Za-z-])([0-9]+)((?:/[0-9]+)+)(?![\w/])")
_RANGE = re.compile(
    r"(?<![\w./-])([A-Za-z][\w.-]*?[A-Za-z_-])([0-9]+)([ \t]*(?:through|thru|to|until|到|至|~|–|—)[ \t]*)\1([0-9]+)(?![\w])"
)
# the last name cut to its number ("kudu-ts-01～04", "v_fin_node0001~0004", "172.20.8.11～14"), a sign between them
# written close ("mx-out-02 ~6,120" is a name and a figure); never a hyphen, which may be the name's own
_SHORT_RANGE = re.compile(
    r"(?<![\w./-])([A-Za-z][\w.-]*?[A-Za-z_-]|(?:[0-9]{1,3}\.){3})([0-9]+)([ \t]*(?:through|thru|到|至)[ \t]*|[~～–—])"
    r"([0-9]+)(?![\w.]|,[0-9]|[ \t]*(?:%|ms\b|s\b|个|次|秒|分))",
    re.I,
)
_MOVE = re.compile(r"(?:\bfrom|从|由)[ \t]*$", re.I)
_MOST = 32  # a longer range is no enumeration of names anyone checked


def named_siblings(text: str) -> Iterator[tuple[tuple[int, int], list[str]]]:
    """Each set of names the text gives as siblings or a range, with where it is written."""
    for m in _SIBLINGS.finditer(text):
        yield m.span(), [m.group(1) + number for number in [m.group(2), *m.group(3).strip("/").split("/")]]
    for m, names in _ranges(text):
        yield m.span(), names


_SET_KEY = re.compile(r"(.*[^0-9/])([0-9]+)((?:/[0-9]+)+)")  # a name fact that is itself a set: "node-0/1/2"


def set_mentioned(key: str, evidence: "Evidence") -> Optional[bool]:
    """For a name written as a set ("session-redis-node-0/1/2"), whether the session names each of its members;
    True for a name the session gives only inside a set of its own ("ids-02" of a runbook's "ids-01/02/03",
    "pay-w-03" of "pay-w-01 到 pay-w-04"); None otherwise."""
    siblings = _SET_KEY.fullmatch(key)
    if siblings:
        stem, numbers = siblings.group(1), [siblings.group(2), *siblings.group(3).strip("/").split("/")]
        return all(evidence.mentions(stem + n) for n in numbers)
    members = evidence.remember(("set members", evidence.only), lambda: _members(map(evidence.raw, evidence.rows())))
    return True if key in members else None


def _members(texts: Iterable[str]) -> frozenset[str]:
    """The names each text gives as a set of siblings or a range."""
    return frozenset(name for text in texts for _, names in named_siblings(text) for name in names)


def _ranges(text: str) -> Iterator[tuple[re.Match[str], list[str]]]:
    """Each range of the text, with every name from its first to its last."""
    for m in (*_RANGE.finditer(text), *_SHORT_RANGE.finditer(text)):
        if _MOVE.search(text, 0, m.start()):
            continue  # "failed over from db-01 to db-02", "从 es-data-3 迁到 es-data-6": a move, not a range
        first, last = int(m.group(2)), int(m.group(4))
        width = len(m.group(2)) if m.group(2).startswith("0") else 0
        if first < last <= first + _MOST:
            yield m, [f"{m.group(1)}{n:0{width}d}" for n in range(first, last + 1)]


def range_joints(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """Where a range's two ends are joined ("cb-node-1 through cb-node-5": " through "), with the names between
    them: a claim of the range speaks of each name, as "cb-node-1, cb-node-2, … and cb-node-5" would
    (claim_parts.split_parts)."""
    return [(*m.span(3), tuple(names[1:-1])) for m, names in _ranges(text)]
