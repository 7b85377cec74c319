""" "Both of its replicas" says there are two ("两个副本都在线" does so already): a master whose replication shows
one replica does not ground "both of its replicas are online"; one that shows two does. "Both pods are Running"
says what each shows, no count. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def replication(replicas: int) -> EvidenceRow:
    lines = ["# Replication", "role:master", f"connected_slaves:{replicas}"]
    lines += [f"slave{i}:ip=10.9.0.{21 + i},port=6379,state=online,offset=5512,lag=0" for i in range(replicas)]
    text = "\n".join(lines + ["master_repl_offset:5512"]) + "\n"
    return EvidenceRow("r-1", "redis_cli", Outcome.DIRECT_SUPPORT, text, {"args": "-h cache-0 INFO replication"})


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft", ["The master reports both of its replicas online with lag=0.", "主节点显示两个副本都在线，lag=0。"]
)
def test_both_of_its_replicas_says_there_are_two(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, replication(1))
    assert statuses(draft, replication(2)) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    ("text", "counts"),
    [("both of its replicas are online", [2]), ("both pods are Running", []), ("两个副本都在线", [2])],
)
def test_both_of_is_a_count_both_alone_is_not(text: str, counts: list[int]) -> None:
    assert [f.quantity.value for f in extract_facts(text) if f.kind == FactKind.COUNT and f.quantity] == counts
