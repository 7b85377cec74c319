"""psql prints a result of one column (`SHOW work_mem;`, `SELECT count(*) …`) as a name over a rule of dashes
alone, its values, and its "(1 row)" footer. It is a table (psql_table) of that one column, so a claim of the
setting's value ("work_mem=64MB", "work_mem 是 64MB") binds the name to the value under it; another value is not
shown. A text over a dashed line without psql's footer is not read so. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SHOW = " max_wal_size \n--------------\n 4GB\n(1 row)\n\n"
COUNT = " count \n-------\n  1187\n(1 row)\n"


def status(draft: str, text: str, sql: str) -> ClaimStatus:
    row = EvidenceRow("sql-1", "run_sql", Outcome.INDIRECT_SUPPORT, text, {"host": "pg-ledger-2", "sql": sql})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


def test_a_one_column_result_is_a_psql_table_and_a_dashed_text_without_the_footer_is_not() -> None:
    assert recognise(Preview(SHOW, "run_sql")).id == "psql_table"
    assert recognise(Preview(COUNT, "run_sql")).id == "psql_table"
    assert recognise(Preview("Summary\n-------\nall good\n", "run_sql")).id != "psql_table"


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("On pg-ledger-2 max_wal_size=4GB.", ClaimStatus.GROUNDED),
        ("pg-ledger-2 上 max_wal_size=4GB。", ClaimStatus.GROUNDED),
        ("On pg-ledger-2 max_wal_size=1GB.", ClaimStatus.UNGROUNDED),
        ("pg-ledger-2 上 max_wal_size=16GB。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_setting_s_value_binds_to_its_name_over_it(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, SHOW, "SHOW max_wal_size;") == expected


TWO_STATEMENTS = (
    " max_wal_size \n--------------\n 4GB\n(1 row)\n\n"
    " application_name | count \n------------------+-------\n ledger-writer    |   311\n recon-worker     |    17\n(2 rows)\n"
)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("On pg-ledger-2 ledger-writer holds 311 connections.", ClaimStatus.GROUNDED),
        ("pg-ledger-2 上 recon-worker 有 17 个连接。", ClaimStatus.GROUNDED),
        ("On pg-ledger-2 ledger-writer holds 17 connections.", ClaimStatus.UNGROUNDED),
        ("pg-ledger-2 上 recon-worker 有 311 个连接。", ClaimStatus.UNGROUNDED),
    ],
)
def test_each_statement_s_result_is_read_under_its_own_header(draft: str, expected: ClaimStatus) -> None:
    sql = "SHOW max_wal_size; SELECT application_name, count(*) FROM pg_stat_activity GROUP BY 1;"
    assert status(draft, TWO_STATEMENTS, sql) == expected
