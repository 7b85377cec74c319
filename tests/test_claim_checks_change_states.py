"""A DNS change's propagation states are one set (PENDING, INSYNC, as Route 53's ChangeInfo.Status gives them): a
change said to be INSYNC whose record gives PENDING is contradicted, though no record of the session writes INSYNC.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def change(status: str) -> EvidenceRow:
    body = {"ChangeInfo": {"Id": "/change/C0912AB44KDQ7", "Status": status, "SubmittedAt": "2026-11-02T08:14:09.412Z"}}
    return EvidenceRow(
        "c-1",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body, indent=2),
        {"args": "route53 get-change --id C0912AB44KDQ7"},
    )


@pytest.mark.parametrize("draft", ["Change C0912AB44KDQ7 is INSYNC now.", "变更 C0912AB44KDQ7 已经是 INSYNC。"])
def test_the_other_word_of_the_set_contradicts(draft: str) -> None:
    assert statuses(draft, change("PENDING")) == [ClaimStatus.CONTRADICTED]
    assert ClaimStatus.CONTRADICTED not in statuses(draft, change("INSYNC"))


@pytest.mark.parametrize("draft", ["Change C0912AB44KDQ7 is still PENDING.", "变更 C0912AB44KDQ7 仍是 PENDING。"])
def test_the_word_its_record_gives_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, change("PENDING"))


@pytest.mark.parametrize(
    "draft",
    [
        'Change C0912AB44KDQ7 (submitted 08:14:09 UTC, comment "move apex to new ALB") is INSYNC.',
        '变更 C0912AB44KDQ7（08:14:09 UTC 提交，备注 "move apex"）已经是 INSYNC。',
    ],
)
def test_an_aside_between_the_name_and_its_state_keeps_them_one_clause(draft: str) -> None:
    # the comma inside the parenthesis is the aside's, not a break between the change and what it is said to be
    assert statuses(draft, change("PENDING")) == [ClaimStatus.CONTRADICTED]
