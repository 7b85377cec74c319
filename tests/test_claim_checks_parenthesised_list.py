"""A count's list in parentheses ends at the parenthesis (intervals.enumerated_counts).

"2 个 provider（10.8.3.21、10.8.5.17）都打满了，order-center 重试 4 次也失败": the two names in the parenthesis
are what the count counts; a name the claim goes on to give after it (order-center) is another subject, never a
third member. So a count as large as the parenthesis's list is the writer's own enumeration, and a count of
another size ("3 providers (a and b), and order-center …") is a fact the evidence must show, as it is without
the trailing name.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DUBBO = EvidenceRow(
    "logs-1",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    "2026-12-01 10:02:11.201 WARN [DubboServerHandler-10.8.3.21:20880] Thread pool is EXHAUSTED! "
    "Pool Size: 200 (active: 200, core: 200, max: 200)\n"
    "2026-12-01 10:02:11.348 WARN [DubboServerHandler-10.8.5.17:20880] Thread pool is EXHAUSTED! "
    "Pool Size: 200 (active: 200, core: 200, max: 200)\n"
    "2026-12-01 10:02:12.004 ERROR [order-center] RpcException: Failed to invoke the method pay in the service "
    "com.acme.PayService. Tried 4 times, last provider 10.8.5.17:20880\n"
    "2026-12-01 10:02:12.377 ERROR [refund-worker] RpcException: Failed to invoke the method refund in the service "
    "com.acme.PayService. Tried 4 times, last provider 10.8.3.21:20880\n",
    {"query": "EXHAUSTED OR RpcException", "since": "15m"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [DUBBO]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "2 providers (10.8.3.21 and 10.8.5.17) have EXHAUSTED thread pools; order-center and refund-worker "
        "each failed after 4 tries.",
        "Both of the 2 providers (10.8.3.21, 10.8.5.17) report an EXHAUSTED pool, while order-center and "
        "refund-worker gave up after 4 tries.",
        "2 个 provider（10.8.3.21、10.8.5.17）的线程池都 EXHAUSTED 了，order-center 重试 4 次也失败。",
        "两个 provider（10.8.3.21、10.8.5.17）线程池都是 EXHAUSTED，order-center、refund-worker 都重试了 4 次。",
    ],
)
def test_a_count_as_long_as_its_parenthesis_is_the_writers_enumeration(draft: str) -> None:
    assert statuses(draft) and all(s == ClaimStatus.GROUNDED for s in statuses(draft))


@pytest.mark.parametrize(
    "draft",
    [
        "3 providers (10.8.3.21 and 10.8.5.17) have EXHAUSTED thread pools, and order-center failed after 4 tries.",
        "All 3 providers (10.8.3.21, 10.8.5.17) report an EXHAUSTED pool; order-center gave up after 4 tries.",
        "3 个 provider（10.8.3.21、10.8.5.17）的线程池都 EXHAUSTED 了，order-center 重试 4 次也失败。",
        "三个 provider（10.8.3.21、10.8.5.17）线程池都是 EXHAUSTED，order-center 重试了 4 次。",
    ],
)
def test_a_name_after_the_parenthesis_is_no_member_of_its_count(draft: str) -> None:
    found = statuses(draft)
    assert found and not all(s == ClaimStatus.GROUNDED for s in found)
