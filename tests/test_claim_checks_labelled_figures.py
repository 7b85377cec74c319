"""A figure listed after its label ("active 50, idle 0, waiting 213", "活跃连接 50，等待连接的线程数 213") is the
value of the unit's key of that name, when the unit keys one; without such a key it is checked as a plain
number. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def pool_log() -> EvidenceRow:
    entry = {
        "timestamp": "2026-12-23 02:11:37",
        "level": "WARN",
        "service": "billing",
        "message": "HikariPool-2 - Pool stats",
        "metrics": {
            "activeConnections": "40",
            "idleConnections": "0",
            "maxPoolSize": "40",
            "threadsAwaitingConnection": "178",
        },
    }
    body = {"success": True, "logs": [entry], "total": 1}
    return EvidenceRow("logs-1", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": "HikariPool-2"})


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [pool_log()]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("billing's pool stats: active 40, idle 0, max 40, waiting 178.", True),
        ("billing 连接池状态：活跃连接 40，空闲 0，最大连接数 40，等待连接的线程数 178。", True),
        # each figure is its own key's: 40 is the active and the max count, never the waiting one
        ("billing's pool stats: active 40, idle 0, max 40, waiting 40.", False),
        ("billing 连接池状态：活跃连接 40，空闲 0，最大连接数 40，等待连接的线程数 40。", False),
        ("billing's pool stats: active 178, idle 0, max 40.", False),
        ("billing 连接池状态：活跃连接 178，最大连接数 40。", False),
    ],
)
def test_a_listed_figure_is_its_labels_value(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) is grounded, statuses(draft)


def test_a_verb_before_a_figure_is_no_label() -> None:
    """ "indexed 4,120,000 of 5,930,000 docs": a figure inside a clause, not one item of a list."""
    (bare,) = [f for f in extract_facts("worker-0: indexed 4,120,000 of 5,930,000 docs") if f.bare]
    assert bare.noun == ""
