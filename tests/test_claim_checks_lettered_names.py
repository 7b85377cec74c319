"""Names told apart by a final letter ("eks-prod-a", "db-shard-b") are members, as "web-prod-1" is: a name the
evidence must show, and one another member's records do not ground. A bound said of a bare metric value holds in
the base unit (seconds, bytes), never in the claim's own unit: "more than 40 minutes" is no sample of 100.
Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def owners(*pairs: tuple[str, str]) -> EvidenceRow:
    records = [
        {"Name": f"a-{name}.shop.example.org.", "Type": "TXT", "Value": f"heritage=registrar,registrar/owner={owner}"}
        for name, owner in pairs
    ]
    return EvidenceRow("txt-1", "cloud_cli", Outcome.DIRECT_SUPPORT, json.dumps(records), {"args": "list txt"})


def statuses(draft: str, *rows: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize("name", ["gke-stage-b", "db-shard-c", "mq-blue-a"])
def test_a_name_told_apart_by_a_final_letter_is_a_member(name: str) -> None:
    assert [f.kind for f in extract_facts(f"The records are owned by {name}.")] == [FactKind.INSTANCE]
    assert [f.kind for f in extract_facts(f"这些记录归 {name} 所有。")] == [FactKind.INSTANCE]


@pytest.mark.parametrize("text", ["It is in zone-a.", "We fall back to plan-b.", "An e-mail went out."])
def test_a_word_and_a_letter_is_no_member(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.kind == FactKind.INSTANCE]


@pytest.mark.parametrize(
    "draft", ["The cart record is owned by gke-stage-b.", "cart 这条记录的 owner 是 gke-stage-b。"]
)
def test_the_member_named_must_be_the_one_the_record_shows(draft: str) -> None:
    assert statuses(draft, owners(("cart", "gke-stage-b"), ("search", "gke-stage-a"))) == {ClaimStatus.GROUNDED}
    assert ClaimStatus.GROUNDED not in statuses(draft, owners(("cart", "gke-stage-c"), ("search", "gke-stage-a")))


def runtime(*values: tuple[str, float]) -> EvidenceRow:
    result = [
        {"metric": {"__name__": "battery_runtime_left", "ups": ups}, "value": [1788000000, str(v)]} for ups, v in values
    ]
    body = json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}})
    return EvidenceRow("prom-1", "query_metrics", Outcome.DIRECT_SUPPORT, body, {"query": "battery_runtime_left"})


@pytest.mark.parametrize(
    "draft", ["ups-east-2 has more than 40 minutes of battery runtime left.", "ups-east-2 的剩余续航超过 40 分钟。"]
)
def test_a_bound_on_a_bare_sample_holds_in_seconds(draft: str) -> None:
    assert statuses(draft, runtime(("ups-east-2", 2712))) == {ClaimStatus.GROUNDED}  # 45 minutes
    assert ClaimStatus.GROUNDED not in statuses(draft, runtime(("ups-east-2", 2100)))  # 35 minutes, not 2100
