"""A state said to hold now, read from a call the agent ran again later with another answer.

Agents re-run a check before they answer ("mailq | tail -1" before and after a flush, `get pods` twice); a draft
that reports the first answer as the present ("队列当前为空", "the queue is currently empty") states what the
later run of the same call no longer shows. When a claim says now (now, currently, still, 当前, 目前, 仍, …) and
says no earlier time (at first, before, 之前, 一开始, …), and a unit it rests on comes from a call that a later
call of the same tool with the same parameters repeats, that later call succeeding with another output that lacks
some word or figure the claim read from the unit, and no word or figure only it prints being the claim's, the
claim is stale: the later call's first unit contradicts it. A claim that rests
on the later call too, or a later call that failed or printed the same, decides nothing.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import Grounding, Outcome
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength, Unit

_NOW = re.compile(r"\b(?:now|currently|still|at (?:the )?(?:moment|present))\b|当前|目前|现在|仍然|依然|仍|此刻", re.I)
_EARLIER = re.compile(
    r"\b(?:earlier|at first|initially|previously|before|first|later|again|then|after|both times|each time)\b"
    r"|起初|最初|之前|先前|一开始|第一次|后来|再次|随后|然后|之后|两次|每次",
    re.I,
)


def stale_repeat(text: str, groundings: Sequence[Grounding], evidence: Evidence) -> Optional[Unit]:
    """The first unit of a later run of a call the claim rests on, when that run no longer shows what the claim
    read from the earlier one; None otherwise (module docstring)."""
    if _NOW.search(text) is None or _EARLIER.search(text) is not None:
        return None
    order = list(evidence.rows())
    at = {evidence.row(index).invocation_id: position for position, index in enumerate(order)}
    cited = {g.invocation_id for g in groundings}
    said = set(_TOKEN.findall(text.lower()))
    for grounding in groundings:
        position = at.get(grounding.invocation_id)
        if position is None:
            continue
        row = evidence.row(order[position])
        for index in order[position + 1 :]:
            later = evidence.row(index)
            if later.tool_name != row.tool_name or later.params != row.params:
                continue
            if later.invocation_id in cited:
                return None  # the claim reads the later run too
            shown = later.preview.strip()
            if later.outcome == Outcome.FAILED or not shown or shown == row.preview.strip():
                continue
            # what the claim read of the earlier run (its words and figures the unit gives): the later run printing
            # all of it still shows the claim ("committed offset still 88390112" beside another lag)
            read = said & set(_TOKEN.findall(grounding.excerpt.lower()))
            if not read or read <= set(_TOKEN.findall(shown.lower())):
                continue
            if _says_the_later(said, row.preview, shown):
                return None  # "is currently active": a word only the later run prints
            units = [u for u in evidence.units(index) if u.strength >= Strength.INDIRECT]
            return units[0] if units else None
    return None


def _says_the_later(said: set[str], earlier: str, later: str) -> bool:
    """Whether the claim's words and figures (`said`) hold one the later run prints and the earlier one does not."""
    own = set(_TOKEN.findall(later.lower())) - set(_TOKEN.findall(earlier.lower()))
    return bool(own & said)


_TOKEN = re.compile(r"[a-z0-9][a-z0-9._-]*[a-z0-9]|[0-9]")
