""" "5 个会话里 4 个是 X，全部 …" ranges over the 4 the claim counted ("里"/"中" right before the part's count,
as "其中 4 个" and "4 of the 5" do), and what a clause after "其中" / "among them" / "of which" singles out
("其中最长的是 40219，约 3 分 41 秒") is one member's, not what each must show. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ACTIVITY = (
    "  pid  |  usename    |        state        | wait_event_type |    xact_age\n"
    "-------+------------+---------------------+-----------------+-----------------\n"
    " 52110 | batch_user  | idle in transaction | Client          | 00:21:07.118230\n"
    " 52188 | billing_app | active              | Lock            | 00:02:49.530112\n"
    " 52190 | billing_app | active              | Lock            | 00:02:11.004981\n"
    " 52204 | billing_app | active              | {third}            | 00:01:40.771320\n"
    "(4 rows)\n"
)


def activity(third: str) -> EvidenceRow:
    sql = "SELECT pid, usename, state, wait_event_type, now() - xact_start AS xact_age FROM pg_stat_activity"
    return EvidenceRow("sql-1", "run_sql", Outcome.INDIRECT_SUPPORT, ACTIVITY.format(third=third), {"sql": sql})


def statuses(draft: str, third: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [activity(third)]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("4 个会话里 3 个是 billing_app，全部在等锁，其中事务最老的是 52188，约 2 分 49 秒。", False),
        (
            "Of the 4 sessions, 3 are billing_app, all waiting on a lock, among them the oldest is 52188 at about 2m49s.",
            False,
        ),
        ("3 个 billing_app 会话全部在等锁，事务都已持续约 2 分 49 秒。", True),  # said of each: 52190 is at 2m11s
        ("All 3 billing_app sessions are waiting on a lock, each open for about 2m49s.", True),
    ],
)
def test_one_singled_out_after_all_is_not_what_each_shows(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, "Lock")) is contradicted
