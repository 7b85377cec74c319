"""A count of the others ("the other three replicas are Running", "其余 3 个 Pod 的 CPU 都在 400m 左右") is of a
listing less the records the claim singles out: it holds when one call lists that many more than the ones
the claim names before it (one when it names none) and at least that many of its records show what the claim
says of the others.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = (
    "NAME                          READY   STATUS             RESTARTS      AGE\n"
    "ledger-api-5c9d7f6b8-2xkqp    0/1     CrashLoopBackOff   7 (41s ago)   3d\n"
    "ledger-api-5c9d7f6b8-8qmtz    1/1     Running            0             3d\n"
    "ledger-api-5c9d7f6b8-hv7rn    1/1     Running            0             3d\n"
    "ledger-api-5c9d7f6b8-w5lcd    1/1     Running            0             3d\n"
)


def pods() -> EvidenceRow:
    return EvidenceRow(
        "k-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n ledger"}, format_id="kubectl_table"
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the others named and described: the count is of the listing less the one singled out
        ("The other 3 replicas (`8qmtz`, `hv7rn`, `w5lcd`) are `Running`, 1/1 ready, 0 restarts.", True),
        ("其余 3 个副本（8qmtz、hv7rn、w5lcd）都是 Running，READY 1/1，重启 0 次。", True),
        ("The other 4 replicas (`8qmtz`, `hv7rn`, `w5lcd`) are `Running`, 1/1 ready, 0 restarts.", False),
        ("其余 2 个副本（8qmtz、hv7rn、w5lcd）都是 Running，READY 1/1，重启 0 次。", False),
        ("The other 3 replicas are Running with 0 restarts.", True),
        ("其余 3 个副本都是 Running，重启次数为 0。", True),
        ("ledger-api-5c9d7f6b8-2xkqp is crash-looping; the other three replicas are Running.", True),
        ("The other 4 replicas are Running with 0 restarts.", False),  # the listing has three besides one
        ("其余 2 个副本都是 Running，重启次数为 0。", False),
    ],
)
def test_a_count_of_the_others_is_the_listing_less_the_named(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [pods()]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found
