"""A week is a unit of time ("three weeks from now", "约三周后", "2 个星期"): a duration in weeks is a fact, read
against the gap to a date the claim states as days are (dated_gaps.py); it had dropped out of its claim, which
then grounded on its date alone. "The first three weeks" of a query's range is a window, not how a failed call
failed. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import datetime

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

CHECKED = int(datetime.datetime(2026, 10, 12, 8, 30, tzinfo=datetime.timezone.utc).timestamp() * 1e6)
CERT = EvidenceRow(
    "c-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "subject=CN = pay.example.net\nissuer=C = US, O = Let's Encrypt, CN = R10\n"
    "notBefore=Aug  2 10:15:00 2026 GMT\nnotAfter=Oct 31 10:14:59 2026 GMT\n",
    {"command": "openssl s_client -connect pay.example.net:443 | openssl x509 -noout -subject -issuer -dates"},
    start_us=CHECKED,
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [CERT]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "pay.example.net's certificate expires on Oct 31 10:14:59 2026 GMT, roughly five weeks from now.",
        "pay.example.net 的证书在 Oct 31 10:14:59 2026 GMT 到期，距今约 5 周。",
        "pay.example.net 的证书 Oct 31 10:14:59 2026 GMT 过期，还有大约两个星期。",
    ],
)
def test_a_wrong_number_of_weeks_to_a_stated_date_is_not_shown(draft: str):
    assert decision(draft) != Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "pay.example.net's certificate expires on Oct 31 10:14:59 2026 GMT, about 19 days from now.",
        "pay.example.net's certificate expires on Oct 31 10:14:59 2026 GMT, roughly 3 weeks from now.",
        "pay.example.net 的证书在 Oct 31 10:14:59 2026 GMT 到期，距今约 3 周。",
    ],
)
def test_the_gap_to_a_stated_date_in_days_or_weeks_is_the_writers_arithmetic(draft: str):
    assert decision(draft) == Decision.ACCEPT


def test_the_first_weeks_of_a_range_are_a_window_not_how_the_call_failed():
    failed = EvidenceRow(
        "q-1",
        "query_metrics",
        Outcome.FAILED,
        "",
        {"query": "max_over_time(redis_connected_clients[30d])", "timeout": "15s"},
        error_message="context deadline exceeded after 15s",
    )
    for draft in (
        "The 30-day query timed out, so the first three weeks are unverified.",
        "30 天的查询超时了，所以前三周的数据没有核实。",
    ):
        assert decide(check_draft(draft, [failed]))[0] != Decision.REJECT
