"""A cluster's or an index's health color (Elasticsearch, OpenSearch) is a state the evidence must show:
"logging-prod is red", "集群状态是 yellow", "索引变红" against `"status":"yellow"` or `_cat/health`'s status
column. Another color is not grounded; a color said of nothing ("a red herring") is no state. Domain only,
offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def health_json() -> EvidenceRow:
    body = {
        "cluster_name": "search-prod",
        "status": "yellow",
        "number_of_nodes": 6,
        "unassigned_shards": 9,
        "active_shards_percent_as_number": 97.3,
    }
    return EvidenceRow("es-h", "es_request", Outcome.DIRECT_SUPPORT, json.dumps(body), {"path": "_cluster/health"})


def cat_health() -> EvidenceRow:
    text = (
        "epoch      timestamp cluster     status node.total node.data shards  pri relo init unassign\n"
        "1796475600 13:00:00  search-prod red             6         5    412  206    0    2       11\n"
    )
    return EvidenceRow("es-c", "es_request", Outcome.DIRECT_SUPPORT, text, {"path": "_cat/health?v"})


@pytest.mark.parametrize(
    ("draft", "row", "grounded"),
    [
        ("search-prod is yellow with 9 unassigned shards.", health_json, True),
        ("search-prod 集群状态是 yellow，有 9 个未分配分片。", health_json, True),
        ("search-prod is red with 9 unassigned shards.", health_json, False),
        ("search-prod 集群状态是 green。", health_json, False),
        ("search-prod went red.", cat_health, True),
        ("search-prod 集群变红了。", cat_health, True),
        ("search-prod is still yellow.", cat_health, False),
    ],
)
def test_a_health_color_is_a_state_the_evidence_shows(draft: str, row, grounded: bool) -> None:  # type: ignore[no-untyped-def]
    found = [c.status for c in check_draft(draft, [row()]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found


@pytest.mark.parametrize(
    "text", ["That theory was a red herring.", "红色告警线在 90%。", "The health check is green.", "CI is green again."]
)
def test_a_color_said_of_nothing_is_no_state(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.kind == FactKind.WORKLOAD_STATE]
