"""A time counted back from the check ("about 3 days ago", "17 分钟前", "已经过期约 3 天") is the writer's arithmetic
(dated_gaps.counts_from_now): it holds when it equals, at its precision, the gap between a date-time the claim states
and when a call of the session ran, and the date-time is then checked; a gap it does not equal stays a fact to show.
"""

from __future__ import annotations

import datetime

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_CALLED = datetime.datetime(2026, 9, 24, 5, 2, 0, tzinfo=datetime.timezone.utc)
CERT = EvidenceRow(
    "tls-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "subject=CN = admin.example.com\nnotBefore=Jun 23 04:40:00 2026 GMT\nnotAfter=Sep 21 04:40:00 2026 GMT\n",
    {"command": "openssl x509 -noout -subject -dates -in /etc/ssl/admin.pem"},
    start_us=int(_CALLED.timestamp() * 1e6),
)
VACUUM = EvidenceRow(
    "pg-1",
    "sql_query",
    Outcome.DIRECT_SUPPORT,
    "relname | last_autovacuum\nevents  | 2026-09-24 04:45:10+00\n",
    {"sql": "select relname, last_autovacuum from pg_stat_user_tables where relname = 'events'"},
    start_us=int(_CALLED.timestamp() * 1e6),
)


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The admin.example.com certificate expired on Sep 21 04:40 UTC, about 3 days ago.", CERT),
        ("admin.example.com 的证书已经过期约 3 天（9 月 21 日 04:40 UTC 到期）。", CERT),
        ("events 最近一次 autovacuum 在 04:45 UTC，约 17 分钟前。", VACUUM),
        ("The last autovacuum of events ran at 04:45 UTC, some 17 minutes ago.", VACUUM),
    ],
)
def test_a_gap_back_to_the_check_is_derived(draft: str, row: EvidenceRow) -> None:
    assert status(draft, row) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The admin.example.com certificate expired on Sep 21 04:40 UTC, about 9 days ago.", CERT),
        ("admin.example.com 的证书已经过期约 9 天（9 月 21 日 04:40 UTC 到期）。", CERT),
        ("events 最近一次 autovacuum 在 04:45 UTC，约 45 分钟前。", VACUUM),
        ("The last autovacuum of events ran at 04:45 UTC, some 45 minutes ago.", VACUUM),
    ],
)
def test_a_gap_the_times_do_not_give_stays_a_fact(draft: str, row: EvidenceRow) -> None:
    assert status(draft, row) != ClaimStatus.GROUNDED
