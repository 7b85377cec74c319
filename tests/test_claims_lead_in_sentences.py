"""A short line ending in a colon is a label ("关键证据：", "Evidence, in order:"), unless it is a sentence leading
into its list: a clause with a figure, then a comma outside any aside ("日志中共有 4 个文件报告了差异，例如："). Chinese
takes no blanks between words, so such a sentence is as short as a label by a count of words; English says it in
more words than a label has ("The log reports differences on 4 files, for example:"). Either is a fact to check.

Domain only, offline; phrasings written for these tests, both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.claims import split_claims


def kinds(draft: str) -> list[tuple[str, ClaimKind]]:
    return [(c.text, c.kind) for c in split_claims(draft)]


@pytest.mark.parametrize(
    "draft",
    [
        "作业日志里共有 4 个文件校验不一致，例如：\n- /srv/a.csv：大小不同",
        "5 个节点里有 2 个 NotReady，分别是：\n- node-3",
        "The job log reports mismatches on 4 files, for example:\n- /srv/a.csv: size differs",
    ],
)
def test_a_sentence_leading_into_its_list_is_a_fact(draft: str) -> None:
    assert kinds(draft)[0][1] == ClaimKind.FACT


@pytest.mark.parametrize(
    "draft",
    [
        "关键证据：\n- a 报错",
        "Evidence, in order:\n- a failed",
        "日志（最近 1 小时，共 6 条）：\n- a 报错",
        "建议：\n- 扩容",
    ],
)
def test_a_label_stays_a_label(draft: str) -> None:
    assert kinds(draft)[0][1] == ClaimKind.CONTEXT
