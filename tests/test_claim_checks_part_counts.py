"""A count of a part said with "of" ("5 of the topic's partitions are lagging", "3 of its brokers are down") is a
count of its noun: before, it was no fact at all and the claim was a heading (CONTEXT), whatever its number. Read
as a count, it meets the rules counts meet: "only 5" over a listing its query capped at 5 (`topk(5, …)`) is not
shown. "4 of the 6 lines" still counts the 6. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def lag(partitions: list[tuple[str, int]], query: str) -> EvidenceRow:
    result = [
        {
            "metric": {"consumergroup": "billing-sink", "topic": "invoices", "partition": p},
            "value": [1790000000, str(v)],
        }
        for p, v in partitions
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    return EvidenceRow("m-1", "query_metrics", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": query})


FOUR = [("2", 9120), ("7", 5311), ("11", 804), ("0", 77)]
ALL_LAGGING = 'kafka_consumergroup_lag{consumergroup="billing-sink"} > 0'
TOP_FOUR = 'topk(4, kafka_consumergroup_lag{consumergroup="billing-sink"})'


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Only 4 of the topic's partitions are lagging.", 4),
        ("3 of its brokers are down.", 3),
        ("12 of the cluster's nodes report DiskPressure.", 12),
    ],
)
def test_a_part_said_with_of_is_a_count_of_its_noun(text: str, count: int) -> None:
    counts = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert [f.quantity.value for f in counts if f.quantity is not None] == [count]


def test_a_part_of_a_listing_with_its_number_still_counts_the_listing() -> None:
    counts = [f for f in extract_facts("4 of the 6 lines are errors.") if f.kind == FactKind.COUNT]
    assert [f.key for f in counts] == ["6"]


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", ["Only 4 of the topic's partitions are lagging.", "只有 4 个分区有积压。"])
def test_only_so_many_is_shown_by_a_whole_listing_not_by_one_its_query_capped(draft: str) -> None:
    assert statuses(draft, lag(FOUR, ALL_LAGGING)) == [ClaimStatus.GROUNDED]
    assert statuses(draft, lag(FOUR, TOP_FOUR)) != [ClaimStatus.GROUNDED]


@pytest.mark.parametrize("draft", ["Only 6 of the topic's partitions are lagging.", "只有 6 个分区有积压。"])
def test_another_count_is_not_shown(draft: str) -> None:
    assert statuses(draft, lag(FOUR, ALL_LAGGING)) != [ClaimStatus.GROUNDED]
