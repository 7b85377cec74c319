"""A Chinese "没有在" before a verb says something is not being done now ("recorder 没有在记录" is not recording, "pod
没有在重启" is not restarting): no count of records or restarts, which the claim must then be shown to have zero
of. "没有失败记录" (no failed records) and "没有在运行的任务" (no running tasks) still count none of a thing. Domain only,
offline; phrasings written for these tests, both ways.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("us-west-2 的 recorder 目前没有在记录。", False),
        ("checkout 的 pod 现在没有在重启了。", False),
        ("之后没有新的失败记录。", True),
        ("队列里没有在运行的任务。", True),
        ("replica-2 上没有任何连接。", True),
    ],
)
def test_not_doing_now_is_no_count_of_none(text: str, counted: bool) -> None:
    assert any(f.kind == FactKind.COUNT for f in extract_facts(text)) == counted
