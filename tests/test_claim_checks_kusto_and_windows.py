"""Claim checks over Kusto tables (Log Analytics, Application Insights, Azure Data Explorer), whose rows give
their values in the order of the table's columns; a denial of an event within a window ("21:00 到 22:00 之间没有
死锁") refuted only by an event inside it, and left unchecked when the claim states more ends than a window's two;
and a counted universal's outcome read in its own clause. Domain only, offline; phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def kusto(columns: tuple[str, ...], *rows: list) -> str:
    table = {"name": "PrimaryResult", "columns": [{"name": c, "type": "string"} for c in columns], "rows": list(rows)}
    return json.dumps({"tables": [table]})


COUNTS = EvidenceRow(
    "kql-1",
    "kql_query",
    Outcome.INDIRECT_SUPPORT,
    kusto(("TimeGenerated", "Deadlocks"), ["2026-03-04T22:15:00Z", 41], ["2026-03-04T22:30:00Z", 17]),
    {
        "query": "AzureDiagnostics | where Category == 'Deadlocks' | summarize Deadlocks=count() by bin(TimeGenerated, 15m)"
    },
)
EVENTS = EvidenceRow(
    "kql-2",
    "kql_query",
    Outcome.INDIRECT_SUPPORT,
    kusto(("TimeGenerated", "Message"), ["2026-03-04T22:17:42Z", "deadlock victim: process 41 (UPDATE dbo.Stock)"]),
    {"query": "AzureDiagnostics | where Category == 'Deadlocks' | project TimeGenerated, Message"},
)
JOBS = EvidenceRow(
    "jobs-1",
    "run_sql",
    Outcome.INDIRECT_SUPPORT,
    "job           | started | status\n"
    "--------------+---------+----------\n"
    "nightly-a     | 02:00   | succeeded\n"
    "nightly-b     | 02:00   | succeeded\n"
    "nightly-c     | 02:00   | succeeded\n",
    {"sql": "SELECT job, started, status FROM cron_runs WHERE day = current_date"},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("The 22:15 UTC bucket holds 41 deadlocks.", ClaimStatus.GROUNDED),
        ("22:15 UTC 这一档有 41 次死锁。", ClaimStatus.GROUNDED),
        # the count of another row
        ("The 22:30 UTC bucket holds 41 deadlocks.", ClaimStatus.UNGROUNDED),
        ("22:30 UTC 这一档有 41 次死锁。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_kusto_row_is_read_under_its_columns_names(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, COUNTS) == [status]


@pytest.mark.parametrize(
    "draft", ["There were no deadlocks between 21:00 and 22:00 UTC.", "21:00 到 22:00 UTC 之间没有死锁。"]
)
def test_an_event_outside_the_window_does_not_refute_its_denial(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, EVENTS)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("There were no deadlocks between 22:00 and 22:30 UTC.", ClaimStatus.CONTRADICTED),
        ("22:00 到 22:30 UTC 之间没有死锁。", ClaimStatus.CONTRADICTED),
        # two windows, three ends: not read, so neither refuted nor grounded
        ("No deadlocks from 21:00 to 22:00, nor after 23:00 UTC.", ClaimStatus.UNCHECKED),
        ("21:00–22:00 和 23:00 以后都没有死锁。", ClaimStatus.UNCHECKED),
    ],
)
def test_an_event_inside_the_window_refutes_it_and_more_ends_leave_it_unchecked(
    draft: str, status: ClaimStatus
) -> None:
    assert statuses(draft, EVENTS)[-1] == status


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("All 3 jobs failed.", True),
        ("3 个任务全部失败了。", True),
        # the failure is the later clause's, not the jobs'
        ("All 3 jobs ran at 02:00, and the export after them failed.", False),
        ("3 个任务都在 02:00 运行，之后的导出失败了。", False),
    ],
)
def test_a_counted_universal_takes_its_outcome_from_its_own_clause(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, JOBS)) == contradicted
