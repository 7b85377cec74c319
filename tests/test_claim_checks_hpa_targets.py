"""An HPA's metric as `kubectl get hpa` prints it is the current value, then the target (`cpu: 78%/70%`): a claim
giving the current value as the target ("70% against a 78% target", "目标值为 78%") reads them the other way round
and is contradicted (hpa_targets.py). Domain only, offline; rows and phrasings written for these tests, both ways
and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HPA = EvidenceRow(
    "h-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME       REFERENCE             TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n"
    "cart-api   Deployment/cart-api   cpu: 91%/60%   3         12        12         40d\n",
    {"args": "get hpa cart-api -n shop"},
)


def contradicted(draft: str) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, [HPA]))


@pytest.mark.parametrize(
    "draft",
    [
        "cart-api's HPA sits at 12 replicas with CPU at 60% against a 91% target.",
        "cart-api 的 HPA 已到 12 个副本，CPU 60%，目标值为 91%。",
        "cart-api is under its target of 91% CPU.",
    ],
)
def test_the_current_value_given_as_the_target_is_contradicted(draft: str):
    assert contradicted(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "cart-api's HPA is pinned at its max of 12 replicas with CPU at 91% against a 60% target.",
        "cart-api 的 HPA 已到上限 12 个副本，CPU 91%，目标值为 60%。",
    ],
)
def test_the_target_as_printed_is_not_contradicted(draft: str):
    assert not contradicted(draft)
