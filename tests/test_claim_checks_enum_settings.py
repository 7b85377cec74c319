"""A key said to hold a value in capitals is read against the value its records give it (enum_settings.py).

"AdvancedSecurityMode is ENFORCED" where the pool's record says `"AdvancedSecurityMode": "AUDIT"`: the value had
been no fact of the claim, which grounded on the key's name and was ACCEPTed. A value the record gives, inside a
longer value too ("Stop Reason FATAL_ERROR Error Level FATAL"), a key no record gives a value, and a capital word
that does not end its clause ("是 AND 关系", ": ECR reports") decide nothing here.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

POOL = EvidenceRow(
    "c-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "Name": "partners-prod",
            "MfaConfiguration": "OPTIONAL",
            "UserPoolAddOns": {"AdvancedSecurityMode": "AUDIT"},
            "StopReason": "Stop Reason FATAL_ERROR Error Level FATAL",
        },
        indent=2,
    ),
    {"command": "aws cognito-idp describe-user-pool --user-pool-id us-east-1_Qm4ZtR8vN"},
)


def status(draft: str) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [POOL]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "For partners-prod, AdvancedSecurityMode is ENFORCED.",
        "partners-prod 的 AdvancedSecurityMode 为 ENFORCED。",
        "partners-prod: `MfaConfiguration`: REQUIRED, so every user needs MFA.",
        "partners-prod 的 MfaConfiguration 目前是 REQUIRED。",
    ],
)
def test_another_value_than_the_records_is_contradicted(draft: str) -> None:
    assert status(draft) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "For partners-prod, AdvancedSecurityMode is AUDIT.",
        "partners-prod 的 AdvancedSecurityMode 为 AUDIT，MfaConfiguration 为 OPTIONAL。",
        "partners-prod stopped with StopReason FATAL_ERROR.",
        "partners-prod 的 StopReason 为 FATAL_ERROR。",
    ],
)
def test_the_value_the_record_gives_is_not_contradicted(draft: str) -> None:
    assert status(draft) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "partners-prod 的 MfaConfiguration 和 AdvancedSecurityMode 是 AND 关系。",
        "Check whether AdvancedSecurityMode is ENFORCED on partners-prod.",
        "For partners-prod, DeletionProtectionMode is ENFORCED.",
    ],
)
def test_no_value_said_or_no_value_given_decides_nothing(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in [c.status for c in check_draft(draft, [POOL])]
