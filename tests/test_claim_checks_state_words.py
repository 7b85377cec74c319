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


SERVERS = (
    "+--------------------------------------+----------+---------+------------------------+-----------+-----------+\n"
    "| ID                                   | Name     | Status  | Networks               | Image     | Flavor    |\n"
    "+--------------------------------------+----------+---------+------------------------+-----------+-----------+\n"
    "| 5c1f0a2e-93b4-4d1e-8f0c-2b7d9e6a1c30 | bastion  | {}  | ops-net=10.40.0.12     | rocky-9   | m1.small  |\n"
    "| a87d3e51-0c6f-4b2a-9d18-7e4c5f2b9a06 | jumphost | ACTIVE  | ops-net=10.40.0.13     | rocky-9   | m1.small  |\n"
    "| e2b94c7d-15a8-4f63-b0e9-3c6d8a1f5e27 | ledger   | ACTIVE  | db-net=10.41.0.20      | rocky-9   | m1.large  |\n"
    "+--------------------------------------+----------+---------+------------------------+-----------+-----------+\n"
)


def server_statuses(draft: str, first: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "o-1", "openstack", Outcome.DIRECT_SUPPORT, SERVERS.format(first.ljust(7)), {"args": "server list"}
    )
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", ["bastion is ACTIVE again.", "bastion 目前是 ACTIVE。"])
def test_a_plain_word_subject_a_records_name_column_gives(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in server_statuses(draft, "SHUTOFF")
    assert ClaimStatus.CONTRADICTED not in server_statuses(draft, "ACTIVE")


@pytest.mark.parametrize("draft", ["All three servers are ACTIVE.", "三台服务器都是 ACTIVE。", "3 台都是 ACTIVE。"])
def test_a_count_in_words_sizes_the_listing(draft: str) -> None:
    assert server_statuses(draft, "SHUTOFF") == [ClaimStatus.CONTRADICTED]
    assert server_statuses(draft, "ACTIVE") == [ClaimStatus.GROUNDED]


def asg_statuses(draft: str, third: str) -> list[ClaimStatus]:
    instances = [
        {
            "InstanceId": f"i-0{n}a7c2e9b4d1f3",
            "InstanceType": "t3.large",
            "LifecycleState": state,
            "HealthStatus": "Healthy",
        }
        for n, state in ((4, "InService"), (5, "InService"), (6, third))
    ]
    group = {"AutoScalingGroups": [{"AutoScalingGroupName": "web-asg", "DesiredCapacity": 3, "Instances": instances}]}
    args = {"args": "autoscaling describe-auto-scaling-groups --auto-scaling-group-names web-asg"}
    row = EvidenceRow("g-1", "aws_cli", Outcome.DIRECT_SUPPORT, json.dumps(group, indent=2), args)
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "All 3 instances are InService.",
        "3 个实例都是 InService。",
        # a clause of a claim whose other clauses ground on their own
        "web-asg wants 3 instances of t3.large, and all 3 are InService across its zones.",
        "web-asg 期望 3 台 t3.large，而且 3 台都是 InService。",
    ],
)
def test_the_members_of_a_list_nested_in_a_record(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in asg_statuses(draft, "Terminating")
    assert ClaimStatus.CONTRADICTED not in asg_statuses(draft, "InService")


@pytest.mark.parametrize(
    "draft",
    [
        "pv-logs-2 was checked first, and the other volume is Bound.",  # said of no name in its clause
        "先看了 pv-logs-2，所以另一个卷是 Bound。",
    ],
)
def test_a_bare_state_is_said_of_the_name_in_its_own_clause(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in pv_statuses(draft, "Released")
