"""A state said of every member of a counted set is read only against a listing whose state column gives words
of the state's own set: six pods all "Running" say nothing of "all 6 ingesters are ACTIVE in the ring" (a ring
state), while three pools one of which is DEGRADED still contradict "all three pools are ONLINE".

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def pods() -> EvidenceRow:
    text = (
        "NAME           READY   STATUS    RESTARTS   AGE\n"
        "distributor-0  1/1     Running   0          3h\n"
        "distributor-1  1/1     Running   0          3h\n"
        "distributor-2  1/1     Running   0          3h\n"
    )
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": "get pods -l app=distributor"})


def ring() -> EvidenceRow:
    """The ring's members by state, as a metric query returns them."""
    result = [
        {"metric": {"state": state}, "value": [1789374600, count]}
        for state, count in (("ACTIVE", "3"), ("JOINING", "0"), ("LEAVING", "0"), ("PENDING", "0"), ("Unhealthy", "0"))
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    return EvidenceRow(
        "m-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "max by (state) (ring_members)"}
    )


def pools(second: str = "DEGRADED") -> EvidenceRow:
    text = (
        "NAME    SIZE  ALLOC   FREE  HEALTH\n"
        "fast    1.8T   612G  1.2T  ONLINE\n"
        f"bulk    21.8T  14.1T  7.7T  {second}\n"
        "logs    928G   201G   727G  ONLINE\n"
    )
    return EvidenceRow("z-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "zpool list"})


@pytest.mark.parametrize(
    "draft", ["All 3 distributors are ACTIVE in the ring.", "3 个 distributor 在 ring 里都是 ACTIVE。"]
)
def test_a_listing_of_another_set_of_states_does_not_contradict(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, pods(), ring())


@pytest.mark.parametrize("draft", ["All three pools are ONLINE.", "三个池都是 ONLINE。"])
def test_a_listing_of_the_states_own_set_still_decides(draft: str) -> None:
    assert statuses(draft, pools()) == [ClaimStatus.CONTRADICTED]
    assert statuses(draft, pools("ONLINE")) == [ClaimStatus.GROUNDED]
