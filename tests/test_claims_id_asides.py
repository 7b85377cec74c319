"""A noun with its id, an aside, then a verb that tells: a fact, never advice (claim_patterns._ADVICE_START).

"Alert #19 (requests, CVE-2024-35195, medium) is still open" opens with a word that is also an imperative ("alert"),
as "Monitor 7102245 (…) is muted" and "Run 61477 (…) is still inProgress" do. "Silence 5b0c7e94 was created by …"
was already read as a fact; with "#" before the id or an aside between the id and its verb, the sentence was advice,
so nothing of it was checked and a wrong state went through.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.claims import split_claims


def kinds(draft: str) -> list[ClaimKind]:
    return [c.kind for c in split_claims(draft)]


@pytest.mark.parametrize(
    "draft",
    [
        "Alert #19 (requests, CVE-2024-35195, medium) is still open on acme/ml-pipeline.",
        "Monitor 7102245 ([prod] edge-nginx 5xx ratio) is muted by an active downtime.",
        "Alert #412（kafka-lag，critical）is still firing on orders-consumer.",
        "Check 88 (disk, /var) remains failing on db-03.",
    ],
)
def test_an_id_with_an_aside_before_its_verb_is_a_fact(draft: str) -> None:
    assert kinds(draft)[0] == ClaimKind.FACT


@pytest.mark.parametrize(
    "draft",
    [
        "Alert the on-call (Tom or Li) if it fires again.",
        "Restart 2 pods (api-1, api-2) now.",
        "Check the 3 consumers (a, b, c) for lag.",
    ],
)
def test_an_imperative_with_an_aside_stays_advice(draft: str) -> None:
    assert kinds(draft)[0] == ClaimKind.ADVICE
