"""A numbered name written glued ("db0", "shard3", "broker2") is shown where a unit writes it so: Redis's
keyspace line "db0:keys=…", a shard list's "shard3". Its bare number alone elsewhere is no such name.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

INFO = (
    "# Memory\nused_memory_human:2.41G\nmaxmemory_human:3.00G\nmaxmemory_policy:volatile-lru\n\n"
    "# Stats\nevicted_keys:0\nkeyspace_hits:88213\n\n"
    "# Keyspace\ndb0:keys=3012877,expires=2990012,avg_ttl=86123\ndb3:keys=4410,expires=0,avg_ttl=0\n"
)


def info() -> EvidenceRow:
    return EvidenceRow(
        "ri-1",
        "redis_cli",
        Outcome.DIRECT_SUPPORT,
        INFO,
        {"host": "cart-redis-2", "command": "INFO memory stats keyspace"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [info()]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("db0 holds 3,012,877 keys.", True),
        ("db3 holds 4,410 keys.", True),
        ("db0 里有 3,012,877 个 key。", True),
        ("db3 里有 4410 个 key。", True),
        # another database's figure: each keyspace line is a record of its own, its "0"s no "db0"
        ("db3 holds 3,012,877 keys.", False),
        ("db0 里有 4410 个 key。", False),
        ("db3 的 key 数是 3,012,877。", False),
        # a database no call shows
        ("db1 holds 4,410 keys.", False),
        ("db2 里有 3,012,877 个 key。", False),
    ],
)
def test_a_glued_numbered_name_is_shown_where_a_unit_writes_it_so(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert len(found) == 1 and (found[0] == ClaimStatus.GROUNDED) is grounded


MPSTAT = (
    "Linux 5.15.0-105-generic (cache-7) \t11/02/26 \t_x86_64_\t(4 CPU)\n\n"
    "10:02:11     CPU    %usr   %sys   %soft   %idle\n"
    "10:02:12     all    9.10   4.20   24.60   61.10\n"
    "10:02:12       0    2.00   1.00   96.00    0.00\n"
    "10:02:12       1   11.00   5.00    1.00   82.00\n"
)


@pytest.mark.parametrize("draft", ["On cache-7, CPU0 spends 96.00 in %soft.", "mpstat 里 CPU0 的 %soft 是 96.00。"])
def test_a_glued_name_a_unit_writes_only_as_a_column_is_its_number(draft: str) -> None:
    # (mpstat's output is one record here: which row holds 96.00 is not read, so a wrong CPU is no rival)
    row = EvidenceRow("mp-1", "ssh_exec", Outcome.DIRECT_SUPPORT, MPSTAT, {"command": "mpstat -P ALL 1 1"})
    assert [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT] == [ClaimStatus.GROUNDED]


# A numbered name a tool writes only as the tail of a snake_case one (`v_sales_node0004`, Vertica's node names) is
# the same member by its short name: mentioned, never invented; a number no row writes so is refuted.
NODES = EvidenceRow(
    "vsql-1",
    "vsql",
    Outcome.DIRECT_SUPPORT,
    " node_name        | node_state | node_address\n"
    "------------------+------------+--------------\n"
    " v_sales_node0004 | UP         | 10.30.1.14\n"
    " v_sales_node0005 | DOWN       | 10.30.1.15\n",
    {"sql": "SELECT node_name, node_state, node_address FROM nodes"},
)


# the claim names the log's node by its short name and the node the log speaks of by its full name
OF_ANOTHER = [
    "According to node0004's log, v_sales_node0005 left the cluster.",
    "node0004's vertica.log shows v_sales_node0005 leaving the cluster.",
    "node0004 的 vertica.log 显示 v_sales_node0005 已 DOWN。",
    "node0004 的日志记录了 v_sales_node0005 离开集群。",
]


@pytest.mark.parametrize("draft", OF_ANOTHER)
def test_a_numbered_name_a_snake_case_name_ends_with_is_mentioned_and_another_named_member_is_no_rival(
    draft: str,
) -> None:
    statuses = {c.status for c in check_draft(draft, [NODES])}
    assert not statuses & {ClaimStatus.INVENTED, ClaimStatus.CONTRADICTED}


@pytest.mark.parametrize(
    "draft", [d.replace("node0004", "node0009") for d in OF_ANOTHER] + ["node0009（10.30.1.15）处于 DOWN。"]
)
def test_a_numbered_name_no_row_writes_is_refuted(draft: str) -> None:
    refuted = {ClaimStatus.INVENTED, ClaimStatus.CONTRADICTED}  # (another member's row names its number)
    assert refuted & {c.status for c in check_draft(draft, [NODES])}


# A MAC prefix the claim names ("52:54:00", QEMU's) goes on with more of its address in a record ("52:54:00:9e:…"):
# what follows is the address, never a value of the prefix that another figure of the claim could be rivalled by.
LEASES = EvidenceRow(
    "dhcp-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "Oct 02 08:14:51 gw-edge02 dnsmasq-dhcp[912]: DHCPDISCOVER(br-ci) 52:54:00:7c:11:4a no address available\n"
    "Oct 02 08:14:53 gw-edge02 dnsmasq-dhcp[912]: DHCPDISCOVER(br-ci) 52:54:00:3f:d2:90 no address available\n",
    {"host": "gw-edge02", "command": "journalctl -u dnsmasq | tail -2"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "CI VMs with `52:54:00` MACs keep asking for addresses, so the 40-address pool on br-ci is exhausted.",
        "带 `52:54:00` 前缀 MAC 的 CI 虚拟机一直在申请地址，br-ci 上 40 个地址的池已经用光。",
    ],
)
def test_a_mac_prefix_gives_no_value_to_rival_a_figure(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in {c.status for c in check_draft(draft, [LEASES])}
