"""A JSON document's objects are read where they sit. An object beside a listing (a commit's `author`, a
manifest's `metadata`) is a record of its own, and so are the own fields of an object that holds a listing (a
stream summary's `OpenShardCount` beside its `EnhancedMonitoring` list): before, both were dropped and a claim
resting on them was ungrounded. A figure whose key says no unit is read with its parent's (`"time": {"total":
27.8}` is seconds). A count the unit gives under a key of the claim's noun is no rival of itself (`OpenShardCount:
2` for "2 open shards" beside `maxRequestsPerConnection`). A state said to hold again ("was passing again",
"又通过了") is an assertion, never a heading. Domain only, offline; payloads and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def row(body: object, tool: str = "gh_api", params: dict | None = None) -> EvidenceRow:
    return EvidenceRow("j-1", tool, Outcome.INDIRECT_SUPPORT, json.dumps(body, indent=2), params or {})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT]


COMMIT = {
    "sha": "4be81c07d2",
    "commit": {"author": {"name": "Wei Zhang", "email": "wei.zhang@example.com", "date": "2026-09-30T07:41:12Z"}},
    "stats": {"additions": 14, "deletions": 3},
    "files": [{"filename": "charts/ledger/values-prod.yaml", "status": "modified", "changes": 17}],
}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The commit added 14 lines and deleted 3.", True),
        ("这次提交新增 14 行、删除 3 行。", True),
        ("The commit added 24 lines and deleted 3.", False),
        ("这次提交新增 24 行、删除 3 行。", False),
    ],
)
def test_an_object_beside_a_listing_is_read(draft: str, grounded: bool) -> None:
    assert (statuses(draft, row(COMMIT)) == [ClaimStatus.GROUNDED]) is grounded


def stream(shards: int) -> EvidenceRow:
    body = {
        "StreamDescriptionSummary": {
            "StreamName": "orders-events",
            "StreamStatus": "ACTIVE",
            "OpenShardCount": shards,
            "EnhancedMonitoring": [{"ShardLevelMetrics": []}],
        }
    }
    return row(body, "aws_cli", {"command": "aws kinesis describe-stream-summary --stream-name orders-events"})


@pytest.mark.parametrize(
    "draft", ["orders-events is ACTIVE with 4 open shards.", "orders-events 处于 ACTIVE，有 4 个 open shards。"]
)
def test_the_own_fields_of_an_object_holding_a_listing_are_read(draft: str) -> None:
    assert statuses(draft, stream(4)) == [ClaimStatus.GROUNDED]
    assert statuses(draft, stream(6)) != [ClaimStatus.GROUNDED]


def test_a_count_under_a_key_of_its_noun_is_no_rival_of_itself() -> None:
    pool = row(
        {
            "kind": "DestinationRule",
            "metadata": {"name": "inventory"},
            "spec": {"trafficPolicy": {"connectionPool": {"maxConnections": 20, "maxRequestsPerConnection": 1}}},
        },
        "kubectl",
        {"args": "get destinationrule inventory -o json"},
    )
    said = "The inventory DestinationRule caps the pool at 20 connections."
    assert ClaimStatus.CONTRADICTED not in statuses(said, pool)
    assert ClaimStatus.CONTRADICTED in statuses(said.replace("20", "50"), pool)


SUMMARY = {
    "version": {"config": "prod-e5a09b2"},
    "resources": {"total": 1388, "failed": 0},
    "time": {"total": 27.813902},
}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The last Puppet run took about 27.8 s in total.", True),
        ("上一次 Puppet 运行总耗时约 27.8 秒。", True),
        ("The last Puppet run took about 27.8 minutes in total.", False),
        ("上一次 Puppet 运行总耗时约 27.8 分钟。", False),
    ],
)
def test_a_figure_whose_key_says_no_unit_takes_its_parents(draft: str, grounded: bool) -> None:
    summary = row(SUMMARY, "ssh_exec", {"command": "cat last_run_summary.json"})
    assert (statuses(draft, summary) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "asserted"),
    [
        ("By the 21:30 UTC run it was passing again.", True),
        ("到 21:30 那次检查又通过了。", True),
        ("Checks at 21:30 UTC:", False),
        ("21:30 的检查结果如下：", False),
    ],
)
def test_a_state_said_to_hold_again_is_an_assertion(draft: str, asserted: bool) -> None:
    checks = row(
        {"results": [{"timestamp": "2026-12-22T21:30:00Z", "status": "failed", "http_status": 504}]}, "synthetic_checks"
    )
    kinds = [c.kind for c in check_draft(draft, [checks])]
    assert (ClaimKind.CONTEXT not in kinds) is asserted
