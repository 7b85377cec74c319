"""A route said to have succeeded is failed only by records of that route whole (polarity._whole_paths).

"The one GET /api/orders in the sample succeeded" was CONTRADICTED by `POST /api/orders/items failed`: a longer
route that begins with it. A record of the route itself that failed still contradicts the success. Domain only,
offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOGS = EvidenceRow(
    "c-1",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    "2026-11-30T08:02:11.301Z ERROR 1 --- [exec-3] o.a.OrderItemsController : POST /api/orders/items failed\n"
    '10.0.4.7 - - [30/Nov/2026:08:02:13 +0000] "GET /api/orders HTTP/1.1" 200 912 0.018\n',
    {"service": "orders-api", "keyword": "/api/orders"},
)


def contradicted(draft: str) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, [LOGS]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "The one GET /api/orders in the sample succeeded (200, 18 ms).",
        "orders-api 的 GET /api/orders 执行成功（200）。",
    ],
)
def test_a_longer_route_does_not_fail_the_route(draft: str) -> None:
    assert not contradicted(draft)


@pytest.mark.parametrize(
    "draft", ["POST /api/orders/items succeeded in the sample.", "orders-api 的 POST /api/orders/items 执行成功。"]
)
def test_the_route_itself_failing_still_contradicts(draft: str) -> None:
    assert contradicted(draft)
