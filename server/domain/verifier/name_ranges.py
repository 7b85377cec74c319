"""Names a claim gives as a set: "session-redis-node-0/1/2" (node-0, node-1 and node-2) and a range, "cb-node-1
through cb-node-5", "pay-w-01 到 pay-w-04", "web01–web04" (each name from the first to the last, its digits as
wide as the first's); "from db-01 to db-02" and "从 A 到 B" are moves, not ranges. A count the set follows only
says how many names it gives ("all 5 nodes (cb-node-1 through cb-node-5)": intervals.enumerated_counts)."""

from __future__ import annotations

import re
from typing import Iterator

_SIBLINGS = re.compile(r"(?<![\w./-])((?=[A-Za-z][\w.]*-)[A-Za-z][\w.-]*[A-Za-z-])([0-9]+)((?:/[0-9]+)+)(?![\w/])")
_RANGE = re.compile(
    r"(?<![\w./-])([A-Za-z][\w.-]*?[A-Za-z_-])([0-9]+)([ \t]*(?:through|thru|to|until|到|至|~|–|—)[ \t]*)\1([0-9]+)(?![\w])"
)
_MOVE = re.compile(r"(?:\bfrom|从|由)[ \t]*$", re.I)
_MOST = 32  # a longer range is no enumeration of names anyone checked


def named_siblings(text: str) -> Iterator[tuple[tuple[int, int], list[str]]]:
    """Each set of names the text gives as siblings or a range, with where it is written."""
    for m in _SIBLINGS.finditer(text):
        yield m.span(), [m.group(1) + number for number in [m.group(2), *m.group(3).strip("/").split("/")]]
    for m, names in _ranges(text):
        yield m.span(), names


def _ranges(text: str) -> Iterator[tuple[re.Match[str], list[str]]]:
    """Each range of the text, with every name from its first to its last."""
    for m in _RANGE.finditer(text):
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
