"""A state a record gives by an enum's qualified name (a Python client's repr: Prefect's `status=WorkPoolStatus.READY`,
`state=<StateType.FAILED: 'FAILED'>`) is that value (latest_state._CELL): "the pool's status is READY" is the state
the record gives. Before, the class name was read as the state and a correct answer was contradicted. Another state
is still not grounded. Domain only, offline; records and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

POOL = EvidenceRow(
    "p-1",
    "prefect_cli",
    Outcome.INDIRECT_SUPPORT,
    "WorkPool(\n    name='etl-k8s',\n    type='kubernetes',\n    is_paused=False,\n    concurrency_limit=8,\n"
    "    status=WorkPoolStatus.READY,\n)",
    {"command": "prefect work-pool inspect etl-k8s"},
)
RUN = EvidenceRow(
    "p-2",
    "prefect_cli",
    Outcome.DIRECT_SUPPORT,
    "FlowRun(\n    name='nightly-orders-sync',\n    state=<StateType.FAILED: 'FAILED'>,\n    run_count=3,\n)",
    {"command": "prefect flow-run inspect nightly-orders-sync"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(("draft", "row"), [("The work pool's status is READY.", POOL), ("工作池状态是 READY。", POOL)])
def test_the_qualified_value_is_the_state(draft: str, row: EvidenceRow) -> None:
    assert statuses(draft, row) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "row"), [("The flow run's state is RUNNING.", RUN), ("这次 flow run 的状态是 RUNNING。", RUN)]
)
def test_another_state_is_not_grounded(draft: str, row: EvidenceRow) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, row)
