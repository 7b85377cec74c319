"""Schedulable said of every node ("all 3 nodes are Ready and schedulable", "3 个节点都可调度") is contradicted by a
node of that listing that is cordoned (`Ready,SchedulingDisabled`); readiness said of "all N nodes", with no node
named, is read against the `get nodes` listing of that many nodes. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CORDONED = (
    "NAME      STATUS                     ROLES    AGE   VERSION\n"
    "gpu-01    Ready                      <none>   80d   v1.29.8\n"
    "gpu-02    Ready,SchedulingDisabled   <none>   80d   v1.29.8\n"
    "gpu-03    Ready                      <none>   12d   v1.29.8\n"
)
ONE_DOWN = CORDONED.replace("Ready,SchedulingDisabled", "NotReady                ")
ALL_FINE = CORDONED.replace("Ready,SchedulingDisabled", "Ready                   ")


def statuses(draft: str, preview: str) -> list[ClaimStatus]:
    row = EvidenceRow("n-1", "kubectl", Outcome.DIRECT_SUPPORT, preview, {"args": "get nodes -l pool=gpu"})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft", ["All 3 nodes are Ready and schedulable, on v1.29.8.", "3 个节点都是 Ready，且都可调度。"]
)
def test_a_cordoned_node_contradicts_all_schedulable(draft: str):
    assert statuses(draft, CORDONED) == [ClaimStatus.CONTRADICTED]
    assert statuses(draft, ALL_FINE) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize("draft", ["All 3 nodes are Ready.", "3 个节点都是 Ready。"])
def test_all_n_nodes_ready_is_read_against_the_node_listing(draft: str):
    assert statuses(draft, ONE_DOWN) == [ClaimStatus.CONTRADICTED]
    assert statuses(draft, CORDONED) == [ClaimStatus.GROUNDED]  # cordoned is still Ready


def test_a_count_of_other_nodes_is_not_that_listing():
    assert ClaimStatus.CONTRADICTED not in statuses("All 5 nodes are Ready and schedulable.", CORDONED)


@pytest.mark.parametrize(
    "draft", ["gpu-02 is NotReady; the other nodes are all Ready.", "gpu-02 是 NotReady，其余节点都是 Ready。"]
)
def test_the_nodes_set_apart_are_not_the_rest(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ONE_DOWN)
