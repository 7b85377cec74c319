"""A state column named as an API spells it, camelCase or PascalCase ("provisioningState 是 Succeeded", "its
lifecycleState is RUNNING", "with ProvisioningState Failed"), is read against the subject's records that give
that field: a record giving it another value, while none gives the claimed one, contradicts the claim.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.field_words import said_states
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def gateway() -> EvidenceRow:
    """`az network application-gateway show`: a gateway whose last update failed."""
    body = {
        "name": "agw-shop-weu",
        "resourceGroup": "rg-shop",
        "provisioningState": "Failed",
        "operationalState": "Running",
        "sku": {"name": "WAF_v2", "tier": "WAF_v2", "capacity": 2},
    }
    return EvidenceRow(
        "a-1",
        "az_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body, indent=2),
        {"args": "network application-gateway show -n agw-shop-weu"},
    )


def instance() -> EvidenceRow:
    """`aws rds describe-db-instances`: a stopped instance."""
    body = {
        "DBInstances": [{"DBInstanceIdentifier": "ledger-ro-2", "DBInstanceStatus": "stopped", "Engine": "postgres"}]
    }
    return EvidenceRow(
        "r-1",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body, indent=2),
        {"command": "aws rds describe-db-instances"},
    )


@pytest.mark.parametrize(
    "draft",
    [
        "agw-shop-weu 的 provisioningState 是 Succeeded。",
        "agw-shop-weu is in provisioningState Succeeded, so its last update went through.",
        "ledger-ro-2's DBInstanceStatus is available again.",
        "ledger-ro-2 的 DBInstanceStatus 目前是 available。",
    ],
)
def test_another_value_of_the_field_contradicts_the_claim(draft: str) -> None:
    assert statuses(draft, gateway(), instance())[0] == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "agw-shop-weu 的 provisioningState 是 Failed，operationalState 仍是 Running。",
        "agw-shop-weu shows provisioningState Failed.",
        "ledger-ro-2's DBInstanceStatus is stopped.",
        "ledger-ro-2 的 DBInstanceStatus 为 stopped。",
    ],
)
def test_the_value_its_record_gives_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, gateway(), instance())


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("DBInstanceStatus: available", [("dbinstancestatus", "available")]),
        ("all with ProvisioningState Succeeded, so", [("provisioningstate", "succeeded")]),
        ("the healthStatus field is set", []),  # no value: "field" is no state word or code
        ("the StateMachine is ready", []),  # not a field that ends in State, Status or Phase
    ],
)
def test_the_field_is_read_with_its_value(text: str, said: list[tuple[str, str]]) -> None:
    assert said_states(text) == said
