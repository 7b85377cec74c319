"""What host tools print: top's CPU summary is percentages of CPU time ("%Cpu(s): 24.1 us, … 38.2 wa"), and
a block device is named as the kernel names it ("sdb", "xvdf", "vda"), so iostat's row of another device
never shows a figure said of it. Domain only, offline; rows and phrasings written for these tests, both ways
and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TOP = (
    "top - 03:41:09 up 12 days,  7:02,  2 users,  load average: 11.32, 9.87, 6.10\n"
    "Tasks: 287 total,   3 running, 284 sleeping,   0 stopped,   0 zombie\n"
    "%Cpu(s): 12.6 us,  3.9 sy,  0.0 ni, 20.4 id, 61.8 wa,  0.0 hi,  1.3 si,  0.0 st\n"
    "MiB Mem :  32011.6 total,    811.2 free,  27402.9 used,   3797.5 buff/cache\n"
)
IOSTAT = (
    "Device            r/s     w/s     rkB/s     wkB/s   r_await w_await  aqu-sz  %util\n"
    "xvda             3.00   41.00     12.00    388.00    0.51    1.90    0.08    6.30\n"
    "xvdf           902.00   77.00  91840.00   5120.00   48.20   31.70   44.10   99.20\n"
)


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("tp-1", "ssh_exec", Outcome.DIRECT_SUPPORT, TOP, {"host": "pg-archive-2", "command": "top -bn1"}),
        EvidenceRow(
            "io-1", "ssh_exec", Outcome.DIRECT_SUPPORT, IOSTAT, {"host": "pg-archive-2", "command": "iostat -x"}
        ),
    ]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("On pg-archive-2 the CPUs spend 61.8% in iowait and only 12.6% in user time.", True),
        ("pg-archive-2 的 CPU：wa 61.8%，us 12.6%，idle 20.4%。", True),
        ("On pg-archive-2 the CPUs spend 16.8% in iowait.", False),
        ("pg-archive-2 的 CPU idle 为 40.2%。", False),
    ],
)
def test_top_s_cpu_summary_is_percentages(draft: str, grounded: bool) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("xvdf is 99.2% utilised, with r_await at 48.20 ms.", True),
        ("xvdf 的 %util 是 99.2%。", True),
        ("xvda is only 6.3% busy.", True),
        ("xvdf is only 6.3% busy.", False),
        ("xvda 的 %util 已经到 99.2%。", False),
    ],
)
def test_a_block_device_binds_its_figures_to_its_own_row(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert len(found) == 1 and (found[0] == ClaimStatus.GROUNDED) is grounded


PING_LINUX = (
    "--- 10.20.4.7 ping statistics ---\n50 packets transmitted, 50 received, 0% packet loss, time 49071ms\n"
    "rtt min/avg/max/mdev = 0.412/0.538/1.904/0.211 ms\n"
)
PING_BSD = (
    "--- 10.20.4.7 ping statistics ---\n20 packets transmitted, 20 packets received, 0.0% packet loss\n"
    "round-trip min/avg/max/stddev = 12.104/14.877/31.420/3.902 ms\n"
)


@pytest.mark.parametrize(
    ("draft", "preview", "grounded"),
    [
        ("From pg-archive-2 the average RTT to 10.20.4.7 is 0.538 ms, the max 1.904 ms.", PING_LINUX, True),
        ("pg-archive-2 到 10.20.4.7 的平均 RTT 为 14.877 ms，最大 31.42 ms。", PING_BSD, True),
        ("From pg-archive-2 the average RTT to 10.20.4.7 is 5.38 ms.", PING_LINUX, False),
        ("pg-archive-2 到 10.20.4.7 的平均 RTT 为 41.877 ms。", PING_BSD, False),
    ],
)
def test_ping_s_slashed_round_trip_figures_are_each_in_its_unit(draft: str, preview: str, grounded: bool) -> None:
    row = EvidenceRow("pg-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, {"host": "pg-archive-2", "command": "ping"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]


MEMCACHED = (
    "STAT pid 1\nSTAT uptime 864000\nSTAT curr_items 1208331\nSTAT bytes 1717986918\nSTAT limit_maxbytes 2147483648\n"
    "STAT get_hits 40211873\nSTAT get_misses 2210442\nSTAT evictions 0\nEND\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("memcached-sess-3 has been up for 10 days and holds 1.6 GiB of its 2 GiB limit.", True),
        ("memcached-sess-3 已运行 10 天，用了 2 GiB 上限中的 1.6 GiB。", True),
        ("memcached-sess-3 has been up for 12 days.", False),
        ("memcached-sess-3 用了 1.9 GiB。", False),
    ],
)
def test_memcached_stats_are_one_server_s_figures_in_their_units(draft: str, grounded: bool) -> None:
    row = EvidenceRow(
        "mc-1", "ssh_exec", Outcome.DIRECT_SUPPORT, MEMCACHED, {"command": "echo stats | nc memcached-sess-3 11211"}
    )
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]


TOP_TABLE = (
    "top - 10:22:42 up 41 days,  3:07,  1 user,  load average: 31.24, 24.91, 12.80\n"
    "%Cpu(s): 93.8 us,  4.9 sy,  0.0 ni,  0.6 id,  0.0 wa,  0.0 hi,  0.7 si,  0.0 st\n"
    "MiB Mem :  31896.4 total,   9120.7 free,  14211.3 used,   8564.4 buff/cache\n"
    "MiB Swap:      0.0 total,      0.0 free,      0.0 used.  17205.2 avail Mem\n\n"
    "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
    "   2231 envoy     20   0 4210344   2.1g  41236 S 741.2   6.7   9120:44 envoy\n"
    "   1187 root      20   0 1933220  88412  51220 S   6.2   0.3 210:12.31 node_exporter\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("envoy (PID 2231) is using 741.2% CPU.", True),
        ("gw-04 上还有 17205 MiB 可用内存。", True),
        ("node_exporter is using 741.2% CPU.", False),
        ("gw-04 上还有 19120 MiB 可用内存。", False),
    ],
)
def test_top_s_processes_are_rows_and_its_memory_lines_in_their_unit(draft: str, grounded: bool) -> None:
    row = EvidenceRow("tp-2", "ssh_exec", Outcome.DIRECT_SUPPORT, TOP_TABLE, {"host": "gw-04", "command": "top -bn1"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert len(found) == 1 and (found[0] == ClaimStatus.GROUNDED) is grounded
