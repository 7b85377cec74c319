"""Redis's `INFO memory`, `INFO replication`, `INFO stats` name a command and its section, not a log level: a claim
citing them ("INFO memory: used_memory 7.62G", "主库 INFO replication：role master") is read for its values, never
held to an INFO-level record; "the INFO lines" of a log still name the level (level_words.LEVEL_PATTERNS).
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

MEMORY = EvidenceRow(
    "r-1",
    "redis_cli",
    Outcome.INDIRECT_SUPPORT,
    "# Memory\nused_memory:8181420032\nused_memory_human:7.62G\nmaxmemory:8589934592\nmaxmemory_human:8.00G\n"
    "maxmemory_policy:allkeys-lru\n",
    {"command": "redis-cli -h cache-3 INFO memory"},
)
LOG = EvidenceRow(
    "l-1",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    '{"success":true,"total":1,"logs":[{"timestamp":"2026-11-02T10:00:00Z","level":"ERROR","service":"cart",'
    '"message":"redis timeout"}]}',
    {"logTopic": "cart"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [MEMORY, LOG]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "INFO memory on cache-3: used_memory_human 7.62G of maxmemory_human 8.00G, policy allkeys-lru.",
        "cache-3 的 INFO memory：used_memory_human 7.62G，maxmemory_human 8.00G，策略 allkeys-lru。",
    ],
)
def test_a_redis_info_section_is_no_log_level(draft: str):
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["cart logged an INFO line about the redis timeout.", "cart 的 INFO 日志里有 redis timeout。"]
)
def test_a_log_level_info_is_still_read_as_one(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft)
