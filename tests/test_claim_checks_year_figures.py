"""A figure between 1900 and 2099 is a figure, not a year, when a unit or a counted noun follows it ("1906
connected clients", "1950 ms", "2048 connections") or a value word leads it ("连接数为 2048", "达到 1906"): it
must be shown, never masked as a date and dropped. A year stays a year ("expires in March 2027", "2027 年到期",
"2026-06"). Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CLIENTS = (
    '{"status":"success","data":{"resultType":"vector","result":['
    '{"metric":{"instance":"cache-eu-0:9121"},"value":[1791463255.5,"1906"]},'
    '{"metric":{"instance":"cache-eu-1:9121"},"value":[1791463255.5,"433"]}]}}'
)
CERT = "notBefore=Mar  2 00:00:00 2026 GMT\nnotAfter=Mar  2 23:59:59 2027 GMT\nsubject=CN = cache-eu-0.internal\n"


def statuses(draft: str, preview: str, tool: str = "query_metrics") -> list[ClaimStatus]:
    row = EvidenceRow("y-1", tool, Outcome.DIRECT_SUPPORT, preview, {"query": "redis_connected_clients"})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "cache-eu-1 has 1906 connected clients.",
        "cache-eu-1 的连接数达到 1906，明显高于 cache-eu-0。",
        "cache-eu-1 的连接数为 2048。",
        "cache-eu-1 holds 2048 connections.",
    ],
)
def test_a_figure_in_the_years_range_is_checked(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft, CLIENTS)


@pytest.mark.parametrize("draft", ["cache-eu-0 has 1906 connected clients.", "cache-eu-0 的连接数达到 1906。"])
def test_the_figure_the_series_gives_grounds(draft: str):
    assert statuses(draft, CLIENTS) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The cache-eu-0.internal certificate expires on Mar 2 2027.",
        "cache-eu-0.internal 的证书 2027 年 3 月 2 日到期。",
    ],
)
def test_a_year_is_still_a_date(draft: str):
    assert ClaimStatus.UNGROUNDED not in statuses(draft, CERT, "ssh_exec")
