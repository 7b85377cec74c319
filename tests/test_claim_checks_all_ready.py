"""Readiness said of every member ("all three pods are Running and Ready", "3 个副本都已 Ready") is contradicted by a
record of that listing showing a member not ready: a pod's READY column with fewer containers ready than it
has (`0/1`, `1/2`), a node NotReady. The members a clause names are the ones it speaks of, and the ones named
before it are set apart ("只有 node-7 是 NotReady，其余 3 个都是 Ready"). Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = (
    "NAME                        READY   STATUS    RESTARTS   AGE   IP           NODE\n"
    "mail-relay-7d5f9c6b8-2pxqk  2/2     Running   0          2d    10.9.1.14    pool-b-1\n"
    "mail-relay-7d5f9c6b8-8hzwm  1/2     Running   0          2d    10.9.2.40    pool-b-2\n"
    "mail-relay-7d5f9c6b8-tn4vc  2/2     Running   0          2d    10.9.3.7     pool-b-3\n"
)
NODES = (
    "NAME      STATUS     ROLES    AGE   VERSION\n"
    "node-5    Ready      <none>   90d   v1.30.4\n"
    "node-6    Ready      <none>   90d   v1.30.4\n"
    "node-7    NotReady   <none>   90d   v1.30.4\n"
    "node-8    Ready      <none>   12d   v1.30.4\n"
)


def statuses(draft: str, table: str, args: str) -> list[ClaimStatus]:
    row = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, table, {"args": args})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["All three mail-relay pods are Running and Ready.", "mail-relay 的 3 个副本都是 Running，且都已 Ready。"]
)
def test_a_member_not_ready_contradicts_all_ready(draft: str) -> None:
    assert statuses(draft, PODS, "get pods -l app=mail-relay -o wide") == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    ["Both mail-relay pods on pool-b-1 and pool-b-3 are Ready.", "pool-b-1 和 pool-b-3 上的 mail-relay 都已 Ready。"],
)
def test_the_members_a_clause_names_are_the_ones_it_speaks_of(draft: str) -> None:
    found = statuses(draft, PODS, "get pods -l app=mail-relay -o wide")
    assert found and ClaimStatus.CONTRADICTED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "Of the 4 nodes only node-7 is NotReady; the other 3 are all Ready.",
        "4 个节点里只有 node-7 是 NotReady，其余 3 个都是 Ready。",
    ],
)
def test_the_ones_named_before_are_set_apart(draft: str) -> None:
    found = statuses(draft, NODES, "get nodes")
    assert found and ClaimStatus.CONTRADICTED not in found
