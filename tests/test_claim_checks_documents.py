"""What a document says, retold: its advice ("the runbook recommends …"), the values of that advice, and the
reasons it gives sentence by sentence ("Do not X: Y would happen"). Domain only, offline; phrasings written
for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = """NAME                         READY   STATUS             RESTARTS      AGE
ledger-api-6b9d8c7f5-k9r3p   0/1     CrashLoopBackOff   9 (40s ago)   3h
"""


def pods() -> EvidenceRow:
    return EvidenceRow("kc-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"command": "kubectl get pods -n ledger"})


CHUNK = (
    "## ledger-api: CrashLoopBackOff\n"
    "1. First drain its node with kubectl drain, then check whether the ledger-db connection limit was reached.\n"
    "2. If the pool is exhausted, raise maxPoolSize by 10, never above 40.\n"
    "3. Do not delete the ledger-db PVC: the ledger history would be lost.\n"
    "4. Never restart all replicas at once, because the settlement batch loses its lease."
)


ZH_CHUNK = (
    "## ledger-api 崩溃重启处理\n"
    "1. 不要删除 ledger-db 的 PVC：账本历史会丢失。\n"
    "2. 不要同时重启所有副本，因为结算批任务会丢失租约。"
)


def runbook(found: bool = True, content: str = CHUNK) -> EvidenceRow:
    if not found:
        body = {"status": "no_results", "query": "ledger-api crash loop", "resultCount": 0, "results": []}
        return EvidenceRow("kb-1", "lookup_knowledge", Outcome.NO_HIT, json.dumps(body), {"query": "ledger crash"})
    chunk = {"id": "rb-ledger-3", "title": "ledger-api: CrashLoopBackOff", "content": content}
    body = {"status": "success", "query": "ledger-api crash loop", "resultCount": 1, "results": [chunk]}
    return EvidenceRow(
        "kb-2" if content != CHUNK else "kb-1",
        "lookup_knowledge",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body),
        {"query": "ledger crash"},
    )


def judged(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The runbook recommends raising maxPoolSize by 10 if ledger-api's pool is exhausted.",
        "According to the runbook, raise maxPoolSize by 10 when the pool of ledger-api is exhausted.",
        "知识库里的 runbook 建议连接池耗尽时把 maxPoolSize 提高 10。",
        "预案建议 ledger-api 连接池耗尽时 maxPoolSize 加 10，但不要超过 40。",
    ],
)
def test_what_a_document_recommends_is_a_fact_about_the_document(draft: str) -> None:
    """Reported advice with a value or a name rests on the lookup that returned it: with nothing returned it
    is not grounded (and it is never waved through as the writer's own advice)."""
    nothing = judged(draft, pods(), runbook(found=False))
    assert nothing and nothing[0] != ClaimStatus.GROUNDED, nothing  # the clause that names the document
    assert all(s == ClaimStatus.GROUNDED for s in judged(draft, pods(), runbook()))


@pytest.mark.parametrize(
    "draft", ["The runbook recommends draining the node before anything else.", "预案建议先排空节点。"]
)
def test_advice_a_document_gives_in_words_alone_stays_advice(draft: str) -> None:
    """Retold advice with nothing to check is advice, as the writer's own would be: never a vague claim."""
    assert judged(draft, pods(), runbook()) == []


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The ledger runbook covers this: check the pool first; if it is exhausted, raise maxPoolSize by 10.", True),
        ("知识库的预案写了：先检查连接池；如果已经耗尽，把 maxPoolSize 提高 10。", True),
        ("The ledger runbook covers this: check the pool first; if it is exhausted, raise maxPoolSize by 25.", False),
        ("知识库的预案写了：先检查连接池；如果已经耗尽，把 maxPoolSize 提高 25。", False),
    ],
)
def test_the_values_of_advice_a_document_gives_are_the_documents(draft: str, grounded: bool) -> None:
    statuses = judged(draft, pods(), runbook())
    assert statuses and all(s == ClaimStatus.GROUNDED for s in statuses) is grounded, statuses


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The runbook warns against deleting the ledger-db PVC, because the ledger history would be lost.", True),
        ("文档提醒不要删除 ledger-db 的 PVC，因为账本历史会丢失。", True),
        ("它还说不要同时重启所有副本，因为结算批任务会丢失租约。", True),
        # a reason the document does not give for that advice
        ("The runbook warns against deleting the ledger-db PVC, because the settlement batch loses its lease.", False),
        ("It says never to restart all replicas at once, because the ledger history would be lost.", False),
        ("文档提醒不要删除 ledger-db 的 PVC，因为结算批任务会丢失租约。", False),
        ("它还说不要同时重启所有副本，因为账本历史会丢失。", False),
    ],
)
def test_a_reason_a_document_gives_after_a_colon_or_because_states_the_link(draft: str, grounded: bool) -> None:
    statuses = judged(draft, runbook(), runbook(content=ZH_CHUNK))
    assert (statuses == [ClaimStatus.GROUNDED]) is grounded, statuses
