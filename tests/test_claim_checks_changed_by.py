"""Who changed a record, said the way people say it: "由 Priya Nair 关闭", "由 X 本人把状态改成了 in_progress", "03:10 由
l.moreau 分配给 …", "it was assigned to … by l.moreau", "closed by Priya Nair". The actor is a fact the record's own
entry must show; before, a verb of assigning, closing or resolving, a "把 …" between the actor and the verb, and a
full name in a Chinese sentence named no actor, so a change credited to the wrong person grounded on its time alone.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

AUDIT = [
    {"timestamp": "2027-02-03T03:10:05Z", "action": "assign", "actor": "l.moreau", "assigned_to": "Hannah Weiss"},
    {"timestamp": "2027-02-03T03:12:44Z", "action": "update_status", "actor": "l.moreau", "new_status": "in_progress"},
    {"timestamp": "2027-02-03T05:00:10Z", "action": "update_status", "actor": "Priya Nair", "new_status": "closed"},
]
ROWS = [
    EvidenceRow(
        "a-1", "detection_audit", Outcome.INDIRECT_SUPPORT, json.dumps(AUDIT), {"detection_id": "ldt:4c1e:88120"}
    )
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "03:12:44 由 l.moreau 把状态改成了 in_progress。",
        "At 03:12:44 UTC the status was changed to in_progress by l.moreau.",
        "05:00:10 由 Priya Nair 关闭了这条检测。",
        "The detection was closed by Priya Nair at 05:00:10 UTC.",
        "It was assigned to Hannah Weiss by l.moreau at 03:10:05 UTC.",
    ],
)
def test_the_actor_the_entry_shows_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "03:12:44 由 Hannah Weiss 本人把状态改成了 in_progress。",
        "03:12:44 由 hweiss 把状态改成了 in_progress。",
        "05:00:10 由 Hannah Weiss 关闭了这条检测。",
        "The detection was closed by Hannah Weiss at 05:00:10 UTC.",
        "It was assigned to l.moreau by Hannah Weiss at 03:10:05 UTC.",
        "03:10:05 由 Priya Nair 分配给 Hannah Weiss。",
    ],
)
def test_another_actor_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
