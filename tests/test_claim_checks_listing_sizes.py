"""A count of the set a call lists, named by what it lists ("among the four brokers", "3 个 PVC 里"), is the
listing's length: it holds when one call asked for that resource lists exactly that many (with the
qualifier in each), never on another listing's length, a cut listing, or a count of what holds of them.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

NODES = (
    "NAME                       CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\n"
    "worker-a1.prod.internal    812m         20%      6120Mi          41%\n"
    "worker-b2.prod.internal    2210m        93%      12800Mi         88%\n"
    "worker-c3.prod.internal    1420m        36%      7010Mi          48%\n"
    "worker-d4.prod.internal    990m         25%      5530Mi          37%\n"
)
PVCS = (
    "NAME             STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE\n"
    "data-kafka-0     Bound     pvc-0b6f1d2e-1111-4c61-9e0a-5b2d7f4a1c38   100Gi      RWO            gp3            31d\n"
    "data-kafka-1     Bound     pvc-7a1e6d40-2222-4f3e-8b15-c6d9e2a07f51   100Gi      RWO            gp3            31d\n"
    "data-kafka-2     Pending                                                                     gp3            6m\n"
)
PODS = (
    "NAME                            READY   STATUS    RESTARTS   AGE\n"
    "indexer-6c9f7b8d5-2kq7x         1/1     Running   0          47m\n"
    "indexer-6c9f7b8d5-8wz4n         1/1     Running   0          47m\n"
    "indexer-6c9f7b8d5-r5m2p         1/1     Running   2          47m\n"
    "queue-proxy-7d8b9c6f4-lx2vd     1/1     Running   0          9d\n"
)


def nodes() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, NODES, {"args": "top nodes"})


def pvcs() -> EvidenceRow:
    return EvidenceRow("k-2", "kubectl", Outcome.DIRECT_SUPPORT, PVCS, {"args": "get pvc -n streaming"})


def pods() -> EvidenceRow:
    return EvidenceRow("k-3", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n search"})


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert len(found) == 1, draft
    return found[0]


@pytest.mark.parametrize(
    ("draft", "row", "expected"),
    [
        ("worker-b2 runs hottest at 93% CPU and 88% memory, the highest among the four nodes.", nodes(), True),
        ("worker-b2 是 4 个节点里负载最高的，CPU 93%、内存 88%。", nodes(), True),
        ("streaming 命名空间 3 个 PVC 中，data-kafka-2 仍是 Pending（6m）。", pvcs(), True),
        ("data-kafka-2 has been Pending for 6m, across the 3 PVCs in the streaming namespace.", pvcs(), True),
        ("indexer-6c9f7b8d5-r5m2p has restarted 2 times, alone among the three indexer pods.", pods(), True),
        ("在这 3 个 indexer pod 里，indexer-6c9f7b8d5-r5m2p 重启了 2 次。", pods(), True),
        # another size of the set: the listing holds 4 nodes, 3 PVCs, 3 indexer pods (4 pods in all)
        ("worker-b2 runs hottest at 93% CPU and 88% memory, the highest among the five nodes.", nodes(), False),
        ("worker-b2 是 6 个节点里负载最高的，CPU 93%、内存 88%。", nodes(), False),
        ("streaming 命名空间 4 个 PVC 中，data-kafka-2 仍是 Pending（6m）。", pvcs(), False),
        ("indexer-6c9f7b8d5-r5m2p has restarted 2 times, alone among the four indexer pods.", pods(), False),
        # the listing of another resource is no size of this one
        ("data-kafka-2 has been Pending for 6m, across the 3 nodes in the streaming namespace.", pvcs(), False),
        ("streaming 命名空间 3 个节点中，data-kafka-2 仍是 Pending（6m）。", pvcs(), False),
    ],
)
def test_a_count_of_a_listed_set_is_the_listings_length(draft: str, row: EvidenceRow, expected: bool) -> None:
    assert (status(draft, row) == ClaimStatus.GROUNDED) is expected


@pytest.mark.parametrize(
    "draft",
    [
        # a count of what holds of them, not the set's size: 3 PVCs are listed, 1 of them Pending
        "There are 3 PVCs Pending in streaming.",
        "一共有 3 个 PVC 处于 Pending。",
        # a part of the set: "2 of the 4", "中有 2 个" need the part counted (one node is above 90%)
        "2 of the 4 nodes are above 90% CPU, worker-b2 at 93%.",
        "4 个节点中有 2 个 CPU 超过 90%，worker-b2 为 93%。",
    ],
)
def test_a_count_of_what_holds_or_of_a_part_is_not_read_as_the_sets_size(draft: str) -> None:
    checks = [c for c in check_draft(draft, [nodes(), pvcs()]) if c.kind == ClaimKind.FACT]
    assert checks and all(c.status != ClaimStatus.GROUNDED for c in checks), [(c.text, c.reason) for c in checks]


@pytest.mark.parametrize(
    "text", ["3 PVCs are Pending.", "The release carries 5 PRs.", "spread over 3 AZs", "2 VMs stopped"]
)
def test_a_count_of_an_acronym_plural_is_a_fact_never_dropped(text: str) -> None:
    # "3 PVCs" was no fact at all: the claim grounded on its other words, whatever the number
    counts = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert (
        len(counts) == 1
        and counts[0].quantity is not None
        and counts[0].quantity.value == int(text.split()[-2 if text[0].isalpha() else 0])
    )


CEPH = (
    "  cluster:\n    health: HEALTH_WARN\n            2 osds down\n"
    "  services:\n    mon: 3 daemons, quorum a,b,c\n    osd: 24 osds: 22 up (since 6m), 24 in\n"
)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("22 of the 24 OSDs are up.", True),
        ("22 of the 24 osds are up.", True),
        ("24 个 OSD 里有 22 个 up。", True),
        ("22 of the 30 OSDs are up.", False),
        ("30 个 OSD 里有 22 个 up。", False),
    ],
)
def test_a_count_stated_under_its_own_noun_is_a_count_not_a_label(draft: str, expected: bool) -> None:
    # "osd: 24 osds" states how many; "Partition: 3" would label one of them
    row = EvidenceRow("c-1", "ssh_exec", Outcome.DIRECT_SUPPORT, CEPH, {"command": "ceph -s"})
    assert (status(draft, row) == ClaimStatus.GROUNDED) is expected


@pytest.mark.parametrize(
    ("text", "value"), [("每个节点分配了 1 块 GPU", 1), ("两块数据盘", 2), ("3 张表被锁", 3), ("38 家商户", 38)]
)
def test_a_count_with_a_chinese_classifier_is_a_fact(text: str, value: int) -> None:
    # 块、张、家、套、组、颗 count as 个 and 台 do: the number was dropped from the claim
    counts = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert [f.quantity.value for f in counts if f.quantity] == [value]


MEMBERS = (
    "GROUP          CONSUMER-ID                                        HOST          CLIENT-ID          #PARTITIONS\n"
    "fraud-scorer   fraud-scorer-0-5d1c2a90-7b7e-4c1a-9d55-0e6b1c2f7a41  /10.31.1.14   fraud-scorer-0     4\n"
    "fraud-scorer   fraud-scorer-1-b81b33c2-6d0e-4f7a-8c19-5b2e4d6f8a10  /10.31.1.37   fraud-scorer-1     4\n"
    "fraud-scorer   fraud-scorer-2-1c9e8d7f-1a2b-4c3d-9e8f-7a6b5c4d3e2f  /10.31.2.5    fraud-scorer-2     4\n"
)
DEPLOY = "NAME           READY   UP-TO-DATE   AVAILABLE   AGE\nfraud-scorer   4/4     4            4           19d\n"


def group_rows() -> list[EvidenceRow]:
    members = {"command": "kafka-consumer-groups.sh --describe --group fraud-scorer --members"}
    return [
        EvidenceRow("kc-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, MEMBERS, members),
        EvidenceRow("kd-1", "kubectl", Outcome.INDIRECT_SUPPORT, DEPLOY, {"args": "get deploy fraud-scorer"}),
    ]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a set's size another listing of the resource contradicts is not grounded by a stray number (4/4 READY)
        ("The fraud-scorer group has 4 consumers online.", False),
        ("fraud-scorer 消费组现在有 4 个消费者在线。", False),
        ("The fraud-scorer group has 3 consumers online.", True),
        ("fraud-scorer 消费组现在有 3 个消费者在线。", True),
        ("fraud-scorer 一共有 3 个成员，每个分到 4 个分区。", True),
        # a count of what holds of some of them, or a part, is not the set's size
        ("2 of the 3 members of fraud-scorer run on 10.31.1.x.", True),
    ],
)
def test_a_set_size_another_listing_of_it_contradicts_is_not_grounded(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, group_rows()) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, (draft, found)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("indexer-6c9f7b8d5-r5m2p restarted 2 times, and the namespace has 5 pods in total.", ClaimStatus.UNGROUNDED),
        ("indexer-6c9f7b8d5-r5m2p 重启了 2 次，命名空间里一共有 5 个 pod。", ClaimStatus.UNGROUNDED),
        ("indexer-6c9f7b8d5-r5m2p restarted 2 times, and the namespace has 4 pods in total.", ClaimStatus.GROUNDED),
        ("indexer-6c9f7b8d5-r5m2p 重启了 2 次，命名空间里一共有 4 个 pod。", ClaimStatus.GROUNDED),
    ],
)
def test_pods_listed_whole_rival_a_count_of_all_pods(draft: str, expected: ClaimStatus) -> None:
    assert status(draft, pods()) == expected
