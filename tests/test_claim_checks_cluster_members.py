"""A member that dropped out of its cluster, read from the cluster's own logs and its admin tool's report.

- log4j's bracketed head (`[%d][%-5p][%t][%c]`, Elasticsearch's and Apache Ignite's own logs) gives a line's time
  and level (preview/loglines.py); it had read as a line of no level.
- A tool's report in sections apart by blank lines that lists three things or more as fields on a line each
  (`control.sh --baseline`'s "ConsistentId=pay-grid-2, State=OFFLINE") is a listing, one record a line
  (formats/text_shapes.looks_like_records); it had read as one chunk of prose, every node's state in one unit.
  Prose apart by blank lines stays chunks.
- "dropped out of the topology", "left the cluster", "从集群中掉线" say a member went offline (event_words.py): a
  record of that member must show it, never another member's.

Domain only, offline; payloads and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.payloads import parse_log_line
from evidence_trace.server.domain.verifier.grounding import check_draft

IGNITE_LOG = (
    "[2026-11-02T08:41:09,114][WARN ][tcp-disco-msg-worker-[crd]-#2-#51][TcpDiscoverySpi] Failed to send message to "
    "next node [next=TcpDiscoveryNode [consistentId=pay-grid-2, addrs=ArrayList [10.70.1.12]]]\n"
    "[2026-11-02T08:41:19,120][WARN ][disco-event-worker-#61][GridDiscoveryManager] Node FAILED: TcpDiscoveryNode "
    "[consistentId=pay-grid-2, addrs=ArrayList [10.70.1.12], order=9]\n"
    "[2026-11-02T08:41:19,131][INFO ][disco-event-worker-#61][GridDiscoveryManager] Topology snapshot [ver=44, "
    "servers=2, clients=1, state=ACTIVE]\n"
)
BASELINE = (
    "Control utility [ver. 2.16.0]\nCommand [BASELINE] started\n"
    "--------------------------------------------------------------------------------\n"
    "Cluster state: ACTIVE\nCurrent topology version: 44\n\nBaseline nodes:\n"
    "    ConsistentId=pay-grid-1, Address=10.70.1.11, State=ONLINE, Order=1\n"
    "    ConsistentId=pay-grid-2, State=OFFLINE\n"
    "    ConsistentId=pay-grid-3, Address=10.70.1.13, State=ONLINE, Order=3\n"
    "--------------------------------------------------------------------------------\n"
    "Number of baseline nodes: 3\n\nOther nodes not found.\n"
)
ROWS = [
    EvidenceRow("i-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, IGNITE_LOG, {"command": "grep Node /var/log/ignite.log"}),
    EvidenceRow("i-2", "ssh_exec", Outcome.INDIRECT_SUPPORT, BASELINE, {"command": "control.sh --baseline"}),
]


@pytest.mark.parametrize(
    ("line", "level", "time"),
    [
        (IGNITE_LOG.splitlines()[1], "WARN", "2026-11-02T08:41:19,120"),
        (
            "[2026-11-02T08:41:20,001][ERROR][o.e.c.r.a.DiskThresholdMonitor] [es-data-2] flood stage exceeded",
            "ERROR",
            "2026-11-02T08:41:20,001",
        ),
        ("[2026-11-02 08:41:21,500][INFO ][o.e.n.Node] [es-data-2] started", "INFO", "2026-11-02 08:41:21,500"),
    ],
)
def test_a_bracketed_head_gives_the_time_and_the_level(line: str, level: str, time: str) -> None:
    entry = parse_log_line(line)
    assert entry is not None and (entry.level, entry.timestamp) == (level, time)


def test_a_report_in_sections_is_a_listing_and_prose_stays_chunks() -> None:
    assert recognise(Preview(BASELINE, "ssh_exec")).id == "log_lines"
    prose = (
        "The baseline topology lists every server node that holds data.\n\n"
        "When a node leaves, its partitions are rebalanced only after the soft timeout has passed.\n"
    )
    assert recognise(Preview(prose, "ssh_exec")).id == "knowledge_chunks"


@pytest.mark.parametrize(
    "draft",
    [
        "pay-grid-2 dropped out of the topology at 08:41:19.",
        "pay-grid-2 在 08:41:19 从集群中掉线，现在是 OFFLINE。",
        "pay-grid-2 left the cluster; pay-grid-1 is ONLINE.",
        "pay-grid-2 is still OFFLINE.",  # (pay-grid-3's line after it is no later state of it)
    ],
)
def test_the_member_that_dropped_out_is_grounded(draft: str) -> None:
    assert {c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT} == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    "draft",
    [
        "pay-grid-3 dropped out of the topology at 08:41:19.",
        "pay-grid-1 在 08:41:19 从集群中掉线。",
        "pay-grid-3 is OFFLINE.",
    ],
)
def test_another_member_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in {c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT}
