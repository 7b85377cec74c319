"""A state said of each of a list of names ("sbq-orders-01、sbq-refunds-01、sbq-audit-01 都是 Active", "all three queues (sbq-orders-01,
sbq-refunds-01, sbq-audit-01) are Active") is read against each name's own record in a listing with a state column: one
whose record gives another word (SendDisabled) contradicts the claim, and all giving the word ground it. A name
with no such record (the namespace the queues are in) is passed over for a contradiction. Before, the names were
checked one by one and the shared state against none of them. Written from heldout53 azure_event_hubs-07 after its
first contact; domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

QUEUES = """Name            Location    Status        MaxSizeInMegabytes    MessageCount
sbq-orders-01   eastus      Active        1024                  12
sbq-refunds-01  eastus      SendDisabled  1024                  0
sbq-audit-01    eastus      Active        2048                  3
"""
ROWS = [
    EvidenceRow(
        "q-1",
        "az_cli",
        Outcome.INDIRECT_SUPPORT,
        QUEUES,
        {"args": "servicebus queue list --namespace-name sb-pay-east"},
    )
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "sbq-orders-01、sbq-refunds-01、sbq-audit-01 都是 Active 状态。",
        "sb-pay-east 下 3 个队列（sbq-orders-01、sbq-refunds-01、sbq-audit-01）都是 Active。",
        "All three queues (sbq-orders-01, sbq-refunds-01, sbq-audit-01) are Active.",
        "Both sbq-orders-01 and sbq-refunds-01 are Active.",
    ],
)
def test_a_state_said_of_each_name_is_contradicted_by_one_records_other_state(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "sbq-orders-01 和 sbq-audit-01 都是 Active。",
        "Both sbq-orders-01 and sbq-audit-01 are Active.",
        "In sb-pay-east, sbq-orders-01 and sbq-audit-01 are both Active.",
    ],
)
def test_a_state_each_name_holds_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]
