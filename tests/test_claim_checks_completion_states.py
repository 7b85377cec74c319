"""An operation said to have completed is read against its own records (completion_states.py).

"The scale-up (operation 9d2f7c41…) has completed successfully" where that operation's row says `InProgress` at 65%:
the completion had been no fact of the claim, which grounded on the pool's name and the operation's id and was
ACCEPTed. An operation its records show finished, a completion denied ("has not completed yet", "还没完成"), and a
subject whose records show neither word decide nothing; "Running" is no state under way here (a service's pods run
when its rollout has completed).
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

OPERATIONS = EvidenceRow(
    "az-1",
    "az_cli",
    Outcome.INDIRECT_SUPPORT,
    "Name                                  Operation    PercentComplete    StartTime                         State\n"
    "------------------------------------  -----------  -----------------  --------------------------------  ----------\n"
    "9d2f7c41-0b6a-4e38-a5d1-3c8e0f2b7a96  UPDATE       65                 2026-11-03T02:00:41.553000+00:00  InProgress\n"
    "5a1e8b03-7c4d-49f2-b0e6-d2a9c7f15e84  UPDATE       100                2026-10-27T02:00:38.210000+00:00  Succeeded\n",
    {"command": "az sql elastic-pool op list -g crm --server crm-sql --elastic-pool ep-crm-gp -o table"},
)
PODS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                        READY   STATUS    RESTARTS   AGE\nledger-api-7c9f5d6b8-2xkqz  1/1     Running   0          4m\n",
    {"args": "get pods -n ledger -l app=ledger-api"},
)


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "The scale-up on ep-crm-gp (operation 9d2f7c41…) has completed successfully.",
        "Operation 9d2f7c41 on ep-crm-gp has finished.",
        "ep-crm-gp 的扩容操作（9d2f7c41…）已经完成。",
        "ep-crm-gp 上的 9d2f7c41 操作已成功完成。",
    ],
)
def test_a_completion_its_record_shows_under_way_is_contradicted(draft: str) -> None:
    assert status(draft, OPERATIONS) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "The previous scale-up on ep-crm-gp (operation 5a1e8b03…) has completed successfully.",
        "ep-crm-gp 上一次的 5a1e8b03 操作已经完成。",
        "The scale-up on ep-crm-gp (operation 9d2f7c41…) has not completed yet.",
        "ep-crm-gp 的扩容操作（9d2f7c41…）还没完成。",
    ],
)
def test_a_finished_or_denied_completion_is_not_contradicted(draft: str) -> None:
    assert status(draft, OPERATIONS) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    ["The ledger-api rollout has completed: ledger-api-7c9f5d6b8-2xkqz is Running.", "ledger-api 的发布已经完成。"],
)
def test_running_pods_are_no_state_under_way(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in [c.status for c in check_draft(draft, [PODS])]
