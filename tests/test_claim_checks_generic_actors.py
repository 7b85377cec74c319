"""Words that name no one ("by automation", "by someone", "or by hand") are no actor a claim asserts: nothing the
evidence must show, never an invented name. A person or a bot named after "by" or "由" is still an actor the
evidence must show. Domain only, offline; rows and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DEPLOY = (
    "NAME             READY   UP-TO-DATE   AVAILABLE   AGE\nledger-consumer  0/0     0            0           301d\n"
)
EVENTS = (
    "LAST SEEN   TYPE     REASON              OBJECT                       MESSAGE\n"
    "22m         Normal   ScalingReplicaSet   deployment/ledger-consumer   Scaled down replica set "
    "ledger-consumer-5d8f7c9b6 to 0 from 2\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    rows = [
        EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, DEPLOY, {"args": "get deploy ledger-consumer"}),
        EvidenceRow("k-2", "kubectl", Outcome.DIRECT_SUPPORT, EVENTS, {"args": "get events"}),
    ]
    return [c.status for c in check_draft(draft, rows) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-consumer was not crashing: it was scaled to zero on purpose or by automation.",
        "ledger-consumer was scaled to zero by someone.",
    ],
)
def test_words_that_name_no_one_are_no_actor_to_show(draft: str):
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["ledger-consumer was scaled to 0 by mkovacs.", "ledger-consumer 由 mkovacs 缩容到 0。"]
)
def test_a_named_actor_must_still_be_shown(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft)
