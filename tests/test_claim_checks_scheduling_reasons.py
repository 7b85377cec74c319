"""The scheduler's breakdown of why a pod fits no node (`0/9 nodes are available: 3 Insufficient memory, 6 node(s)
had untolerated taint …`) contradicts a reason said of all the nodes ("all 9 nodes lack memory", "9 个节点全都内存
不足") when it gives that reason to fewer; a breakdown told as it is, or a claim of several reasons, is not
contradicted (scheduling_reasons.py). Domain only, offline; rows and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

EVENTS = EvidenceRow(
    "ev-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "LAST SEEN   TYPE      REASON             OBJECT                       MESSAGE\n"
    "3m          Warning   FailedScheduling   pod/etl-runner-5f7d9-qk2lp   0/12 nodes are available: 4 Insufficient cpu, "
    "5 Insufficient memory, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/12 nodes are "
    "available: 12 Preemption is not helpful for scheduling.\n",
    {"command": "kubectl get events -n etl --field-selector reason=FailedScheduling"},
)
ALL_MEMORY = EvidenceRow(
    "ev-2",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "LAST SEEN   TYPE      REASON             OBJECT                      MESSAGE\n"
    "1m          Warning   FailedScheduling   pod/indexer-7c8d6-zz4mn     0/6 nodes are available: 6 Insufficient memory.\n",
    {"command": "kubectl get events -n search"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "etl-runner-5f7d9-qk2lp cannot be scheduled: all 12 nodes lack memory.",
        "etl-runner-5f7d9-qk2lp is Pending because every node is out of CPU.",
        "etl-runner-5f7d9-qk2lp 调度失败，12 个节点全都内存不足。",
        "etl-runner-5f7d9-qk2lp 一直 Pending：所有节点都 CPU 不足。",
    ],
)
def test_a_reason_said_of_all_nodes_is_contradicted_by_a_breakdown_giving_it_to_fewer(draft: str):
    assert ClaimStatus.CONTRADICTED in statuses(draft, EVENTS)


@pytest.mark.parametrize(
    "draft",
    [
        "etl-runner-5f7d9-qk2lp cannot be scheduled: 0/12 nodes are available, 5 lack memory and 4 lack CPU.",
        "etl-runner-5f7d9-qk2lp 调度失败：12 个节点里 5 个内存不足，4 个 CPU 不足，3 个不满足亲和性。",
        "etl-runner-5f7d9-qk2lp 调度失败：所有节点都不可用，原因是内存不足、CPU 不足或亲和性不满足。",
    ],
)
def test_a_breakdown_told_as_it_is_or_several_reasons_are_not_contradicted(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft, EVENTS)


@pytest.mark.parametrize(
    "draft",
    [
        "indexer-7c8d6-zz4mn cannot be scheduled: all 6 nodes lack memory.",
        "indexer-7c8d6-zz4mn 调度失败，6 个节点全都内存不足。",
    ],
)
def test_a_reason_the_scheduler_gives_to_every_node_is_not_contradicted(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ALL_MEMORY)


@pytest.mark.parametrize(
    "draft",
    [
        "etl-runner-5f7d9-qk2lp 调度失败：12 个节点都不可用，其中 5 个内存不足。",
        "etl-runner-5f7d9-qk2lp cannot be scheduled: all 12 nodes are unavailable, 5 of them for lack of memory.",
    ],
)
def test_a_reason_given_to_a_part_after_the_universal_is_not_said_of_all(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft, EVENTS)
