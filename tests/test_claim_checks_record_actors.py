"""Who did the record just told: "…修订 13，是 wangfang 通过 set image 发布的", "…, revision 13, deployed by
wangfang". The actor is that record's, never another row's who did something else.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HISTORY = (
    "deployment.apps/pricing\n"
    "REVISION  CHANGE-CAUSE\n"
    "7         set image pricing=registry.local/shop/pricing:2.4.0 by liqiang\n"
    "8         set image pricing=registry.local/shop/pricing:2.4.1 by chenmin\n"
)


def history() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, HISTORY, {"args": "rollout history deploy/pricing"})


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [history()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("pricing 现在跑的是 2.4.1，对应修订 8，是 chenmin 通过 set image 发布的。", True),
        ("pricing now runs 2.4.1, rollout revision 8, deployed by chenmin.", True),
        ("pricing 现在跑的是 2.4.1，对应修订 8，是 liqiang 通过 set image 发布的。", False),
        ("pricing now runs 2.4.1, rollout revision 8, deployed by liqiang.", False),
    ],
)
def test_the_actor_of_a_record_just_told_is_that_records(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == {ClaimStatus.GROUNDED}) is grounded
