"""Sizes a kernel or a JVM prints in "kB", "KB" or "K" are binary (`anon-rss:15338120kB` is ~14.6 GiB, NMT's
"618733KB" ~604 MB read as MiB): a claim's conversion either way is shown (fact_matching._BINARY). And a process
named with its pid ("killed postgres (pid 23144)", "杀掉了 postgres（PID 23144）") is read against the name the
evidence gives that pid (`Killed process 23144 (java)`): another name contradicts it (pid_names.py). Domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

KERNEL = EvidenceRow(
    "k-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "Oct 02 04:10:55 app-node-9 kernel: oom-kill:constraint=CONSTRAINT_NONE,global_oom,task=python3,pid=40912,uid=1001\n"
    "Oct 02 04:10:55 app-node-9 kernel: Out of memory: Killed process 40912 (python3) total-vm:9437184kB, "
    "anon-rss:8126464kB, file-rss:0kB\n",
    {"command": "journalctl -k --since 04:00"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [KERNEL]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "On app-node-9 the OOM killer killed python3 (pid 40912) with anon-rss 8126464 kB (~7.75 GiB).",
        "app-node-9 上 OOM killer 杀掉了 python3（PID 40912），anon-rss 约 7.75 GiB。",
        "python3 (pid 40912) had about 7.75 GiB resident when it was killed on app-node-9.",
    ],
)
def test_a_kernel_size_in_binary_units_and_the_pids_name_ground(draft: str):
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "On app-node-9 the OOM killer killed gunicorn (pid 40912).",
        "app-node-9 上 OOM killer 杀掉了 gunicorn（PID 40912）。",
        "PID 40912 (celery) was killed on app-node-9.",
    ],
)
def test_another_name_for_the_pid_is_contradicted(draft: str):
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft", ["A worker process (PID 40912) was killed on app-node-9.", "app-node-9 上的进程（PID 40912）被杀。"]
)
def test_a_kind_of_process_is_no_name(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


NMT = EvidenceRow(
    "j-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "Native Memory Tracking:\nTotal: reserved=7340032KB, committed=5542187KB\n"
    "-                    Thread (reserved=630000KB, committed=618733KB)\n"
    "-                        GC (reserved=230000KB, committed=211634KB)\n",
    {"command": "jcmd 1 VM.native_memory summary"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "NMT: Thread committed 618733KB (about 604 MB), GC committed 211634KB (about 207 MB).",
        "NMT：Thread 已提交 618733KB（约 604 MB），GC 211634KB（约 207 MB）。",
    ],
)
def test_a_jvms_kb_read_as_binary_grounds_its_mb(draft: str):
    assert [c.status for c in check_draft(draft, [NMT]) if c.status != ClaimStatus.UNCHECKABLE] == [
        ClaimStatus.GROUNDED
    ]


TWO_KILLS = EvidenceRow(
    "k-2",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "[Tue Oct  6 03:12:09 2026] Memory cgroup out of memory: Killed process 8812 (node) total-vm:1873420kB, "
    "anon-rss:402112kB, file-rss:0kB\n"
    "[Tue Oct  6 03:40:51 2026] Memory cgroup out of memory: Killed process 9340 (node) total-vm:1880112kB, "
    "anon-rss:404480kB, file-rss:0kB\n",
    {"host": "web-3", "command": "dmesg -T | grep 'Killed process'"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("Two kills on web-3: node (pid 8812) at 03:12:09 and node (pid 9340) at 03:40:51.", False),
        ("web-3 上两次被杀：node（PID 8812）03:12:09，node（PID 9340）03:40:51。", False),
        ("Two kills on web-3: node (pid 8812) at 03:12:09 and nginx (pid 9340) at 03:40:51.", True),
        ("web-3 上两次被杀：node（PID 8812）03:12:09，nginx（PID 9340）03:40:51。", True),
    ],
)
def test_each_process_named_with_its_pid_is_read(draft: str, contradicted: bool):
    statuses = [c.status for c in check_draft(draft, [TWO_KILLS]) if c.status != ClaimStatus.UNCHECKABLE]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted
