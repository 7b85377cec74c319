"""A count that only says how many names a range gives ("all 5 nodes (cb-node-1 through cb-node-5)", "pay-w-01 到
pay-w-04 共 4 个节点", "web01–web03 (3 hosts)") is their number: the names are checked, not the count again
(before, the count waited for a unit that shows it beside both ends, which no record of one node does). A count
the range does not give ("5 个节点" of pay-w-01 to pay-w-04) is still a count to show, an end the session never
names is still invented, and "from db-01 to db-02" is a move, not a range. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.intervals import enumerated_counts
from evidence_trace.server.domain.verifier.name_ranges import named_siblings


def nodes(count: int) -> EvidenceRow:
    body = {"nodes": [{"hostname": f"kv-node-{i}.prod:8091", "status": "healthy"} for i in range(1, count + 1)]}
    return EvidenceRow(
        "n-1", "shell_exec", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"command": "curl /pools/default"}
    )


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "All 4 nodes (kv-node-1 through kv-node-4) report healthy.",
        "4 个节点（kv-node-1 到 kv-node-4）都是 healthy。",
        "kv-node-1 到 kv-node-4 共 4 个节点，状态都是 healthy。",
        "kv-node-1 through kv-node-4 (4 nodes) report healthy.",
    ],
)
def test_a_count_of_the_names_a_range_gives_is_their_number(draft: str) -> None:
    assert statuses(draft, nodes(4)) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("kv-node-1 到 kv-node-4 共 5 个节点，状态都是 healthy。", ClaimStatus.UNGROUNDED),
        ("All 5 nodes (kv-node-1 through kv-node-4) report healthy.", ClaimStatus.UNGROUNDED),
        ("All 5 nodes (kv-node-1 through kv-node-5) report healthy.", ClaimStatus.INVENTED),
        ("5 个节点（kv-node-1 到 kv-node-5）都是 healthy。", ClaimStatus.INVENTED),
    ],
)
def test_a_count_the_range_does_not_give_or_an_end_never_named_is_not_grounded(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, nodes(4)) == [status]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("pay-w-01 到 pay-w-04", ["pay-w-01", "pay-w-02", "pay-w-03", "pay-w-04"]),
        ("web8–web10", ["web8", "web9", "web10"]),
        ("session-redis-node-0/1/2", ["session-redis-node-0", "session-redis-node-1", "session-redis-node-2"]),
        ("failed over from orders-db-01 to orders-db-02", []),
        ("从 es-data-3 到 es-data-6", []),
        ("es-data-3 to es-data-900", []),  # no enumeration anyone checked
    ],
)
def test_the_names_of_a_range_or_a_set(text: str, names: list[str]) -> None:
    assert [n for _, found in named_siblings(text) for n in found] == names


@pytest.mark.parametrize(
    "draft", ["kv-node-1 through kv-node-4 report healthy.", "kv-node-1 到 kv-node-4 都是 healthy。"]
)
def test_a_name_between_a_ranges_ends_is_checked_too(draft: str) -> None:
    body = {"nodes": [{"hostname": f"kv-node-{i}.prod:8091", "status": "healthy"} for i in (1, 2, 4)]}
    gap = EvidenceRow(
        "n-2", "shell_exec", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"command": "curl /pools/default"}
    )
    assert statuses(draft, gap) == [ClaimStatus.INVENTED]
    assert statuses(draft, nodes(4)) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "text",
    [
        "pay.example.net 和 www.pay.example.net 两个域名的 p99 都是 120 ms",
        "pay.example.net、www.pay.example.net 两个域名的 p99 都是 120 ms",
    ],
)
def test_a_name_that_is_anothers_tail_is_still_one_of_the_list(text: str) -> None:
    facts = extract_facts(text)
    counts = {
        i for i, f in enumerate(facts) if f.kind == FactKind.COUNT and f.quantity is not None and f.quantity.value == 2
    }
    assert counts and counts <= enumerated_counts(text, facts)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("kv-node-1～3 都是 healthy", ["kv-node-1", "kv-node-2", "kv-node-3"]),
        ("v_ops_node0007~0009 are UP", ["v_ops_node0007", "v_ops_node0008", "v_ops_node0009"]),
        ("hosts 10.9.4.21–23 are reachable", ["10.9.4.21", "10.9.4.22", "10.9.4.23"]),
        ("cache-07 到 09 已经重启", ["cache-07", "cache-08", "cache-09"]),
    ],
)
def test_a_range_whose_last_name_is_cut_to_its_number(text: str, names: list[str]) -> None:
    assert [found for _, found in named_siblings(text)] == [names]


@pytest.mark.parametrize("text", ["mx-out-02 ~6,120 deferrals", "edge-3 ~ 40 ms", "latency 200~300 ms", "重试 3~5 次"])
def test_a_figure_after_a_name_is_no_range(text: str) -> None:
    assert list(named_siblings(text)) == []


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("其余 4 台（kv-node-1～4）都是 healthy。", ClaimStatus.GROUNDED),
        ("All of kv-node-1~4 report healthy.", ClaimStatus.GROUNDED),
        ("其余 5 台（kv-node-1～5）都是 healthy。", ClaimStatus.INVENTED),
        ("All of kv-node-1~5 report healthy.", ClaimStatus.INVENTED),
    ],
)
def test_each_name_of_a_cut_range_is_checked(draft: str, status: ClaimStatus) -> None:
    assert status in statuses(draft, nodes(4))


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("集群 3 个节点（v_ops_node0007～0009，10.9.4.21～23）都在线。", True),
        ("All 3 brokers (kafka-07 through kafka-09, 10.9.4.21–23) are online.", True),
        ("集群 4 个节点（v_ops_node0007～0009，10.9.4.21～23）都在线。", False),
        ("6 hosts (web-1 through web-3, db-1 through db-3) are online.", True),
        ("5 hosts (web-1 through web-3, db-1 through db-2) are online.", True),
    ],
)
def test_ranges_alike_name_one_set_twice_and_ranges_apart_add_up(text: str, counted: bool) -> None:
    facts = extract_facts(text)
    counts = [i for i, f in enumerate(facts) if f.kind == FactKind.COUNT]
    assert bool(set(counts) & enumerated_counts(text, facts)) == counted
