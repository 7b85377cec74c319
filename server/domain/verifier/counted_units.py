"""A count the claim makes of the records a call shows: "7 SMS send errors between 10:15 and 10:25", "两台都是
Redis 7.2.4", "Two services are above 5% 5xx", "4 条告警都没有被 silence".

No single unit shows such a count: it is the number of records that show the rest of the claim. The
count holds when one call lists exactly that many records (log entries and lines, items, series, alerts)
that each show every other fact of the claim (inside the window its two times bound, error-level when
it counts errors), or records of exactly that many subjects (pods, hosts, services), and the listing is
not cut. The claim must say something of the records besides their
number, so that a count of anything the call happens to list never grounds. A call showing another
number of such records leaves the count ungrounded, never grounded on a near miss.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import within_window
from evidence_trace.server.domain.verifier.unit_search import LISTED_KINDS, ONLY, SHOWN, capped_by_limit, listing_is_cut
from evidence_trace.server.domain.verifier.units import Strength, Unit

_ERRORS = re.compile(r"\b(?:errors?|failures?|exceptions?|failed)\b|错误|报错|异常|失败", re.I)
_RECORDS = tuple(kind for kind in LISTED_KINDS if kind != "chunk")  # a knowledge chunk is no record


def counted_units(claim_text: str, count: Fact, rest: Sequence[Fact], evidence: Evidence) -> Optional[list[Unit]]:
    """The records one call lists that show every fact of `rest`, when there are exactly `count` of them."""
    quantity = count.quantity
    if quantity is None or quantity.value < 2 or quantity.value != int(quantity.value):
        return None
    times = [f for f in rest if f.kind == FactKind.TIME]
    window = times if len(times) == 2 else []
    others = [f for f in rest if not (window and f.kind == FactKind.TIME)]
    if not others:
        return None  # "4 records" says nothing of them but their number
    errors = _ERRORS.search(count.text) is not None or _ERRORS.search(claim_text) is not None
    for index in evidence.rows():
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        records = [u for u in units if u.kind in _RECORDS and u.strength >= Strength.INDIRECT]
        if (
            not records
            or listing_is_cut(units)
            or (ONLY.search(claim_text) and not SHOWN.search(claim_text) and capped_by_limit(units))
        ):
            continue  # "一共只有 10 条" of a listing its LIMIT 10 may have cut
        shown = [
            u
            for u in records
            if (not window or within_window(window, u))
            and (not errors or not u.level or u.level in ERROR_LEVELS)
            and matches_all(others, u, question) is True
        ]
        subjects = {u.subject for u in shown}
        if len(shown) == int(quantity.value) or ("" not in subjects and len(subjects) == int(quantity.value)):
            return shown  # as many records, or records of as many subjects ("两台": 4 series of 2 hosts)
    return None
