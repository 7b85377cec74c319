"""Three ways a correct answer was REJECTed for names it never asserted as findings:

- an alternative after a hedge ("疑似 A，或者 B", "probably A, or B") is one hedged disjunction, not a fact B;
- "在当前容器上做 …" acts on the current container: advice, not a clause smuggling what is current;
- a standard's words are the same in every system: POSIX errno and signal names (ENOSPC, SIGKILL), the states a
  load balancer marks a server with (DOWN, MAINT) and an API's action as a policy names it
  (`kms:GenerateDataKey`). Not shown, such a word leaves its claim ungrounded; it is never an invented entity.

An entity of the incident named nowhere is still invented, hedged or not. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

TAGS = EvidenceRow(
    "tags",
    "registry",
    Outcome.INDIRECT_SUPPORT,
    "TAG          PUSHED\n2.4.2        2026-11-02\n2.5.0-rc1    2026-11-20\n",
    {"repo": "payments/ledger"},
)
INODES = EvidenceRow(
    "df",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "Filesystem      Inodes   IUsed IFree IUse% Mounted on\n/dev/nvme1n1p1 6553600 6553600     0  100% /srv\n",
    {"host": "build-runner-4", "command": "df -i /srv"},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "仓库里只有 2.5.0-rc1，没有 2.5.0，疑似流水线只推了 rc，或者 chart 里的 image.tag 写错了。",
        "The registry has 2.5.0-rc1 but no 2.5.0, so CI probably pushed only the rc, or the values key image.tag is wrong.",
        "可能是发布脚本漏推了正式版本，要么是 deploy.imageTag 配成了别的值。",
    ],
)
def test_an_alternative_after_a_hedge_is_hedged_too(draft: str):
    assert ClaimStatus.INVENTED not in statuses(draft, TAGS)
    assert decide(check_draft(draft, [TAGS]))[0] != Decision.REJECT


@pytest.mark.parametrize(
    "draft", ["仓库里有 2.5.0-rc1，或者 2.5.0-rc9。", "The registry holds 2.5.0-rc1, or 2.5.0-rc9."]
)
def test_an_unhedged_alternative_still_names_what_it_names(draft: str):
    assert statuses(draft, TAGS) == [ClaimStatus.INVENTED]


@pytest.mark.parametrize(
    "draft",
    [
        "## 建议\n1. 在当前节点上执行 `jcmd 1 VM.native_memory baseline`，过 30 分钟再看 `summary.diff`。",
        "## 下一步\n- 在当前版本上先打开 `gc.log.rotation`，再对比两次 dump。",
    ],
)
def test_a_place_the_advice_acts_in_smuggles_no_fact(draft: str):
    assert [k for k in (c.kind for c in split_claims(draft)) if k != ClaimKind.CONTEXT] == [ClaimKind.ADVICE]


def test_what_is_current_is_still_a_fact_inside_advice():
    found = [c for c in split_claims("建议扩容，因为当前磁盘使用率已经 100%。") if c.kind != ClaimKind.ADVICE]
    assert found and "100%" in found[0].text


@pytest.mark.parametrize(
    "draft",
    [
        "/srv on build-runner-4 is out of inodes (6553600 of 6553600 used), so new files fail with ENOSPC.",
        "build-runner-4 的 /srv inode 已用完（6553600 / 6553600），新建文件会报 ENOSPC。",
        "HAProxy answers 503 when every server of a backend is marked DOWN or MAINT.",
        "The build role also needs kms:Decrypt and kms:GenerateDataKey on that key.",
        "进程收到 SIGKILL 后会直接退出，不会走优雅停机。",
    ],
)
def test_a_standards_word_not_shown_is_ungrounded_not_invented(draft: str):
    found = statuses(draft, INODES)
    assert ClaimStatus.INVENTED not in found
    assert decide(check_draft(draft, [INODES]))[0] == Decision.LOW_CONFID


@pytest.mark.parametrize(
    "draft",
    [
        "build-runner-9 logged ENOSPC on /srv.",
        "build-runner-9 的 /srv 报了 ENOSPC。",
        "The ledger-api role was granted kms:GenerateDataKey yesterday.",
    ],
)
def test_an_entity_beside_a_standards_word_is_still_invented(draft: str):
    assert ClaimStatus.INVENTED in statuses(draft, INODES)
