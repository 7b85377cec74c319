"""A state said of every alert a claim lists is read in each alert's own record (listed_states.py).

"Two alerts are firing for order-service: HighErrorRate and DBConnectionPoolSaturation" where the second is pending:
the state is said of both, and the second's record contradicts it, though the first's shows it. A state said of one
of them only ("A is firing and B is pending"), or a state both records show, decides nothing here.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def alerts(second: str) -> EvidenceRow:
    listed = [
        {"labels": {"alertname": "HighErrorRate", "service": "order-service"}, "state": "firing"},
        {"labels": {"alertname": "DBConnectionPoolSaturation", "service": "order-service"}, "state": second},
    ]
    return EvidenceRow(
        "p-1",
        "query_metrics",
        Outcome.DIRECT_SUPPORT,
        json.dumps({"status": "success", "data": {"alerts": listed}}),
        {"endpoint": "/api/v1/alerts"},
    )


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "Two alerts are firing for order-service: HighErrorRate and DBConnectionPoolSaturation.",
        "For order-service, 2 alerts are firing: HighErrorRate and DBConnectionPoolSaturation.",
        "order-service 有两条告警正在 firing：HighErrorRate、DBConnectionPoolSaturation。",
    ],
)
def test_a_state_said_of_each_listed_alert(draft: str) -> None:
    assert status(draft, alerts("pending")) == ClaimStatus.CONTRADICTED
    assert status(draft, alerts("firing")) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "Both HighErrorRate and DBConnectionPoolSaturation are firing for order-service.",
        "order-service 的 HighErrorRate 和 DBConnectionPoolSaturation 都在 firing。",
    ],
)
def test_a_state_one_listed_alert_lacks_is_not_shown(draft: str) -> None:
    assert status(draft, alerts("pending")) != ClaimStatus.GROUNDED
    assert status(draft, alerts("firing")) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "For order-service, HighErrorRate is firing and DBConnectionPoolSaturation is pending.",
        "order-service 的 HighErrorRate 在 firing，DBConnectionPoolSaturation 是 pending。",
    ],
)
def test_a_state_said_of_one_of_them(draft: str) -> None:
    assert status(draft, alerts("pending")) == ClaimStatus.GROUNDED
