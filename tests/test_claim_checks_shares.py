"""A share of a call's whole: "1,107 (~86%)" of a search that counted 1,284 matches, "611 (~48%)" of
aggregation buckets that add up to 1,284; and a key's value is read after its separator only. Domain only,
offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def search() -> EvidenceRow:
    body = {
        "hits": {
            "total": {"value": 940, "relation": "eq"},
            "hits": [
                {
                    "_source": {
                        "service": "cart-api",
                        "error": {"code": "DOWNSTREAM_TIMEOUT"},
                        "message": "GET /v3/cart failed: downstream timeout to pricing:9090 after 2000ms",
                    }
                }
            ],
        },
        "aggregations": {
            "by_code": {
                "buckets": [
                    {"key": "DOWNSTREAM_TIMEOUT", "doc_count": 705},
                    {"key": "POOL_EXHAUSTED", "doc_count": 188},
                    {"key": "BAD_REQUEST", "doc_count": 47},
                ]
            },
            "by_pod": {
                "buckets": [
                    {"key": "cart-api-5d8c7b9f6-h2k9d", "doc_count": 520},
                    {"key": "cart-api-5d8c7b9f6-p7w3x", "doc_count": 420},
                ]
            },
        },
    }
    return EvidenceRow("es-1", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "logs-cart-*"})


def traffic() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"route": "/v3/cart"}, "value": [1767225600, "310"]},
                {"metric": {"route": "/v3/checkout"}, "value": [1767225600, "80"]},
                {"metric": {"route": "/v3/health"}, "value": [1767225600, "10"]},
            ],
        },
    }
    query = "sum by (route) (rate(http_requests_total{service='cart-api'}[5m]))"
    return EvidenceRow("prom-1", "query_metrics", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": query})


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (search(), traffic())) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("By code: `DOWNSTREAM_TIMEOUT` 705 (~75%), `POOL_EXHAUSTED` 188, `BAD_REQUEST` 47.", True),
        ("按错误码：`DOWNSTREAM_TIMEOUT` 705 条（约 75%），`POOL_EXHAUSTED` 188 条。", True),
        ("cart-api-5d8c7b9f6-h2k9d logged 520 of them (55.3%).", True),
        ("cart-api-5d8c7b9f6-h2k9d 占了 520 条（55.3%）。", True),
        ("/v3/cart carries 310 req/s, about 78% of the traffic.", True),
        # a share that is no value over the call's whole
        ("By code: `DOWNSTREAM_TIMEOUT` 705 (~90%), `POOL_EXHAUSTED` 188, `BAD_REQUEST` 47.", False),
        ("按错误码：`DOWNSTREAM_TIMEOUT` 705 条（约 90%），`POOL_EXHAUSTED` 188 条。", False),
        ("cart-api-5d8c7b9f6-h2k9d logged 520 of them (65.3%).", False),
        ("/v3/cart carries 310 req/s, about 60% of the traffic.", False),
    ],
)
def test_a_share_of_the_calls_whole_is_derived(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the code is a field's value in the log entry: the "/v3" after it is no value of it
        ("`DOWNSTREAM_TIMEOUT`: 705, for example GET /v3/cart.", True),
        ("`DOWNSTREAM_TIMEOUT`：705 条，例如 GET /v3/cart。", True),
        ("`DOWNSTREAM_TIMEOUT`: 188.", False),
        ("`DOWNSTREAM_TIMEOUT`：188 条。", False),
    ],
)
def test_a_keys_value_follows_its_separator(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert ClaimStatus.CONTRADICTED not in found or not grounded, found
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


def codes() -> EvidenceRow:
    buckets = [("UPSTREAM_TIMEOUT", 1530), ("RATE_LIMITED", 402), ("BAD_SIGNATURE", 117), ("DUPLICATE_KEY", 51)]
    body = {
        "hits": {"total": {"value": 2100, "relation": "eq"}, "hits": []},
        "aggregations": {"by_code": {"buckets": [{"key": k, "doc_count": n} for k, n in buckets]}},
    }
    return EvidenceRow("es-2", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "logs-gw-*"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a whole percentage is the share rounded to the percent: 51 of 2,100 is 2.43%, 117 is 5.57%
        ("`DUPLICATE_KEY` 51 (~2%)", True),
        ("| BAD_SIGNATURE | 117 | 约 6% |", True),
        ("`DUPLICATE_KEY` 51 (~3%)", False),
        ("| BAD_SIGNATURE | 117 | 约 5% |", False),
        ("| BAD_SIGNATURE | 117 | 约 7% |", False),
    ],
)
def test_a_whole_percentage_is_the_share_rounded(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, (codes(),)) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found


_TABLE = "| code | count | share |\n|---|---|---|\n| UPSTREAM_TIMEOUT | 1,530 | 73% |\n| RATE_LIMITED | 402 | 19% |\n"


@pytest.mark.parametrize(
    ("total_row", "checked"),
    [
        # a total row of the rows' sums is the writer's arithmetic: its operands, the rows, are checked
        ("| Total | 1,932 | 92% |", False),
        ("| **合计** | **1,932** | — |", False),
        ("| Total | 1,932 | 100% |", False),
        # a total that is no sum of the rows stays a fact, and must be shown
        ("| Total | 1,933 | 92% |", True),
        ("| **合计** | **1,832** | — |", True),
    ],
)
def test_a_total_row_of_the_rows_sums_is_arithmetic(total_row: str, checked: bool) -> None:
    checks = check_draft(_TABLE + total_row, (codes(),))
    last = checks[-1]
    assert (last.kind == ClaimKind.FACT) is checked
    if checked:
        assert last.status != ClaimStatus.GROUNDED
    assert all(c.status == ClaimStatus.GROUNDED for c in checks[1:-1])


@pytest.mark.parametrize(
    ("total_row", "arithmetic"),
    [
        # a dash is none in that row: the column still adds up
        ("| **Total** | **45** | **9** |", True),
        ("| **合计** | **45** | **9** |", True),
        ("| **Total** | **45** | **11** |", False),
        ("| **合计** | **47** | **9** |", False),
    ],
)
def test_a_dash_cell_is_none_in_a_columns_sum(total_row: str, arithmetic: bool) -> None:
    table = "| bucket | api-0 | api-1 |\n|---|---|---|\n| 09:05 | – | 2 |\n| 09:10 | 20 | – |\n| 09:15 | 25 | 7 |\n"
    last = check_draft(table + total_row, (codes(),))[-1]
    assert (last.kind == ClaimKind.CONTEXT) is arithmetic
