"""A knowledge tool's JSON answer ({"chunks": [...]}, {"results": [...]}) is read as chunks of documents: a
chunk that names a setting without its value is no record "each"/"每个" ranges over, so it neither
contradicts the claim nor leaves it unreadable; the live records still range under "each". Domain only, offline; documents and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DOCS = {
    "chunks": [
        {"doc": "runbooks/queue.md", "text": "QUEUE_PREFETCH bounds the messages each consumer pod holds unacked."},
        {"doc": "runbooks/queue.md", "text": "Each consumer pod holds at most QUEUE_PREFETCH messages; default 50."},
    ]
}
ENV = '{"name": "QUEUE_PREFETCH", "value": "50"}\n{"name": "QUEUE_PREFETCH", "value": "%s"}\n'


def rows(second: str) -> list[EvidenceRow]:
    return [
        EvidenceRow("kb-1", "lookup_knowledge", Outcome.INDIRECT_SUPPORT, json.dumps(DOCS), {"query": "prefetch"}),
        EvidenceRow("env-1", "kubectl", Outcome.INDIRECT_SUPPORT, ENV % second, {"args": "get deploy -o json"}),
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "`QUEUE_PREFETCH` is how many messages each consumer pod holds unacked, by default 50.",
        "`QUEUE_PREFETCH` 是每个消费者 pod 持有的未确认消息数，默认 50。",
    ],
)
def test_a_chunk_naming_a_setting_is_no_member_of_each(draft: str) -> None:
    found = [c.status for c in check_draft(draft, rows("50")) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found), found


@pytest.mark.parametrize(
    "draft", ["Every consumer pod runs with `QUEUE_PREFETCH` 50.", "每个消费者 pod 的 `QUEUE_PREFETCH` 都是 50。"]
)
def test_the_live_records_still_range_under_each(draft: str) -> None:
    found = [c.status for c in check_draft(draft, rows("200")) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED in found, found
