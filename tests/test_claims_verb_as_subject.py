"""An English verb as the subject of a Chinese predicate names the operation: "restore 已经完成", "rollback 失败了",
"quarantine 成功" tell what became of it, and are facts to check, not advice; so does a Chinese verb used as its noun
("通知发给 linux-oncall", "重启已完成", "回滚失败了"); and so is a noun-verb with a name joined by "-" or "_" and then
what it is ("Run llm-eval-nightly is still RUNNING", "Job nightly_export has failed"), as with a figure in the name.
A verb whose object is a clause still advises ("Check db-01 is reachable", "Verify node-3 is Ready"). The same verb with its object
("restore 备份前先停写", "Restore the snapshot first") still advises. Domain only, offline; phrasings written for
these tests, both ways.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.claims import split_claims


def kinds(draft: str) -> set[ClaimKind]:
    return {c.kind for c in split_claims(draft)}


@pytest.mark.parametrize(
    "draft",
    [
        "rollback 已经完成，payments-api 回到了 v2.3.1。",
        "restore 失败了，错误是 AccessDenied。",
        "reboot 正在进行，node-7 还没有回来。",
        "kill 成功（08:41:06），进程 4412 已退出。",
        "upgrade 是在 02:10 开始的。",
        "告警通知发给 db-oncall，目前没有人认领。",
        "重启已完成，pod 已经 Running。",
        "回滚失败了，错误是 ImagePullBackOff。",
        "Run nightly-eval (4f2a9c) is still RUNNING after 3 hours.",
        "Job weekly_export has failed twice since Monday.",
    ],
)
def test_a_verb_told_of_is_a_fact(draft: str) -> None:
    assert ClaimKind.ADVICE not in kinds(draft)


@pytest.mark.parametrize(
    "draft",
    ["restore 备份之前先停掉写入。", "Restore the snapshot first, then repoint the app.", "rollback 到 v2.3.1 即可。"],
)
def test_a_verb_with_its_object_still_advises(draft: str) -> None:
    assert ClaimKind.ADVICE in kinds(draft)
