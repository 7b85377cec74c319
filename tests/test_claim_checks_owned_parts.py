"""A part of one object's output is that object's: a container's state or an event line of a `kubectl
describe` names the described pod (and its node), and a nested record of a JSON response names the element
whose list holds it (a node's deciders). Facts about the object from such a part ground together with the
object's name; another object's part still contradicts or fails to ground. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import BY_ID
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DESCRIBE = """Name:             billing-api-7d9f8c6b5-q4wzk
Namespace:        billing
Priority:         0
Node:             ip-10-8-3-44.ec2.internal/10.8.3.44
Start Time:       Thu, 03 Dec 2026 07:12:40 +0000
Labels:           app=billing-api
Status:           Running
Containers:
  billing-api:
    Image:          registry.example.com/billing/billing-api:4.2.1
    State:          Running
      Started:      Thu, 03 Dec 2026 09:02:11 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Ready:          True
    Restart Count:  6
    Limits:
      memory:  768Mi
Events:
  Type     Reason   Age                 From     Message
  ----     ------   ----                ----     -------
  Warning  BackOff  4m (x23 over 51m)   kubelet  Back-off restarting failed container billing-api
"""

OTHER_POD = """NAME                          READY   STATUS    RESTARTS   AGE
billing-api-7d9f8c6b5-m2hxt   1/1     Running   0          3h
"""


def describe_rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow(
            "k-1", "kubectl", Outcome.DIRECT_SUPPORT, DESCRIBE, {"args": "describe pod billing-api-7d9f8c6b5-q4wzk"}
        ),
        EvidenceRow("k-2", "kubectl", Outcome.INDIRECT_SUPPORT, OTHER_POD, {"args": "get pods -n billing"}),
    )


def fact_statuses(draft: str, rows: tuple[EvidenceRow, ...]) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def test_every_part_of_a_description_after_its_fields_names_the_object() -> None:
    records = list(BY_ID["kubectl_describe"].records(Preview(DESCRIBE, "kubectl")))
    container = next(r for r in records if "OOMKilled" in r.text)
    event = next(r for r in records if "BackOff" in r.text)
    opener = next(r for r in records if r.text.startswith("Containers:"))
    assert "billing-api-7d9f8c6b5-q4wzk" in container.text and "ip-10-8-3-44.ec2.internal" in event.text
    assert "billing-api-7d9f8c6b5-q4wzk" not in opener.text  # a block's opening line says nothing of the pod
    # the appended name brings no numbers: the container's are its own
    assert {n.value for n in container.numbers()} >= {137.0, 6.0} and 10.8 not in {n.value for n in container.numbers()}


@pytest.mark.parametrize(
    "draft",
    [
        "q4wzk was last OOMKilled with exit code 137.",
        "billing-api-7d9f8c6b5-q4wzk 上一次退出原因是 OOMKilled，Exit Code 137。",
        "On ip-10-8-3-44.ec2.internal, kubelet backed off restarting q4wzk 23 times in 51 minutes.",
        "q4wzk 在 ip-10-8-3-44.ec2.internal 上被 kubelet BackOff 了 23 次。",
    ],
)
def test_a_containers_state_or_an_event_grounds_with_the_described_pods_name(draft: str) -> None:
    assert fact_statuses(draft, describe_rows()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "m2hxt was last OOMKilled with exit code 137.",  # the other pod: no part of its own says so
        "billing-api-7d9f8c6b5-m2hxt 上一次退出原因是 OOMKilled。",
        "On ip-10-8-3-44.ec2.internal, kubelet backed off restarting q4wzk 41 times.",  # another count
        "q4wzk 的内存 limit 是 2Gi。",  # another limit
    ],
)
def test_another_pods_or_another_value_still_does_not_ground(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in fact_statuses(draft, describe_rows())


EXPLAIN = {
    "index": "audit-2026.12.03",
    "shard": 1,
    "primary": False,
    "current_state": "unassigned",
    "node_allocation_decisions": [
        {
            "node_name": "search-data-a",
            "node_decision": "no",
            "deciders": [{"decider": "same_shard", "decision": "NO", "explanation": "a copy is already here"}],
        },
        {
            "node_name": "search-data-b",
            "node_decision": "no",
            "deciders": [
                {
                    "decider": "disk_threshold",
                    "decision": "NO",
                    "explanation": "the node is above the low watermark [85%], actual used: [88.4%]",
                }
            ],
        },
    ],
}


def explain_rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow(
            "es-1",
            "es_search",
            Outcome.INDIRECT_SUPPORT,
            json.dumps(EXPLAIN),
            {"path": "/_cluster/allocation/explain"},
            format_id="generic_json",
        ),
    )


def test_a_nested_record_names_the_element_whose_list_holds_it() -> None:
    records = list(BY_ID["generic_json"].records(Preview(json.dumps(EXPLAIN), "es_search")))
    decider = next(r for r in records if "disk_threshold" in r.text)
    assert 'node_name="search-data-b"' in decider.text
    assert {n.value for n in decider.numbers()} >= {85.0, 88.4}


@pytest.mark.parametrize(
    "draft",
    [
        "search-data-b refuses the replica: disk_threshold, 88.4% used.",
        "search-data-b 上 disk_threshold 判定为 NO，磁盘已用 88.4%。",
        "search-data-a: the same_shard decider says NO.",
    ],
)
def test_a_nodes_decider_grounds_with_the_nodes_name(draft: str) -> None:
    assert fact_statuses(draft, explain_rows()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "search-data-a refuses the replica: disk_threshold, 88.4% used.",  # the other node's decider
        "search-data-b 上 same_shard 判定为 NO。",
    ],
)
def test_another_nodes_decider_does_not_ground(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in fact_statuses(draft, explain_rows())
