"""What "all" says of the members a count lists in its parenthesis ("crm-restore 下 3 个 Pod（a、b、c）全部 Running"):
the listed members, each of whose records must show it, never the namespace or host they are in. Domain only,
offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def pods(web_status: str) -> EvidenceRow:
    return EvidenceRow(
        "kubectl-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "NAME                         READY   STATUS    RESTARTS   AGE\n"
        "shop-api-6d9f7c8b5-k2x4p     1/1     Running   0          12m\n"
        "shop-api-6d9f7c8b5-m7r2t     1/1     Running   0          12m\n"
        "shop-db-0                    1/1     Running   0          12m\n"
        f"shop-web-7b8c9d6f4-q9z8w     1/1     {web_status:<17} 0          12m\n",
        {"args": "get pods -n shop-restore"},
    )


# the restore that made the namespace, in a listing of its own with its own status
RESTORE = EvidenceRow(
    "velero-1",
    "velero",
    Outcome.INDIRECT_SUPPORT,
    "NAME                          BACKUP              STATUS            STARTED\n"
    "shop-restore-20261201031002   nightly-20261201    PartiallyFailed   2026-12-01 03:10:02 +0000 UTC\n",
    {"args": "restore get"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (row, RESTORE)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "shop-restore 下 4 个 Pod（shop-api ×2、shop-db-0、shop-web）全部 1/1 Running、0 次重启。",
        "In shop-restore, all 4 pods (shop-api ×2, shop-db-0 and shop-web) are 1/1 Running with 0 restarts.",
    ],
)
def test_the_members_are_the_listed_ones_not_the_namespace_they_are_in(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, pods("Running"))
    # one listed member in another state: never grounded
    assert ClaimStatus.GROUNDED not in statuses(draft, pods("CrashLoopBackOff"))
