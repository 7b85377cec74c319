"""A psql table's interval cells ("| 01:12:33.401217 |", named `xact_age` by the header lines above) are
durations a claim may state in its own words ("about 1h12m", "约 72 分钟"): the row is not filtered out
before its cells are read. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TABLE = """  pid  | application_name |  state              |    xact_age     |    state_age
-------+------------------+---------------------+-----------------+-----------------
 20871 | billing-worker   | idle in transaction | 01:12:33.401217 | 01:12:31.987002
 22904 | billing-worker   | idle in transaction | 00:47:09.118530 | 00:47:08.902114
(2 rows)
"""


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("sql-1", "psql", Outcome.DIRECT_SUPPORT, TABLE, {"sql": "SELECT ... FROM pg_stat_activity"})
    return [c.status for c in check_draft(draft, (row,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "pid 20871 has had its transaction open for about 1h12m.",
        "pid 20871 的事务已经开了约 72 分钟。",
        "pid 22904 has been idle in transaction for about 47 minutes.",
    ],
)
def test_a_duration_an_interval_cell_shows_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["pid 20871 has had its transaction open for about 2h.", "pid 20871 的事务已经开了约 30 分钟。"]
)
def test_a_duration_no_cell_shows_does_not_ground(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
