"""redis-cli's numbered reply to CONFIG GET / HGETALL gives names and values in turn: each value is read
under its name, so a limit (`maxclients` 10000) is never how many there are ("10,000 clients are
connected"), while the setting itself still grounds. Domain only, offline; replies and phrasings written
for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CONFIG = '1) "maxclients"\n2) "20000"\n3) "timeout"\n4) "300"\n'
HASH = '1) "job"\n2) "invoice-rollup"\n3) "state"\n4) "failed"\n5) "attempts"\n6) (integer) 4\n'


def row(preview: str, command: str) -> EvidenceRow:
    return EvidenceRow(
        "r-1", "redis_cli", Outcome.INDIRECT_SUPPORT, preview, {"host": "sess-cache", "command": command}
    )


def grounded(draft: str, preview: str = CONFIG, command: str = "CONFIG GET *") -> bool:
    found = [c.status for c in check_draft(draft, [row(preview, command)]) if c.kind == ClaimKind.FACT]
    assert found
    return all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("sess-cache allows at most 20000 clients (maxclients 20000).", True),
        ("sess-cache 的 maxclients 配置为 20000。", True),
        ("20,000 clients are connected to sess-cache.", False),
        ("sess-cache 当前有 20000 个客户端连接。", False),
        ("sess-cache's maxclients is 10000.", False),
    ],
)
def test_a_limit_read_under_its_name_is_no_count(draft: str, expected: bool) -> None:
    assert grounded(draft) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The invoice-rollup job is in state failed after 4 attempts.", True),
        ("invoice-rollup 任务状态为 failed，已尝试 4 次。", True),
        ("The invoice-rollup job failed after 6 attempts.", False),
        ("invoice-rollup 任务已尝试 3 次。", False),
    ],
)
def test_a_hash_names_its_subject_for_every_field(draft: str, expected: bool) -> None:
    assert grounded(draft, HASH, "HGETALL job:invoice-rollup") is expected
