"""A count "only" stands right before tells all there are: "the search shows only 3 timeout errors" of a search
that matched 412 and returned 3 is not shown by the 3 it returned, whatever verb the claim uses. A count of what the
call returned ("the 3 sampled errors", "只返回了 3 条") still is, and "only 3" of a listing that is not cut is
shown by its records. Domain only, offline; records and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def _hit(second: int, pod: str) -> dict:
    return {
        "_index": "logs-checkout-2027.02.03",
        "_id": f"k{second}Qz",
        "_source": {
            "@timestamp": f"2027-02-03T11:4{second}:1{second}.204Z",
            "service": "checkout-api",
            "pod": pod,
            "level": "ERROR",
            "message": "upstream request timeout after 5000 ms calling inventory-svc",
        },
    }


def search(total: object, size: int) -> EvidenceRow:
    hits = [_hit(1, "checkout-api-7d9f-x2k"), _hit(2, "checkout-api-7d9f-m8q"), _hit(3, "checkout-api-7d9f-x2k")]
    body = {"took": 31, "timed_out": False, "hits": {"total": total, "hits": hits}}
    query = {
        "bool": {"must": [{"match": {"message": "timeout"}}], "filter": [{"range": {"@timestamp": {"gte": "now-1h"}}}]}
    }
    params = {"index": "logs-checkout-*", "body": {"query": query, "size": size}}
    return EvidenceRow("es-1", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def statuses(draft: str, total: object, size: int = 3) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (search(total, size),)) if c.kind == ClaimKind.FACT]


CUT = [412, {"value": 412, "relation": "eq"}]


@pytest.mark.parametrize("total", CUT)
@pytest.mark.parametrize(
    "draft",
    [
        "The search shows only 3 timeout errors from checkout-api in the last hour.",
        "Elasticsearch has just 3 upstream timeout errors for checkout-api.",
        "过去一小时 checkout-api 只有 3 条超时报错。",
        "日志里显示仅 3 条 checkout-api 的超时错误。",
    ],
)
def test_only_n_of_a_cut_listing_is_not_shown_by_what_it_returned(draft: str, total: object) -> None:
    found = statuses(draft, total)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize("total", CUT)
@pytest.mark.parametrize(
    "draft",
    [
        "The 3 sampled timeout errors all come from checkout-api.",
        "The query returned 3 timeout errors from checkout-api.",
        "返回的 3 条超时报错都来自 checkout-api。",
        "查询只返回了 3 条 checkout-api 的超时报错。",
        # "only" of what was returned or sampled is still the call's records
        "The query returned only 3 timeout errors from checkout-api.",
        "The sample has only 3 timeout errors, all from checkout-api.",
        "样例只有 3 条超时报错，都来自 checkout-api。",
        "返回结果里仅有 3 条 checkout-api 的超时报错。",
    ],
)
def test_a_count_of_what_it_returned_is_shown(draft: str, total: object) -> None:
    found = statuses(draft, total)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "The search shows only 3 timeout errors from checkout-api in the last hour.",
        "过去一小时 checkout-api 只有 3 条超时报错。",
    ],
)
def test_only_n_of_a_whole_listing_is_shown(draft: str) -> None:
    found = statuses(draft, 3, size=50)  # all 3 it matched, under a limit of 50
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
