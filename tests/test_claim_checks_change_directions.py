"""Which way a change went ("removed the role", "granted it", "撤销了", "授予了") is the direction its records give:
a GCP audit log's binding delta `action` (ADD / REMOVE), CloudTrail's `eventName` (AttachRolePolicy /
DetachRolePolicy). The other direction there, and the claimed one in no record naming the claim's names,
contradicts the claim; a claim that says both ways is not read so. Domain only, offline; payloads and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

AUDIT = [
    {
        "protoPayload": {
            "authenticationInfo": {"principalEmail": "mara.v@example.org"},
            "methodName": "SetIamPolicy",
            "serviceData": {
                "policyDelta": {
                    "bindingDeltas": [
                        {
                            "action": "REMOVE",
                            "member": "serviceAccount:loader@ingest-prod.iam.gserviceaccount.com",
                            "role": "roles/bigquery.dataEditor",
                        }
                    ]
                }
            },
        },
        "timestamp": "2026-11-20T09:41:07Z",
    }
]
TRAIL = {
    "Events": [
        {
            "EventName": "AttachRolePolicy",
            "EventTime": "2026-11-20T10:02:55Z",
            "Username": "deploy-bot",
            "RoleName": "payments-task-role",
        }
    ]
}


def status(draft: str, body: object) -> ClaimStatus:
    row = EvidenceRow("a-1", "audit_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body, indent=2), {})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "body"),
    [
        ("loader@ingest-prod.iam.gserviceaccount.com was granted the BigQuery data editor role.", AUDIT),
        ("loader@ingest-prod.iam.gserviceaccount.com 被授予了 BigQuery 数据编辑角色。", AUDIT),
        ("At 10:02:55 UTC deploy-bot detached a policy from payments-task-role.", TRAIL),
        ("10:02:55 UTC，deploy-bot 从 payments-task-role 上解绑了一个策略。", TRAIL),
    ],
)
def test_the_other_direction_contradicts(draft: str, body: object) -> None:
    assert status(draft, body) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    ("draft", "body"),
    [
        ("The BigQuery data editor role was removed from loader@ingest-prod.iam.gserviceaccount.com.", AUDIT),
        ("loader@ingest-prod.iam.gserviceaccount.com 的 BigQuery 数据编辑角色被撤销了。", AUDIT),
        ("At 10:02:55 UTC deploy-bot attached a policy to payments-task-role.", TRAIL),
        ("10:02:55 UTC，deploy-bot 给 payments-task-role 绑定了一个策略。", TRAIL),
        ("deploy-bot attached one policy to payments-task-role and removed none from it.", TRAIL),  # both ways
    ],
)
def test_the_record_s_own_direction_stands(draft: str, body: object) -> None:
    assert status(draft, body) != ClaimStatus.CONTRADICTED


INGRESS = {
    "Events": [
        {
            "EventName": "AuthorizeSecurityGroupIngress",
            "EventTime": "2026-11-20T11:14:09Z",
            "Username": "net-admin-7",
            "GroupId": "sg-0c41d9e2a7b35f816",
        }
    ]
}


@pytest.mark.parametrize(
    ("draft", "expected_contradicted"),
    [
        ("net-admin-7 added an ingress rule to sg-0c41d9e2a7b35f816.", False),
        ("net-admin-7 给 sg-0c41d9e2a7b35f816 新增了一条入站规则。", False),
        ("net-admin-7 removed an ingress rule from sg-0c41d9e2a7b35f816.", True),
        ("net-admin-7 删除了 sg-0c41d9e2a7b35f816 的一条入站规则。", True),
    ],
)
def test_an_authorization_is_an_addition(draft: str, expected_contradicted: bool) -> None:
    assert (status(draft, INGRESS) == ClaimStatus.CONTRADICTED) == expected_contradicted
