"""Claim checks on a subject named by two names: a pod or host with its address ("orders-api-…-k2m4x |
10.42.1.18 | 91%"). The address is a fact about the pod, shown by the row that pairs them; the value comes
from another call about the pod (domain only, offline; each both ways, in both languages)."""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


PODS = EvidenceRow(
    "kubectl-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                         READY   STATUS    RESTARTS   AGE   IP            NODE\n"
    "orders-api-7c9d5f6b8-k2m4x   1/1     Running   0          3d    10.42.1.18    ip-10-0-1-21\n"
    "orders-api-7c9d5f6b8-q8w3z   1/1     Running   0          3d    10.42.2.7     ip-10-0-2-44\n",
    {"args": "get pods -n shop -l app=orders-api -o wide"},
)


def prom(id: str, query: str, *series: tuple[dict, str]) -> EvidenceRow:
    body = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": m, "value": [1796866560, v]} for m, v in series]},
    }
    return EvidenceRow(id, "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


CPU = prom(
    "prom-cpu",
    'sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop"}[5m])) / on (pod) '
    'sum by (pod) (kube_pod_container_resource_limits{resource="cpu"})',
    ({"pod": "orders-api-7c9d5f6b8-k2m4x"}, "0.91"),
    ({"pod": "orders-api-7c9d5f6b8-q8w3z"}, "0.23"),
)
TABLE = "| pod | IP | CPU of limit (5m rate) |\n|---|---|---|\n{row}\n"


@pytest.mark.parametrize(
    ("row", "decision"),
    [
        ("| orders-api-7c9d5f6b8-k2m4x | 10.42.1.18 | 91% |", Decision.ACCEPT),
        ("| orders-api-7c9d5f6b8-q8w3z | 10.42.2.7 | 23% |", Decision.ACCEPT),
        # the other pod's address, or the other pod's value
        ("| orders-api-7c9d5f6b8-k2m4x | 10.42.2.7 | 91% |", Decision.LOW_CONFID),
        ("| orders-api-7c9d5f6b8-q8w3z | 10.42.2.7 | 91% |", Decision.LOW_CONFID),
    ],
)
def test_a_table_row_of_a_pod_its_address_and_a_metric_binds_through_the_pod(row: str, decision: Decision) -> None:
    assert judge(TABLE.format(row=row), PODS, CPU) == decision


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("orders-api-7c9d5f6b8-k2m4x (10.42.1.18) is using 91% of its CPU limit.", Decision.ACCEPT),
        ("orders-api-7c9d5f6b8-k2m4x（10.42.1.18）的 CPU 已用到上限的 91%。", Decision.ACCEPT),
        ("orders-api-7c9d5f6b8-k2m4x (10.42.2.7) is using 91% of its CPU limit.", Decision.LOW_CONFID),
        ("orders-api-7c9d5f6b8-k2m4x（10.42.1.18）的 CPU 已用到上限的 23%。", Decision.LOW_CONFID),
    ],
)
def test_a_pod_with_its_address_in_prose_binds_the_same_way(draft: str, decision: Decision) -> None:
    assert judge(draft, PODS, CPU) == decision


@pytest.mark.parametrize(
    "draft",
    [
        "orders-api-7c9d5f6b8-k2m4x and orders-api-7c9d5f6b8-q8w3z are both at 91% of their CPU limit.",
        "orders-api-7c9d5f6b8-k2m4x 和 orders-api-7c9d5f6b8-q8w3z 的 CPU 都到了上限的 91%。",
    ],
)
def test_two_pods_are_two_subjects_never_one_named_twice(draft: str) -> None:
    assert judge(draft, PODS, CPU) != Decision.ACCEPT
