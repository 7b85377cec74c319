"""A breakdown of counts keyed by names in a JSON object (Graylog's terms search, `"terms": {"web-7": 41, "web-9":
3}`) is read one record an entry, as an aggregation's buckets are: a count is its name's, so "web-7 41, web-9 3"
grounds and the counts swapped do not. A stats object keyed by its fields (`{"busy": 25, "dead": 42}`) stays one
record. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def terms() -> EvidenceRow:
    body = {"time": 12, "terms": {"web-7": 41, "web-9": 3}, "missing": 0, "other": 0, "total": 44}
    params = {"endpoint": "/api/search/universal/relative/terms", "query": "level:3 AND timeout", "field": "source"}
    return EvidenceRow("g-1", "graylog_search", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def stats() -> EvidenceRow:
    body = {"processed": 88120, "failed": 311, "busy": 25, "dead": 42}
    return EvidenceRow("s-1", "sidekiq_api", Outcome.DIRECT_SUPPORT, json.dumps(body), {"path": "/stats"})


def facts(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("By source: web-7 41, web-9 3.", True),
        ("按来源：web-7 41 条、web-9 3 条。", True),
        ("44 timeouts, 41 of them from web-7 and 3 from web-9.", True),
        ("By source: web-7 3, web-9 41.", False),  # the counts swapped
        ("44 timeouts, 41 of them from web-9 and 3 from web-7.", False),
        ("按来源：web-7 3 条、web-9 41 条。", False),
    ],
)
def test_a_count_is_its_names(draft: str, grounded: bool) -> None:
    assert (facts(draft, terms()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize("draft", ["25 threads are busy and 42 jobs are dead.", "25 个线程在忙，dead 42 个。"])
def test_a_stats_object_stays_one_record(draft: str) -> None:
    assert facts(draft, stats()) == [ClaimStatus.GROUNDED]
