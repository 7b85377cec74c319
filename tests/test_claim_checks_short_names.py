"""Pods named by their generated suffix ("m4q7z" for ledger-api-6b9d8c7f5-m4q7z), restart counts of none, and
counts stated after the window they were counted in. Domain only, offline; phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = """NAME                         READY   STATUS             RESTARTS        AGE   IP            NODE
ledger-api-6b9d8c7f5-m4q7z   1/1     Running            0               3h    10.12.4.18    node-a1
ledger-api-6b9d8c7f5-t2wx8   1/1     Running            0               3h    10.12.5.22    node-b3
ledger-api-6b9d8c7f5-k9r3p   0/1     CrashLoopBackOff   9 (40s ago)     3h    10.12.6.7     node-c2
"""


def pods() -> EvidenceRow:
    return EvidenceRow(
        "kc-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"command": "kubectl get pods -n ledger -o wide"}
    )


def restarts_topk() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"pod": "ledger-api-6b9d8c7f5-k9r3p"}, "value": [1767225600, "9"]},
                {"metric": {"pod": "ledger-api-6b9d8c7f5-t2wx8"}, "value": [1767225600, "1"]},
            ],
        },
    }
    query = 'topk(10, increase(kube_pod_container_status_restarts_total{namespace="ledger"}[1h]) > 0)'
    return EvidenceRow("prom-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    checks = check_draft(draft, rows or (pods(),))
    return [c.status for c in checks if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("m4q7z and t2wx8 are Running with no restarts.", True),
        ("k9r3p is in CrashLoopBackOff with 9 restarts.", True),
        ("m4q7z 和 t2wx8 都是 Running，没有重启过。", True),
        ("k9r3p 处于 CrashLoopBackOff，已经重启 9 次。", True),
        # the suffix names the pod, so the pod's own row must show the rest
        ("m4q7z is in CrashLoopBackOff with 9 restarts.", False),
        ("k9r3p and t2wx8 are Running with no restarts.", False),
        ("t2wx8 处于 CrashLoopBackOff，已经重启 9 次。", False),
        ("m4q7z、k9r3p 都是 Running，没有重启过。", False),
    ],
)
def test_a_pods_suffix_names_the_pod(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


def test_a_suffix_no_listing_names_is_no_pod() -> None:
    """A word shaped like a suffix that ends no name of the session ("x7y8z") is not read as a pod."""
    checks = check_draft("x7y8z is Running with no restarts.", (pods(),))
    assert all("x7y8z" not in fact for c in checks for fact in c.facts)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-api-6b9d8c7f5-m4q7z is Running with 0 restarts.", True),
        ("ledger-api-6b9d8c7f5-t2wx8: Running, zero restarts.", True),
        ("ledger-api-6b9d8c7f5-m4q7z 状态 Running，重启 0 次。", True),
        ("ledger-api-6b9d8c7f5-k9r3p is Running with 0 restarts.", False),
        ("ledger-api-6b9d8c7f5-k9r3p 状态 Running，重启 0 次。", False),
        ("ledger-api-6b9d8c7f5-m4q7z 是 Running，0 次重启。", True),
        ("ledger-api-6b9d8c7f5-t2wx8：Running、0 次 重启。", True),
        ("ledger-api-6b9d8c7f5-k9r3p 是 Running，0 次重启。", False),
    ],
)
def test_a_count_of_none_denies_the_event_and_is_checked_itself(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded
    assert not any(f.kind == FactKind.EVENT for f in extract_facts(draft) if "0" in draft or "zero" in draft)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Over the last hour 2 pods restarted.", True),
        ("最近 1 小时有 2 个 pod 发生过重启。", True),
        ("过去一小时 2 个 pod 重启过。", True),
        # 10 is what the query asked for (topk), not what it found
        ("Over the last hour 10 pods restarted.", False),
        ("最近 1 小时有 10 个 pod 发生过重启。", False),
        ("过去一小时 10 个 pod 重启过。", False),
    ],
)
def test_a_count_after_its_window_is_a_result(draft: str, grounded: bool) -> None:
    assert (statuses(draft, restarts_topk()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The two pods m4q7z and t2wx8 are Running.", True),
        ("另外两个 pod m4q7z、t2wx8 都是 Running。", True),
        ("The four pods m4q7z and t2wx8 are Running.", False),
        ("另外四个 pod m4q7z、t2wx8 都是 Running。", False),
    ],
)
def test_a_count_the_names_right_after_it_give(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-api-6b9d8c7f5-m4q7z and ledger-api-6b9d8c7f5-t2wx8 are Running.", True),
        ("ledger-api-6b9d8c7f5-m4q7z 和 ledger-api-6b9d8c7f5-t2wx8 都是 Running。", True),
        ("ledger-api-6b9d8c7f5-m4q7z、ledger-api-6b9d8c7f5-t2wx8 都处于 Running。", True),
        # what the part after the names says is said of every name before it
        ("ledger-api-6b9d8c7f5-k9r3p and ledger-api-6b9d8c7f5-t2wx8 are Running.", False),
        ("ledger-api-6b9d8c7f5-k9r3p 和 ledger-api-6b9d8c7f5-t2wx8 都是 Running。", False),
        ("ledger-api-6b9d8c7f5-k9r3p、ledger-api-6b9d8c7f5-m4q7z 都处于 Running。", False),
    ],
)
def test_names_before_a_shared_predicate_each_take_it(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-api-6b9d8c7f5-t2wx8 is Running with zero restarts.", True),
        ("ledger-api-6b9d8c7f5-k9r3p has nine restarts.", True),
        ("ledger-api-6b9d8c7f5-m4q7z 状态 Running，重启 0 次。", True),
        ("ledger-api-6b9d8c7f5-k9r3p 状态 CrashLoopBackOff，重启 9 次。", True),
        ("ledger-api-6b9d8c7f5-k9r3p is Running with zero restarts.", False),
        ("ledger-api-6b9d8c7f5-k9r3p has two restarts.", False),
        ("ledger-api-6b9d8c7f5-k9r3p 状态 Running，重启 0 次。", False),
        ("ledger-api-6b9d8c7f5-k9r3p 状态 CrashLoopBackOff，重启 5 次。", False),
    ],
)
def test_counts_in_words_and_a_verb_with_its_count_are_facts(draft: str, grounded: bool) -> None:
    """ "zero restarts" counts restarts; "重启 0 次" reports restarts (never the advice "restart!")."""
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded


RS_AND_SVC = """Name:              inventory
Namespace:         retail
Selector:          app=inventory
Type:              ClusterIP
IP:                10.96.14.201
Port:              http  8080/TCP
Endpoints:         <none>
---
NAME                                DESIRED   CURRENT   READY   AGE
ledger-api-58c6d9b7f4               3         3         3       3h
ledger-api-7c4f9b2d1                0         0         0       9d
---
NAME        REFERENCE               TARGETS   MINPODS   MAXPODS   REPLICAS
ledger-api  Deployment/ledger-api   93%/70%   3         12        12
"""


def described() -> EvidenceRow:
    return EvidenceRow("kc-2", "kubectl", Outcome.DIRECT_SUPPORT, RS_AND_SVC, {"command": "kubectl describe"})


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        # names the rows give in another layout: a namespace/name, aligned columns, a ReplicaSet's pods
        ("`retail/inventory` has no endpoints (`Endpoints: <none>`).", False),
        ("`retail/inventory` 这个 Service 没有 Endpoint（`Endpoints: <none>`）。", False),
        ("The ReplicaSet ledger-api-6b9d8c7f5 has 3 pods, ledger-api-6b9d8c7f5-m4q7z among them.", False),
        ("HPA 已经到顶：12/12 个副本。", False),
        ("The HPA is at its ceiling: 12/12 replicas.", False),
        ("The restarts come from `increase(...[1h])` over ledger-api-6b9d8c7f5-k9r3p.", False),
        # names no row gives in any layout
        ("`retail/catalog` has no endpoints.", True),
        ("`billing/inventory` 这个 Service 没有 Endpoint。", True),
        ("The ReplicaSet ledger-api-5d2e8a9f3 has 3 pods.", True),
        ("Pods of ledger-api-5d2e8a9f3 keep restarting.", True),
    ],
)
def test_names_the_rows_give_in_another_layout_are_not_invented(draft: str, invented: bool) -> None:
    found = statuses(draft, pods(), described())
    assert (ClaimStatus.INVENTED in found) is invented, found
