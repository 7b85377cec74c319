"""A count of the items a JSON or YAML list holds under a key named for them ("3 subnets" of `"Subnets": [...]`,
"2 个 NAT IP" of `natIps`) is that list's length, bound to the record that names the claim's subject; a key whose
words go on after the noun (`minExtraNatIpsNeeded: 0`) neither grounds such a count nor contradicts it.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def subnet_groups() -> EvidenceRow:
    text = json.dumps(
        {
            "DBSubnetGroups": [
                {
                    "DBSubnetGroupName": "orders-db-subnets",
                    "VpcId": "vpc-0a1b2c3d",
                    "SubnetGroupStatus": "Complete",
                    "Subnets": [
                        {"SubnetIdentifier": "subnet-01aa", "SubnetAvailabilityZone": {"Name": "eu-west-1a"}},
                        {"SubnetIdentifier": "subnet-02bb", "SubnetAvailabilityZone": {"Name": "eu-west-1b"}},
                        {"SubnetIdentifier": "subnet-03cc", "SubnetAvailabilityZone": {"Name": "eu-west-1c"}},
                    ],
                },
                {
                    "DBSubnetGroupName": "reports-db-subnets",
                    "VpcId": "vpc-0a1b2c3d",
                    "SubnetGroupStatus": "Complete",
                    "Subnets": [
                        {"SubnetIdentifier": "subnet-04dd", "SubnetAvailabilityZone": {"Name": "eu-west-1a"}},
                        {"SubnetIdentifier": "subnet-05ee", "SubnetAvailabilityZone": {"Name": "eu-west-1b"}},
                    ],
                },
            ]
        },
        indent=2,
    )
    return EvidenceRow(
        "s-1", "aws_cli", Outcome.INDIRECT_SUPPORT, text, {"command": "aws rds describe-db-subnet-groups"}
    )


def router_status() -> EvidenceRow:
    text = (
        "kind: compute#routerStatusResponse\nresult:\n  natStatus:\n  - name: egress-nat-euw1\n"
        "    minExtraNatIpsNeeded: 0\n    numVmEndpointsWithNatMappings: 9\n    userAllocatedNatIps:\n"
        "    - 35.204.10.7\n    - 35.204.10.8\n    - 35.204.11.2\n"
    )
    return EvidenceRow(
        "r-1",
        "gcloud",
        Outcome.INDIRECT_SUPPORT,
        text,
        {"args": "compute routers get-status rtr-euw1 --region=europe-west4"},
    )


def needed_only() -> EvidenceRow:
    text = json.dumps({"name": "egress-nat-use1", "minExtraNatIpsNeeded": 0, "numVmEndpointsWithNatMappings": 4})
    return EvidenceRow("n-1", "gcloud", Outcome.INDIRECT_SUPPORT, text, {"args": "compute routers get-status rtr-use1"})


@pytest.mark.parametrize(
    "draft",
    [
        "orders-db-subnets spans 3 subnets, one per zone.",
        "orders-db-subnets 里有 3 个 subnet。",
        "reports-db-subnets has two subnets.",
        "egress-nat-euw1 has 3 user-allocated NAT IPs.",
        "egress-nat-euw1 上手动分配了三个 NAT IP。",
    ],
)
def test_a_count_of_a_keyed_list_is_its_length(draft: str) -> None:
    assert statuses(draft, subnet_groups(), router_status()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "orders-db-subnets spans 2 subnets.",  # reports-db-subnets' length, not its own
        "reports-db-subnets 里有 3 个 subnet。",
        "egress-nat-euw1 has 4 NAT IPs.",
        "egress-nat-euw1 上分配了两个 NAT IP。",
    ],
)
def test_another_length_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, subnet_groups(), router_status())


@pytest.mark.parametrize("draft", ["egress-nat-use1 has 2 NAT IPs.", "egress-nat-use1 有 2 个 NAT IP。"])
def test_a_key_going_on_after_the_noun_is_no_count_of_it(draft: str) -> None:
    found = statuses(draft, needed_only())
    assert ClaimStatus.CONTRADICTED not in found and ClaimStatus.GROUNDED not in found


def egress_ip() -> EvidenceRow:
    return EvidenceRow(
        "e-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "35.204.10.8\n",
        {"args": "exec -n reports deploy/report-gen -- curl -s https://ifconfig.me"},
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("report-gen leaves through 35.204.10.8, one of the 3 NAT IPs of egress-nat-euw1.", True),
        ("report-gen 的出口 IP 是 35.204.10.8，它是 egress-nat-euw1 的 3 个 NAT IP 之一。", True),
        ("report-gen leaves through 35.204.10.8, one of the 2 NAT IPs of egress-nat-euw1.", False),
        ("report-gen 的出口 IP 是 35.204.10.8，它是 egress-nat-euw1 的 4 个 NAT IP 之一。", False),
    ],
)
def test_the_list_is_its_owners_among_other_names(draft: str, grounded: bool) -> None:
    assert (statuses(draft, router_status(), egress_ip()) == [ClaimStatus.GROUNDED]) is grounded
