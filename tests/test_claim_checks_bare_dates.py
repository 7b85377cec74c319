"""A date a claim states without a time ("deactivated on 2027-05-03", "于 2027-05-03 停用", "expires 2027-11-30") is a
fact: when the records naming one of its names write dates, one of them must write that date (as 2027-05-03,
2027/05/03, 20270503, "May 3 … 2027" or "3 May 2027", alone or in a timestamp). Before, the date dropped out of
the check, so a query's start date told as the day an account was deactivated grounded on the claim's other facts.
Records that write no date at all do not judge it, and a date with its time is read by the dated-time check.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

EVENTS = [
    {
        "eventType": "user.lifecycle.deactivate",
        "published": "2027-05-06T08:41:19.552Z",
        "target": [{"alternateId": "j.okonkwo@example.org", "type": "User"}],
        "outcome": {"result": "SUCCESS"},
    }
]
CERT = "subject: CN=pay.example.org\nissuer: CN=Example CA R3\nexpire date: Nov 30 23:59:59 2027 GMT\n"
ROWS = [
    EvidenceRow(
        "o-1",
        "identity_audit_log",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(EVENTS),
        {"since": "2027-05-03T00:00:00Z", "until": "2027-05-10T00:00:00Z"},
    ),
    EvidenceRow("c-1", "shell_exec", Outcome.INDIRECT_SUPPORT, CERT, {"command": "curl -vI https://pay.example.org"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "j.okonkwo@example.org was deactivated on 2027-05-06 (user.lifecycle.deactivate).",
        "j.okonkwo@example.org 于 2027-05-06 被停用（user.lifecycle.deactivate）。",
        "The certificate of pay.example.org expires on 2027-11-30.",
        "pay.example.org 的证书到 2027-11-30 才过期。",
    ],
)
def test_a_date_its_records_write_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "j.okonkwo@example.org was deactivated on 2027-05-03 (user.lifecycle.deactivate).",
        "j.okonkwo@example.org 于 2027-05-03 被停用（user.lifecycle.deactivate）。",
        "The certificate of pay.example.org expires on 2027-05-30.",
        "pay.example.org 的证书到 2028-11-30 才过期。",
    ],
)
def test_another_date_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
