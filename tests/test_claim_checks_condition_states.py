"""A condition said True or False, read against the status its subject's records give it (condition_states.py).

Kubernetes-style conditions ({"type": "Accepted", "status": "True"}, `kubectl describe`'s "Ready  False") carry an
object's state. "rejected by the gateway (Accepted=False)" where the route's own record gives Accepted True had
grounded: the type and the words True and False are all in the record, and nothing read them as a pair.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.condition_states import conditions
from evidence_trace.server.domain.verifier.grounding import check_draft

ROUTE = EvidenceRow(
    "r-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        [
            {"type": "Accepted", "status": "True", "reason": "Accepted", "message": "Route is accepted"},
            {"type": "ResolvedRefs", "status": "False", "reason": "BackendNotFound", "message": "svc missing"},
        ],
        indent=2,
    ),
    {"args": "get httproute billing-web -n payments -o jsonpath='{.status.parents[0].conditions}'"},
)
NODE = EvidenceRow(
    "n-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "Name:               worker-b7\n"
    "Conditions:\n"
    "  Type             Status  LastHeartbeatTime                 Reason                       Message\n"
    "  ----             ------  -----------------                 ------                       -------\n"
    "  MemoryPressure   False   Mon, 07 Dec 2026 10:02:11 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory\n"
    "  DiskPressure     True    Mon, 07 Dec 2026 10:02:11 +0000   KubeletHasDiskPressure       kubelet has disk pressure\n"
    "  Ready            True    Mon, 07 Dec 2026 10:02:11 +0000   KubeletReady                 kubelet is posting ready status\n",
    {"args": "describe node worker-b7"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [ROUTE, NODE]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The billing-web route was rejected by the gateway (Accepted=False).",
        "billing-web 路由被网关拒绝了（Accepted=False）。",
        "billing-web resolves its backend: ResolvedRefs: True.",
        "worker-b7 reports DiskPressure=False.",
        "worker-b7 节点的 Ready 为 False。",
    ],
)
def test_a_status_the_subjects_record_does_not_give_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "The billing-web route was accepted (Accepted=True), but ResolvedRefs=False.",
        "billing-web 路由已被接受（Accepted=True），但 ResolvedRefs 为 False。",
        "worker-b7 reports DiskPressure=True.",
        "worker-b7 节点的 Ready 为 True。",
    ],
)
def test_the_status_the_record_gives_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "Check whether billing-web shows Accepted=False after the change.",
        "如果 worker-b7 的 Ready 为 False，就先把它 cordon 掉。",
    ],
)
def test_a_condition_asked_about_is_no_claim_of_it(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


def test_the_readings_of_records() -> None:
    assert ("Accepted", "True") in set(conditions(ROUTE.preview))
    assert ("ResolvedRefs", "False") in set(conditions(ROUTE.preview))
    assert ("DiskPressure", "True") in set(conditions(NODE.preview))
    assert set(conditions('- type: Ready\n  status: "False"\n- type: Synced\n  status: "True"\n')) == {
        ("Ready", "False"),
        ("Synced", "True"),
    }
    assert ("Ready", "True") in set(conditions("Ready=True;Progressing=False"))
