"""A statistic over a window (a p99 from `histogram_quantile`, a `rate`, an `avg_over_time`) is no value of the one
request or trace a claim speaks of: it never contradicts "the trace's 1.61 s is one query". A claim of the
statistic itself ("cart-svc's p99 is 1.61 s", "p99 是 1.61 s") is still read against it. Domain only, offline; rows
and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

P99 = (
    '{"status":"success","data":{"resultType":"vector","result":[{"metric":{"service":"cart-svc",'
    '"span_name":"SELECT carts"},"value":[1790419470.5,"1.94"]}]}}'
)
QUERY = 'histogram_quantile(0.99, sum by (le) (rate(traces_spanmetrics_latency_bucket{service="cart-svc"}[5m])))'


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("m-1", "query_metrics", Outcome.DIRECT_SUPPORT, P99, {"query": QUERY})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "Almost all of the trace's 1.61 s is one query issued by cart-svc.",
        "这条 trace 的 1.61 s 几乎都花在 cart-svc 的一条查询上。",
    ],
)
def test_a_statistic_contradicts_no_single_trace(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("cart-svc's p99 for SELECT carts is 1.61 s.", ClaimStatus.CONTRADICTED),
        ("cart-svc 的 SELECT carts p99 是 1.61 s。", ClaimStatus.CONTRADICTED),
        ("cart-svc's p99 for SELECT carts is 1.94 s.", ClaimStatus.GROUNDED),
    ],
)
def test_a_claim_of_the_statistic_is_read_against_it(draft: str, status: ClaimStatus):
    assert statuses(draft) == [status]
