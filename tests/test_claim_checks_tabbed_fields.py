"""`key<TAB>value` lines (ZooKeeper's and ClickHouse Keeper's `mntr`, a `sysctl`-like dump) are the fields of one
thing, read by key_values.py, not a TSV table whose header is the first field (tables._key_value_list); each
figure is read under its field's name too. A bare time field named for a latency, a duration, an elapsed time
or what a call took is in seconds or milliseconds by tool (fact_matching._EITHER_UNIT): "max latency 21 ms" of
`zk_max_latency\t21`. Another value is still not shown. Domain only, offline; payloads and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

MNTR = (
    "zk_version\t3.8.4-9316c2a7a97e1666d8f4593f34dd6fc36ecc436c, built on 2024-02-12 22:16 UTC\n"
    "zk_server_state\tfollower\nzk_avg_latency\t2\nzk_max_latency\t37\nzk_min_latency\t0\n"
    "zk_outstanding_requests\t4\nzk_znode_count\t48213\nzk_open_file_descriptor_count\t311\n"
)
ROW = EvidenceRow(
    "z-1", "kubectl_exec", Outcome.INDIRECT_SUPPORT, MNTR, {"args": "exec zk-2 -- sh -c 'echo mntr | nc 0 2181'"}
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [ROW]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "text", [MNTR, "net.core.somaxconn\t4096\nvm.swappiness\t1\nfs.file-max\t9223372036854775807\n"]
)
def test_tab_separated_fields_are_key_values(text: str) -> None:
    assert recognise(Preview(text, "ssh_exec")).id == "key_values"


@pytest.mark.parametrize(
    "text", ["name\tcount\ncheckout\t12\npayments\t14\n", "host\tstate\tload\nweb-1\tup\t0.4\nweb-2\tdown\t0.0\n"]
)
def test_a_table_under_column_names_stays_a_tsv(text: str) -> None:
    assert recognise(Preview(text, "ssh_exec")).id == "tsv"


@pytest.mark.parametrize(
    "draft",
    [
        "On zk-2 the max latency is 37 ms and there are 4 outstanding requests.",
        "zk-2 的最大延迟为 37 ms，zk_outstanding_requests 为 4。",
        "zk-2 的 zk_avg_latency 是 2 ms。",
        "zk-2 holds 48213 znodes with 311 open file descriptors.",
    ],
)
def test_a_field_is_read_under_its_name(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["On zk-2 the max latency is 73 ms.", "zk-2 的最大延迟为 3.7 ms。", "zk-2 的 zk_avg_latency 是 20 ms。"]
)
def test_another_value_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


LEADER = EvidenceRow(
    "z-2",
    "kubectl_exec",
    Outcome.INDIRECT_SUPPORT,
    "zk_server_state\tleader\nzk_num_alive_connections\t38\nzk_znode_count\t4120593\nzk_watch_count\t88120\n",
    {"args": "exec zk-1 -- sh -c 'echo mntr | nc 0 2181'"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("zk-1 is the leader with 38 alive connections and ~4.12 M znodes.", True),
        ("zk-1 是 leader，有 38 个连接，约 4.12 M 个 znode。", True),
        ("zk-1 is the leader with 38 alive connections and ~4.21 M znodes.", False),
        ("zk-1 是 leader，有 38 个连接，约 5.12 M 个 znode。", False),
    ],
)
def test_a_count_in_millions_written_apart_is_read_in_millions(draft: str, grounded: bool) -> None:
    # "4.12 M znodes" is 4,120,000 at its precision, as "4.12M znodes" is; never 4.12 (another value than the field's)
    found = [c.status for c in check_draft(draft, [LEADER]) if c.kind == ClaimKind.FACT]
    assert (found == [ClaimStatus.GROUNDED]) is grounded
