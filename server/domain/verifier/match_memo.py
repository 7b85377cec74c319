"""The answers of matches() and matches_all() (fact_matching.py), remembered for one check_draft call.

A claim that nothing grounds is searched several times (whole, by its parts, for a rival value, across
rows, per fact for the reason), each pass visiting the units that name its subject: within
remembering(), each fact (and each set of facts) is read against each unit once. The answers depend on
nothing but the arguments (the same objects: a fact, a unit, the claim's minutes, the call's question),
so a remembered answer is exactly what reading again would give. Entries are keyed by the arguments' ids
and keep the arguments alive, so an id is never reused while the memo holds its answer.
"""

from __future__ import annotations

import contextlib
import contextvars
from typing import Iterator, Optional


class Memo:
    """one: matches(fact, unit, minutes); all: matches_all(facts, unit, question), their answers as plain
    values (little for the garbage collector to walk); kept: the arguments of every answer, by id, kept
    alive while the memo lives (their ids key its answers)."""

    __slots__ = ("one", "all", "kept")

    def __init__(self) -> None:
        self.one: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        self.all: dict[tuple[tuple[int, ...], int, int], object] = {}
        self.kept: dict[int, object] = {}


CURRENT: contextvars.ContextVar[Optional[Memo]] = contextvars.ContextVar("evidence_trace_matches", default=None)
"""The memo of the check running in this context; None outside remembering() (nothing remembered)."""


@contextlib.contextmanager
def remembering() -> Iterator[None]:
    """matches() and matches_all() remember their answers until the block ends."""
    token = CURRENT.set(Memo())
    try:
        yield
    finally:
        CURRENT.reset(token)
