"""Claim checks over tables whose header is underlined by dash groups (SQL*Plus, sqlcmd, `bq ls`): each row is
read under its columns' names, the columns spanned by the dash groups, so a cell with spaces stays whole and a
column's name gives its unit (SECONDS_IN_WAIT). Domain only, offline; phrasings written for these tests, both ways
and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

WAITS = EvidenceRow(
    "sqlplus-1",
    "run_sql",
    Outcome.INDIRECT_SUPPORT,
    "\n       SID USERNAME   EVENT                              SECONDS_IN_WAIT\n"
    "---------- ---------- ---------------------------------- ---------------\n"
    "      3117 LEDGER     enq: TX - row lock contention                 1698\n"
    "      3342 LEDGER     enq: TX - row lock contention                  212\n"
    "\n2 rows selected.\n",
    {"sql": "SELECT sid, username, event, seconds_in_wait FROM v$session WHERE blocking_session IS NOT NULL"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (WAITS,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("SID 3117 has been waiting on enq: TX - row lock contention for about 28 minutes.", True),
        ("SID 3117 已经在 enq: TX - row lock contention 上等待了约 28 分钟。", True),
        ("SID 3342 has been waiting on enq: TX - row lock contention for about 28 minutes.", False),
        ("SID 3342 已经在 enq: TX - row lock contention 上等待了约 28 分钟。", False),
    ],
)
def test_a_row_under_a_dash_rule_is_read_under_its_columns_names(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) == grounded
