"""A window word ("last", "最近") makes the figures right after it the query's ("the last 5 minutes"), but never
a figure a result's verb gives after the window's own ("最近 5 分钟的 p99 为 0.5 秒": a result, which the
query's `> 0.5` threshold does not ground). Domain only, offline; phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

QUERY = (
    "histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket"
    '{service="quote-api"}[5m]))) > 0.4'
)


def p99() -> EvidenceRow:
    body = {"status": "success", "data": {"resultType": "vector", "result": [{"metric": {}, "value": [1, "0.612"]}]}}
    return EvidenceRow("q-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": QUERY})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("quote-api 最近 5 分钟的 p99 延迟为 0.4 秒。", False),  # the query's threshold, told as the result
        ("Over the last 5 minutes quote-api's p99 latency was 0.4 s.", False),
        ("quote-api 最近 5 分钟的 p99 延迟约为 0.61 秒。", True),
        ("Over the last 5 minutes quote-api's p99 latency was about 0.61 s.", True),
        ("The query only returns quote-api's p99 over the last 5 minutes when it is above the 0.4 s threshold.", True),
        ("查询的阈值是 0.4 秒（quote-api 最近 5 分钟的 p99）。", True),
    ],
)
def test_a_result_after_the_windows_own_figure_is_no_query_figure(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [p99()]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found
