"""Listings and their limits: the kinds of unit a listing is made of, whether a listing is cut below the total its
header states, and whether it is as long as the limit its call asked for (either may hide records, so neither shows
"only" that many)."""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.units import Strength, Unit

_TOTAL = re.compile(r'"(?:total|count|totalcount|total_count|hits|resultcount|matched)"\s*:\s*"?([0-9]+)')
LISTED_KINDS = ("log entry", "log line", "alert", "series", "item", "chunk")
RECORD_KINDS = tuple(kind for kind in LISTED_KINDS if kind != "chunk")  # a knowledge chunk is no record
"""The kinds of unit a listing is made of: one record each."""


ONLY = re.compile(r"\b(?:only|in total|in all|altogether|just)\b|一共|总共|共计|只有|仅有|仅", re.I)
_LIMIT = re.compile(
    r"\blimit\b[\"' \t:=]*([0-9]+)|\"(?:size|limit|top|max_results|count)\"[ \t]*:[ \t]*([0-9]+)|topk\([ \t]*([0-9]+)|head -n ?([0-9]+)"
)


def listing_is_cut(units: Sequence[Unit]) -> bool:
    """Whether the row's header states a total of matches above the records it lists: a listing cut by a
    limit, which cannot show all (or count) what was matched."""
    header = next((u for u in units if u.kind == "header"), None)
    total = _TOTAL.search(header.lowered) if header is not None else None
    return total is not None and float(total.group(1)) > sum(1 for u in units if u.kind in LISTED_KINDS)


def capped_by_limit(units: Sequence[Unit]) -> bool:
    """Whether the listing is as long as the limit its call asked for ("LIMIT 10", "size": 10, "topk(10, …)"):
    it may be cut by it, so it cannot show that there are only that many."""
    shown = sum(1 for u in units if u.kind in LISTED_KINDS)
    question = next((u for u in units if u.strength == Strength.QUESTION), None)
    limits = [int(next(g for g in m.groups() if g)) for m in _LIMIT.finditer(question.lowered)] if question else []
    return shown > 1 and shown in limits
