"""A bound said of "the other N" ("the other two tables are below 3%", "另外两张表都在 3% 以下", "其余 2 个") ranges
over the records but those the draft set apart: a record outside the bound contradicts it only when more records
fall outside than the draft set apart. Said of all ("all three tables", "三张表都") every record is in range, as
before. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BLOAT = (
    "   relname   | n_live_tup | n_dead_tup | dead_pct\n"
    "-------------+------------+------------+----------\n"
    " orders      |    9120331 |    4102230 |     31.0\n"
    " order_items |   40129381 |     812344 |      2.0\n"
    " refunds     |     120442 |       3102 |      2.5\n"
    "(3 rows)\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("s-1", "run_sql", Outcome.DIRECT_SUPPORT, BLOAT, {"sql": "SELECT relname, dead_pct FROM bloat"})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "orders 的死元组比例是 31.0%，另外两张表都在 3% 以下。",
        "orders is at 31.0% dead tuples; the other two tables are both below 3%.",
        "orders 是 31.0%，其余 2 张表都低于 3%。",
    ],
)
def test_the_others_leave_out_the_record_set_apart(draft: str):
    assert set(statuses(draft)) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    "draft", ["三张表的死元组比例都在 3% 以下。", "All three tables are below 3% dead tuples.", "每张表都在 3% 以下。"]
)
def test_all_of_them_keep_every_record_in_range(draft: str):
    assert ClaimStatus.CONTRADICTED in statuses(draft)


def test_the_others_still_contradicted_when_more_fall_outside_than_were_set_apart():
    """Two records fall outside 1.5%, one was set apart: "the other two" cannot both be under it."""
    assert ClaimStatus.GROUNDED not in statuses("orders 是 31.0%，另外两张表都在 1.5% 以下。")[1:]
