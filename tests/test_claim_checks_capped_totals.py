"""A count said as a total ("5 jobs are stuck in total", "一共有 5 个任务卡住") is not shown by a listing as long as
the limit its call asked for (`LIMIT 5`, `"size": 5`): the listing may be cut there. A listing shorter than its
limit shows the total; a count of what the call returned ("the query returned 5 rows") is what it shows.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

STUCK = (
    "  id  |   queue    |  state  |   age\n"
    "------+------------+---------+----------\n"
    " 8812 | thumbnails | running | 01:12:40\n"
    " 8815 | thumbnails | running | 01:10:02\n"
    " 8821 | thumbnails | running | 00:58:13\n"
    " 8830 | thumbnails | running | 00:41:55\n"
    " 8842 | thumbnails | running | 00:33:09\n"
    "(5 rows)\n"
)
SQL = (
    "SELECT id, queue, state, now() - started_at AS age FROM jobs WHERE state = 'running' ORDER BY started_at LIMIT {}"
)


def statuses(draft: str, limit: int) -> list[ClaimStatus]:
    row = EvidenceRow("j-1", "run_sql", Outcome.DIRECT_SUPPORT, STUCK, {"sql": SQL.format(limit)})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "5 jobs are stuck in total, all in the thumbnails queue.",
        "There are 5 running jobs in total, all in thumbnails.",
        "thumbnails 队列一共有 5 个任务在运行。",
    ],
)
def test_a_total_is_not_shown_by_a_listing_its_limit_may_cut(draft: str):
    assert statuses(draft, 5) == [ClaimStatus.UNGROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "5 jobs are stuck in total, all in the thumbnails queue.",
        "There are 5 running jobs in total, all in thumbnails.",
        "thumbnails 队列一共有 5 个任务在运行。",
    ],
)
def test_a_listing_shorter_than_its_limit_shows_the_total(draft: str):
    assert statuses(draft, 50) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["The query returned 5 rows, all in thumbnails.", "查询返回 5 条记录，都在 thumbnails 队列。"]
)
def test_what_the_call_returned_is_what_it_shows(draft: str):
    assert statuses(draft, 5) == [ClaimStatus.GROUNDED]


WAITERS = (
    "  pid  | blocking_pids |  waiting\n"
    "-------+---------------+----------\n"
    + "".join(f" {6100 + i} | {{7302}}        | 00:0{i}:10\n" for i in range(10))
    + "(10 rows)\n"
)
HOLDER = (
    "  pid  | usename | client_addr |        state\n"
    "-------+---------+-------------+---------------------\n"
    " 7302  | etl     | 10.12.0.7   | idle in transaction\n"
    "(1 row)\n"
)


def session_statuses(draft: str, limit: int) -> list[ClaimStatus]:
    rows = [
        EvidenceRow("w-1", "run_sql", Outcome.DIRECT_SUPPORT, WAITERS, {"sql": f"SELECT … FROM waits LIMIT {limit}"}),
        EvidenceRow("w-2", "run_sql", Outcome.DIRECT_SUPPORT, HOLDER, {"sql": "SELECT … WHERE pid = 7302"}),
    ]
    return [c.status for c in check_draft(draft, rows) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft", ["10 sessions are blocked in total, all behind pid 7302.", "一共有 10 个会话被阻塞，全部在等 pid 7302。"]
)
def test_a_total_beside_the_holder_s_record_is_still_not_shown_past_a_limit(draft: str):
    """The holder's own record (its client address) shows no count: the capped listing is what counts them."""
    assert ClaimStatus.GROUNDED not in session_statuses(draft, 10)
