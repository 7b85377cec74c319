"""A claim listing values part by part ("09:00 → 37 · 09:05 → 41", "A 2.3%; B 2.2%") grounds each part
with its own unit (unit_search.ground_parts). Domain only, offline. Phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def buckets() -> EvidenceRow:
    body = {
        "aggregations": {
            "per_5m": {
                "buckets": [
                    {"key_as_string": "2026-02-17T09:00:00.000Z", "doc_count": 37},
                    {"key_as_string": "2026-02-17T09:05:00.000Z", "doc_count": 41},
                    {"key_as_string": "2026-02-17T09:10:00.000Z", "doc_count": 2214},
                ]
            }
        },
        "hits": {"total": {"value": 2292, "relation": "eq"}, "hits": []},
    }
    return EvidenceRow("es-5xx", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "nginx-*"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("5xx per 5 minutes (UTC): 09:00 → 37 · 09:05 → 41 · 09:10 → 2,214", True),
        ("每 5 分钟的 5xx（UTC）：09:00 → 37；09:05 → 41；09:10 → 2,214", True),
        ("5xx per 5 minutes (UTC): 09:00 → 37 · 09:05 → 41 · 09:10 → 3,214", False),
        ("每 5 分钟的 5xx（UTC）：09:00 → 37；09:05 → 14；09:10 → 2,214", False),
    ],
)
def test_each_listed_pair_grounds_on_its_own(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [buckets()]) if c.kind == ClaimKind.FACT]
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks) and bool(checks)) is grounded


def _entry_at_0900() -> EvidenceRow:
    entry = {"timestamp": "2026-02-17 09:00:12", "level": "ERROR", "service": "ledger-api", "message": "lock timeout"}
    body = {"success": True, "logTopic": "ledger", "query": "level:ERROR", "logs": [entry], "total": 1}
    return EvidenceRow("ledger-err", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"logTopic": "ledger"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-api 报错时间：09:00，lock timeout。", True),
        ("ledger-api 报错时间：10:00，lock timeout。", False),
        ("ledger-api error at:09:00 (lock timeout).", True),
        ("ledger-api error at:10:00 (lock timeout).", False),
    ],
)
def test_a_time_right_after_a_labels_colon_is_read(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [_entry_at_0900()]) if c.kind == ClaimKind.FACT]
    assert (all(c.status == ClaimStatus.GROUNDED for c in checks) and bool(checks)) is grounded


def _loaded_classes() -> EvidenceRow:
    result = [
        {"metric": {"pod": "billing-7c9d-k2v7q"}, "value": [1767225600, "187342"]},
        {"metric": {"pod": "billing-7c9d-t9m3x"}, "value": [1767225600, "21408"]},
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    query = 'jvm_classes_loaded_classes{app="billing"}'
    return EvidenceRow("prom-cls", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # each side of a "vs" is its own part, on its own series
        ("k2v7q has 187,342 loaded classes vs 21,408 on t9m3x.", True),
        ("k2v7q 加载了 187,342 个类 vs t9m3x 的 21,408 个。", True),
        ("k2v7q has 187,342 loaded classes versus 12,408 on t9m3x.", False),
        ("k2v7q 加载了 181,342 个类 vs t9m3x 的 21,408 个。", False),
        ("k2v7q has 21,408 loaded classes vs 187,342 on t9m3x.", False),  # swapped
    ],
)
def test_each_side_of_a_comparison_is_its_own_part(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [_loaded_classes()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found
