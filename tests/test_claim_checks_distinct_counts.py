"""A count of different ones ("64 distinct users", "64 个不同的用户") is all there are: a terms aggregation that
returned as many buckets as its `size` asked for does not show it, since it may be cut by that size, while a
cardinality aggregation's value does (Elasticsearch's metric aggregations, `{"value": 64}`, are read as units;
before, they were dropped). What the call returned is still counted as shown ("the search returned 10 users").
Domain only, offline; a response and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

USERS = ["svc-etl", "jdoe", "mkhan", "backup", "admin", "test", "oracle", "guest", "ubuntu", "deploy"]
RESPONSE = {
    "took": 88,
    "timed_out": False,
    "hits": {"total": {"value": 4120, "relation": "eq"}, "max_score": None, "hits": []},
    "aggregations": {
        "distinct_users": {"value": 64},
        "by_user": {
            "doc_count_error_upper_bound": 0,
            "sum_other_doc_count": 1204,
            "buckets": [{"key": user, "doc_count": 400 - 20 * i} for i, user in enumerate(USERS)],
        },
    },
}
SEARCH = EvidenceRow(
    "es-auth",
    "es_search",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(RESPONSE, indent=2),
    {
        "index": "auth-*",
        "body": {
            "size": 0,
            "query": {"term": {"event.outcome": "failure"}},
            "aggs": {
                "distinct_users": {"cardinality": {"field": "user.name"}},
                "by_user": {"terms": {"field": "user.name", "size": 10}},
            },
        },
    },
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (SEARCH,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The failed logins came from 10 distinct users.",
        "The failures involve 10 unique users in all.",
        "失败登录来自 10 个不同的用户。",
    ],
)
def test_a_distinct_count_of_a_listing_cut_by_its_size_is_not_shown(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "The failed logins came from 64 distinct users.",
        "The failures involve 64 unique users.",
        "失败登录来自 64 个不同的用户。",
    ],
)
def test_the_cardinality_shows_a_distinct_count(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
