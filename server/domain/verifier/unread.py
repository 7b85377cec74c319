"""Numbers the vocabulary cannot read: reported as UNREAD facts, never dropped.

A number followed by a unit-shaped word that no table knows ("40 widgets/s",
"12 fps") is an UNREAD fact; its claim is UNCHECKED (grounding.py), however
well its other facts ground. Unit-shaped words are a rate or ratio (a "/") or a
short "...ps" abbreviation; any other word after a number is a noun the count
patterns read ("12 restarts") or an ordinary word.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind
from evidence_trace.server.domain.verifier.fact_patterns import _UNIT_WORDS
from evidence_trace.server.domain.verifier.fact_vocabulary import _UNREAD


def unread_facts(masked: str, taken: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Fact]]:
    """The UNREAD facts of a claim's text, with their start, outside the spans other facts took."""
    for m in _UNREAD.finditer(masked):
        start, end = m.span()
        if any(start < t_end and t_start < end for t_start, t_end in taken) or _known_word(m.group(2)):
            continue
        yield start, Fact(FactKind.UNREAD, m.group(0), m.group(0).lower())


def _known_word(word: str) -> bool:
    """Whether a word after a number is read (a unit the table knows) or is no unit at all.

    Unit-shaped words are a rate or ratio ("widgets/s", "fps/node") or a short
    "...ps" abbreviation ("fps", "kbps"): those the table does not know are unread.
    Anything else after a number is a noun the count patterns read ("12 restarts")
    or an ordinary word, not a unit.
    """
    lowered = word.lower()
    return lowered in _UNIT_WORDS or not unit_shaped(lowered)


def unit_shaped(word: str) -> bool:
    """A rate or ratio ("widgets/s") or a short "...ps" abbreviation ("fps", "kbps", "iops"): a unit, not a
    noun ("maps", "apps" are counted things: a vowel before the "ps")."""
    lowered = word.lower()
    if "/" in lowered:
        return True
    if not (2 <= len(lowered) <= 4 and lowered.endswith("ps") and lowered.isalpha()):
        return False
    return lowered in ("iops", "ops") or re.search(r"[aeiu]", lowered[:-2]) is None
