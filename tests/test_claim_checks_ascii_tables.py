"""Claim checks over ASCII-framed tables, as the mysql client, `bq query`, snowsql and prettytable print them
(`+----+` borders, `| a | b |` rows, snowsql's `|----+----|` rule under the header, several frames one after
another): each row is read under its frame's column names; and a unit of work (`slot_hours`) is no duration.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

MYSQL = EvidenceRow(
    "mysql-1",
    "mysql",
    Outcome.INDIRECT_SUPPORT,
    "+------------+------------------+---------+\n"
    "| host       | Seconds_Behind   | state   |\n"
    "+------------+------------------+---------+\n"
    "| replica-a  |                4 | Running |\n"
    "| replica-b  |             1873 | Running |\n"
    "+------------+------------------+---------+\n"
    "2 rows in set (0.01 sec)\n",
    {"sql": "SELECT host, Seconds_Behind, state FROM replica_status"},
)
SNOWSQL = EvidenceRow(
    "snow-1",
    "snowsql",
    Outcome.INDIRECT_SUPPORT,
    "+-----------+---------+\n| name      | state   |\n|-----------+---------|\n| REPORT_WH | STARTED |\n"
    "+-----------+---------+\n1 Row(s) produced. Time Elapsed: 0.102s\n"
    "+-------------------+---------+------------+\n| job_id            | queries | slot_hours |\n"
    "|-------------------+---------+------------|\n| nightly_rollup_41 |     318 |      712.4 |\n"
    "| adhoc_export_07   |      12 |        3.1 |\n+-------------------+---------+------------+\n"
    "2 Row(s) produced. Time Elapsed: 1.871s\n",
    {"query": "SHOW WAREHOUSES LIKE 'REPORT_WH'; SELECT job_id, queries, slot_hours FROM usage"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (row,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "row", "grounded"),
    [
        # Seconds_Behind gives its cells in seconds: 1873 s is about 31 minutes
        ("replica-b is about 31 minutes behind.", MYSQL, True),
        ("replica-b 落后约 31 分钟。", MYSQL, True),
        ("replica-a is about 31 minutes behind.", MYSQL, False),
        ("replica-a 落后约 31 分钟。", MYSQL, False),
        # the second frame's rows, under the second frame's own columns
        ("nightly_rollup_41 ran 318 queries.", SNOWSQL, True),
        ("nightly_rollup_41 跑了 318 个查询。", SNOWSQL, True),
        ("adhoc_export_07 ran 318 queries.", SNOWSQL, False),
        ("adhoc_export_07 跑了 318 个查询。", SNOWSQL, False),
    ],
)
def test_each_row_of_an_ascii_frame_is_read_under_its_frames_columns(
    draft: str, row: EvidenceRow, grounded: bool
) -> None:
    assert (statuses(draft, row) == [ClaimStatus.GROUNDED]) == grounded


@pytest.mark.parametrize(
    "draft",
    [
        "nightly_rollup_41 has been running for 95 minutes, using 712.4 slot hours.",
        "nightly_rollup_41 已运行 95 分钟，累计 712.4 slot 小时。",
    ],
)
def test_slot_hours_are_an_amount_used_not_how_long_it_ran(draft: str) -> None:
    # the table gives no run time: the claim is not grounded, and 712.4 slot hours is no rival duration
    assert ClaimStatus.CONTRADICTED not in statuses(draft, SNOWSQL)
