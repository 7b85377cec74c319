"""Who made or changed a record ("silence 7d2e91c4 was created by mlopez", "opened by …", "由 mlopez 创建") is an
actor the record must name: another record's creator does not ground it, a name no call gives is invented.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def silences() -> EvidenceRow:
    body = [
        {
            "id": "7d2e91c4-0b1a-4c2d-9e8f-112233445566",
            "status": {"state": "active"},
            "createdBy": "mlopez",
            "comment": "reindex window",
            "startsAt": "2026-11-06T01:00:00Z",
            "endsAt": "2026-11-06T05:00:00Z",
        },
        {
            "id": "a90c33fe-5d6e-4f70-8a9b-665544332211",
            "status": {"state": "active"},
            "createdBy": "tkaur",
            "comment": "staging rebuild",
            "startsAt": "2026-11-06T00:00:00Z",
            "endsAt": "2026-11-07T00:00:00Z",
        },
    ]
    return EvidenceRow(
        "am-1", "alertmanager_silences", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"url": "/api/v2/silences"}
    )


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [silences()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Silence 7d2e91c4 was created by mlopez.", {ClaimStatus.GROUNDED}),
        ("静默 7d2e91c4 由 mlopez 创建。", {ClaimStatus.GROUNDED}),
        ("Silence 7d2e91c4 was created by tkaur.", {ClaimStatus.UNGROUNDED}),
        ("静默 7d2e91c4 由 tkaur 创建。", {ClaimStatus.UNGROUNDED}),
        ("Silence 7d2e91c4 was created by jdoe.", {ClaimStatus.INVENTED}),
        ("静默 7d2e91c4 由 jdoe 创建。", {ClaimStatus.INVENTED}),
    ],
)
def test_the_creator_of_a_record_is_an_actor_it_must_name(draft: str, expected: set[ClaimStatus]) -> None:
    assert statuses(draft) == expected
