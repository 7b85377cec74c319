"""A denial of an OOM kill ("not OOM-killed by Kubernetes", "没有被 OOMKilled") denies the kernel's or kubelet's kill,
not a program's OutOfMemoryError; and "will not stop these restarts" says what a change would do, no denial that
restarts happen (special_checks._EVENTS, _UNLOOKED). A kill the evidence shows still contradicts its denial.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

POD = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "Name:         quote-api-6b9c7d-r4t8p\nContainers:\n  app:\n    State:          Running\n"
    "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    3\n    Restart Count:  6\n",
    {"args": "describe pod quote-api-6b9c7d-r4t8p"},
)
LOGS = EvidenceRow(
    "l-1",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "total": 1,
            "logs": [
                {
                    "timestamp": "2026-09-22T07:41:09Z",
                    "level": "ERROR",
                    "service": "quote-api",
                    "instance": "quote-api-6b9c7d-r4t8p",
                    "message": "java.lang.OutOfMemoryError: Java heap space",
                }
            ],
        }
    ),
    {"logTopic": "quote"},
)
NODE = EvidenceRow(
    "e-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "LAST SEEN   TYPE      REASON       OBJECT             MESSAGE\n"
    "2m          Warning   OOMKilling   node/ip-10-7-1-9   Memory cgroup out of memory: Killed process 4412 (java)\n",
    {"args": "get events"},
)


def contradicted(draft: str) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, [POD, LOGS, NODE]))


@pytest.mark.parametrize(
    "draft",
    [
        "quote-api-6b9c7d-r4t8p is not being OOM-killed by Kubernetes: the JVM exits with code 3 on a heap OutOfMemoryError.",
        "quote-api-6b9c7d-r4t8p 没有被 OOMKilled，是 JVM 堆内存溢出后以退出码 3 自行退出。",
        "Raising the memory limit alone will not stop these restarts.",
        "只调大内存上限并不能解决 quote-api-6b9c7d-r4t8p 的重启。",
    ],
)
def test_a_program_oom_or_a_prediction_does_not_contradict(draft: str):
    assert not contradicted(draft)


@pytest.mark.parametrize("draft", ["ip-10-7-1-9 has not OOM-killed any process.", "ip-10-7-1-9 上没有发生 OOM kill。"])
def test_a_kill_the_evidence_shows_contradicts_its_denial(draft: str):
    assert contradicted(draft)
