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
