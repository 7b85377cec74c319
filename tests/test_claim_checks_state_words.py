"""A state said in a tool's own word with no field named ("pv-logs-2 is Available", "orders-db-2 显示为 available")
is read against the subject's state column (`STATUS=Released`, `"status": "storage-full"`): another word there
contradicts it. Said of every member of a counted set ("Both volumes are Bound", "三个实例都是 available"), it is
read against a listing of that many records, each with a state column. A word no record gives a state column
("是 OOM") and a state said bare of several names are not read so. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

VOLUMES = (
    "NAME        CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM                 STORAGECLASS   AGE\n"
    "pv-logs-1   50Gi       RWO            Retain           Bound       obs/loki-data-0       gp3            41d\n"
    "pv-logs-2   50Gi       RWO            Retain           {}    obs/loki-data-1       gp3            41d\n"
)
INSTANCES = [
    {"id": "orders-db-1", "class": "db.r6g.large", "status": "available"},
    {"id": "orders-db-2", "class": "db.r6g.large", "status": "{}"},
    {"id": "orders-db-3", "class": "db.r6g.large", "status": "available"},
]


def pv_statuses(draft: str, second: str) -> list[ClaimStatus]:
    row = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, VOLUMES.format(second.ljust(8)), {"args": "get pv"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


def rds_statuses(draft: str, second: str) -> list[ClaimStatus]:
    output = json.dumps(INSTANCES, indent=2).replace("{}", second)
    args = {
        "command": "aws rds describe-db-instances --query 'DBInstances[*].{id:DBInstanceIdentifier,status:DBInstanceStatus}'"
    }
    row = EvidenceRow("a-1", "aws_cli", Outcome.DIRECT_SUPPORT, output, args)
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["pv-logs-2 is Bound, like the other volume.", "pv-logs-2 目前是 Bound。", "pv-logs-2 reports Bound."]
)
def test_a_state_word_said_bare_is_read_against_the_subjects_column(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in pv_statuses(draft, "Released")
    assert ClaimStatus.CONTRADICTED not in pv_statuses(draft, "Bound")


@pytest.mark.parametrize("draft", ["orders-db-2 is still available.", "orders-db-2 显示为 available。"])
def test_a_state_word_in_lower_case_as_the_tool_prints_it(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in rds_statuses(draft, "storage-full")
    assert rds_statuses(draft, "available") == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["Both persistent volumes are Bound.", "两个 PV 都是 Bound。", "All two volumes show Bound."]
)
def test_a_state_said_of_every_counted_member(draft: str) -> None:
    assert pv_statuses(draft, "Released") == [ClaimStatus.CONTRADICTED]
    assert pv_statuses(draft, "Bound") == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize("draft", ["All three instances are available.", "三个实例都是 available。"])
def test_every_counted_member_of_a_json_listing(draft: str) -> None:
    assert rds_statuses(draft, "storage-full") == [ClaimStatus.CONTRADICTED]
    assert rds_statuses(draft, "available") == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "All four instances are available.",  # another size than the listing's
        "四个实例都是 available。",
        "orders-db-1 and orders-db-3 are available.",  # several names: each may be
        "orders-db-2 的告警是 OOM。",  # a word no record gives a state column
    ],
)
def test_not_read_so(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in rds_statuses(draft, "storage-full")
