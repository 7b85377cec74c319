"""A record named by the last part of its path: `du -sh /var/spool/postfix/*`, `ls -l /data`, a bucket's prefixes.

"大头是 incoming 队列（37G）", "the incoming queue holds 37G": a plain word the claim says ("incoming") is the name
of a record of a listing whose records are paths (`5.8G /var/spool/postfix/incoming`), so the claim's value is that
record's. When the value is shown only by a sibling record of the listing (`37G /var/spool/postfix/deferred`) and
not by the one the word names, the claim gives one record's value to another: it is not grounded. A word that
names no record's last part, or a value its own record shows, leaves the claim as it was.
"""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.counted_units import listed_records
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.fact_model import Dimension, Fact, FactKind

_TAIL = re.compile(r"(?<![\w.-])/(?:[\w.-]+/)+([A-Za-z][\w.-]{2,40})/?(?![\w/.-])")
_BETWEEN = re.compile(
    r"[`'\"*]?[ \t]*(?:[\u4e00-\u9fff]{1,4}|queue|directory|dir|folder|bucket|prefix)?[ \t]*[(（:：=]?[ \t]*"
)
_TOKEN = re.compile(r"[A-Za-z][\w.-]{2,40}")  # a name as the claim writes it, alone or as a path's last part


def _tail(text: str) -> str:
    """The last part of the one path a record names, or "" when it names none or several."""
    tails = {m.group(1).lower() for m in _TAIL.finditer(text)}
    return tails.pop() if len(tails) == 1 else ""


def sibling_value(text: str, facts: Sequence[Fact], evidence: Evidence) -> str:
    """Why a value of the claim is a sibling record's and not the one the name before it gives; "" when none is."""
    # each size or time ("37G", "5.2T"; a bare number may be any field's) with the names that may stand right
    # before it, a noun and a mark between at most ("incoming 队列（37G", "`a-1` 141G"): read from the claim alone,
    # so a claim with none reads no row
    tokens = [(m.end(), m.group(0).lower()) for m in _TOKEN.finditer(text)]
    owned = []
    for value in facts:
        if value.kind != FactKind.QUANTITY or value.quantity is None or value.quantity.dimension == Dimension.NUMBER:
            continue
        at = next((m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(value.text)}", text)), -1)
        names = [word for end, word in tokens if end <= at and _BETWEEN.fullmatch(text, end, at)]
        if names:
            owned.append((value, names))
    for index in evidence.rows() if owned else ():
        named: dict[str, list] = {}
        for record in listed_records(evidence.units(index)):
            tail = _tail(record.text)
            if tail:
                named.setdefault(tail, []).append(record)
        if len(named) < 2:
            continue
        for value, names in owned:
            owner = next((word for word in names if word in named), "")  # the first that names a record here
            if not owner or any(matches(value, r) for r in named[owner]):
                continue
            other = next((t for t, rs in named.items() if t != owner and any(matches(value, r) for r in rs)), "")
            if other:
                return f"{value.text} is {other}'s in this listing, not {owner}'s"
    return ""
