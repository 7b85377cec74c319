"""A value restated in a parenthesis right after it ("79,872 MiB (~78 GiB)", "约 12.3 万条（123293 条）"):
one fact said twice, which either form may ground. Values that disagree stay two facts."""

from __future__ import annotations

import dataclasses
import re

from evidence_trace.server.domain.verifier.fact_model import STATED, Fact, FactKind, Quantity

_RESTATED = re.compile(
    r"(?:[ \t]*[\w/\u4e00-\u9fff]{1,12}){0,2}?[ \t]*[(（][ \t]*(?:~|≈|约|大约|about|roughly|approx\.?|i\.e\.,?|即)?[ \t]*$",
    re.I,
)
_LISTED_TOO = re.compile(r"[ \t]*[/,，、;；][ \t]*(?:~|≈|约|about)?[ \t]*$", re.I)  # "(15002 ms / 15001 ms)"
_MEASURED = (FactKind.QUANTITY, FactKind.COUNT)


def merge_restatements(text: str, ordered: list[tuple[int, Fact]], ends: dict[int, int]) -> tuple[Fact, ...]:
    """ "79,872 MiB (~78 GiB)", "约 12.3 万条（123293 条）", "约 2 秒（2.001s）": a value restated in a
    parenthesis right after it, in another unit or precision, that agrees with it, is the same fact said
    twice: one fact that either form may ground. Values that disagree stay two facts."""
    merged: list[tuple[int, Fact]] = []
    last_end = -1  # where the last restatement merged into merged[-1] ends
    for start, fact in ordered:
        if merged and fact.kind in _MEASURED and fact.quantity is not None:
            first_start, first = merged[-1]
            restated = _RESTATED.fullmatch(text[ends.get(first_start, first_start) : start]) is not None
            listed = last_end >= 0 and _LISTED_TOO.fullmatch(text[last_end:start]) is not None
            if (
                (restated or listed)
                and first.kind in _MEASURED
                and first.quantity is not None
                and first.quantity.dimension == fact.quantity.dimension
                and first.quantity.comparison in STATED  # "under 850Mi (842Mi and 815Mi)": values within a bound
                and _agree(first.quantity, fact.quantity)
            ):
                merged[-1] = (first_start, dataclasses.replace(first, alternatives=(*first.alternatives, fact)))
                last_end = ends.get(start, start)
                continue
        merged.append((start, fact))
        last_end = -1
    return tuple(fact for _, fact in merged)


def _agree(a: Quantity, b: Quantity) -> bool:
    """Whether two stated values are one value at the coarser of their precisions."""
    # "14820112 kB (~14.1 GiB)": a kernel's kB are KiB, so either factor of a written unit may be the one meant
    return any(a.matches(b.value * f) for f in (b.factor, *b.alternative_factors)) or any(
        b.matches(a.value * f) for f in (a.factor, *a.alternative_factors)
    )
