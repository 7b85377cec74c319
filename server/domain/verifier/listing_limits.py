"""Listings and their limits: the kinds of unit a listing is made of, whether a listing is cut below the total its
header states, and whether it is as long as the limit its call asked for (either may hide records, so neither shows
"only" that many); and whether a claim speaks of the records a call shows or of all there are."""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_TOTAL = re.compile(r'"(?:total|count|totalcount|total_count|hits|resultcount|matched)"\s*:\s*"?([0-9]+)')
LISTED_KINDS = ("log entry", "log line", "alert", "series", "item", "chunk")
RECORD_KINDS = tuple(kind for kind in LISTED_KINDS if kind != "chunk")  # a knowledge chunk is no record
"""The kinds of unit a listing is made of: one record each."""


# a claim about the records a call shows ("the 3 returned entries", "the samples", "返回的 3 条样本"), not about every
# match it counted (says_shown)
SHOWN = re.compile(r"return|shown|show|listed|display|sample|example|返回|显示|列出|展示|样本|样例", re.I)
# a count of different ones ("20 distinct source IPs", "12 个不同的用户") is all there are, as "only" says
DISTINCT = re.compile(r"\b(?:distinct|unique|different)\b|不同的?|去重后?", re.I)
ONLY = re.compile(r"\b(?:only|in total|in all|altogether|just)\b|一共|总共|共计|只有|仅有|仅", re.I)


def claims_the_whole(text: str) -> bool:
    """Whether a count claims all there are: "only", "in total", "一共只有 10 条", or a count of different ones."""
    return ONLY.search(text) is not None or DISTINCT.search(text) is not None


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


def says_shown(text: str, facts: Sequence[Fact]) -> bool:
    """Whether the claim speaks of the records its call shows ("returned 3 entries", "the 3 samples",
    "返回的 3 条样本"): next to its count when it states one ("matched 37 entries (the first 5
    returned)" counts the matches), anywhere in it when it does not. A count "only" stands right before,
    after a tool said to show it ("the search shows only 3 errors", "日志显示只有 3 条报错"), tells all there
    are: the verb reports, as "has" would; what was returned or sampled ("returned only 3", "样例只有 4 条")
    is still what the call shows."""
    counts = [f for f in facts if f.kind == FactKind.COUNT]
    if not counts:
        return SHOWN.search(text) is not None
    for count in counts:
        at = text.find(count.text)
        if at < 0:
            continue
        before = [m.group(0).lower() for m in SHOWN.finditer(text, max(0, at - 24), at)]
        after = SHOWN.search(text, at, at + len(count.text) + 16) is not None
        if after or (before and not (_ONLY_BEFORE.search(text, 0, at) and set(before) <= _REPORTS)):
            return True
    return False


_ONLY_BEFORE = re.compile(r"(?:\b(?:only|just)|只有|仅有|仅|只)[ \t]*(?:有[ \t]*)?$", re.I)
_REPORTS = {"show", "显示"}  # "shows only 3": SHOWN reads "show" in "shows"
