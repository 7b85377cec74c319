"""A count, then "all" after its comma: "ledger-batch has 3 pods, all Running", "ledger-batch 有 3 个 Pod，全部 Running"
(each_member.all_of_count).

The count says how many records "all" ranges over, as "all 3 pods" does. When the records do not name the subject
themselves (pods named for their app, `worker-…`, listed by a call asked about the namespace `ledger-batch`), the
records of the call asked about it are the range when they are as many as the count: each must show what "all"
says. Before, a count before the comma was not read as the range's size, so one pod in CrashLoopBackOff did not
contradict "3 pods, all Running".
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LEDGER = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                     READY   STATUS             RESTARTS       AGE\n"
    "worker-6d9f7c8b5-2kq7x   1/1     Running            0              3d\n"
    "worker-6d9f7c8b5-9wz4m   1/1     Running            0              3d\n"
    "worker-6d9f7c8b5-tq8vn   0/1     CrashLoopBackOff   14 (2m ago)    3d\n",
    {"args": "get pods -n ledger-batch -l app=worker"},
)
BILLING = EvidenceRow(
    "k-2",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                   READY   STATUS    RESTARTS   AGE\n"
    "web-5f7d8c9b6-4hx2p    1/1     Running   0          9d\n"
    "web-5f7d8c9b6-m7r3t    1/1     Running   0          9d\n",
    {"args": "get pods -n billing-web -l app=web"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [LEDGER, BILLING]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-batch has 3 pods, all Running.",
        "ledger-batch runs 3 pods, each Running.",
        "ledger-batch 有 3 个 Pod，全部 Running。",
        "ledger-batch 下面 3 个 Pod，全部处于 Running。",
    ],
)
def test_one_record_in_another_state_contradicts_the_count_s_all(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "billing-web has 2 pods, all Running.",
        "billing-web runs 2 pods, each Running.",
        "billing-web 有 2 个 Pod，全部 Running。",
        "billing-web 下面 2 个 Pod，全部处于 Running。",
    ],
)
def test_records_that_all_show_it_ground_it(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
