"""Elasticsearch's total with `"relation": "gte"` (track_total_hits stopped counting) is a lower bound: "exactly
10,000 errors", "一共 10000 条" are not shown by it, "at least 10,000", "超过 10000 条" are. Domain only, offline;
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def search(relation: str) -> EvidenceRow:
    hit = {"_index": "logs-2026.09.01", "_id": "a1", "_source": {"service": "mailer", "log": {"level": "ERROR"}}}
    body = {"hits": {"total": {"value": 10000, "relation": relation}, "hits": [hit]}}
    params = {"index": "logs-*", "query": "service:mailer AND log.level:ERROR"}
    return EvidenceRow("es-9", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["mailer logged exactly 10,000 ERROR entries.", "mailer 一共有 10000 条 ERROR 日志。"]
)
def test_an_exact_count_is_not_shown_by_a_lower_bound(draft: str) -> None:
    assert statuses(draft, search("gte")) != [ClaimStatus.GROUNDED]
    assert statuses(draft, search("eq")) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["mailer logged at least 10,000 ERROR entries.", "mailer 的 ERROR 日志超过 10000 条。"]
)
def test_a_bound_is_shown_by_a_lower_bound(draft: str) -> None:
    assert statuses(draft, search("gte")) == [ClaimStatus.GROUNDED]


def aggregated(relation: str) -> EvidenceRow:
    """A `size: 0` search with a terms aggregation: no hits listed, the total and the buckets only."""
    buckets = [{"key": "198.51.100.7", "doc_count": 8120}, {"key": "198.51.100.9", "doc_count": 3904}]
    body = {
        "took": 95,
        "timed_out": False,
        "hits": {"total": {"value": 10000, "relation": relation}, "max_score": None, "hits": []},
        "aggregations": {"by_ip": {"doc_count_error_upper_bound": 0, "sum_other_doc_count": 611, "buckets": buckets}},
    }
    query = {"bool": {"filter": [{"term": {"service.name": "auth-api"}}, {"term": {"event.outcome": "failure"}}]}}
    params = {"index": "logs-auth-*", "body": {"size": 0, "query": query}}
    return EvidenceRow("es-10", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    "draft", ["auth-api recorded exactly 10,000 failed logins today.", "auth-api 今天一共记录了 10000 次登录失败。"]
)
def test_a_lower_bound_beside_an_aggregation_is_no_exact_count(draft: str) -> None:
    # the total was read as a plain number of the header and grounded "exactly" through it
    assert statuses(draft, aggregated("gte")) != [ClaimStatus.GROUNDED]
    assert statuses(draft, aggregated("eq")) == [ClaimStatus.GROUNDED]
