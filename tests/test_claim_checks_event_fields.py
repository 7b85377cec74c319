"""A field named for an event counts it (`evicted_keys:977`, `"timeouts": 0`, `rejected_connections=0`): a
denial of the event ("not evicting any keys", "没有发生淘汰") is contradicted by a count above zero in a unit of
its subject, and shown, never contradicted, by a count of zero. Redis's eviction is "淘汰" in Chinese as well
as "驱逐". Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def stats(host: str, evicted: int, rejected: int) -> EvidenceRow:
    preview = (
        "# Stats\n"
        f"total_connections_received:{88123 + evicted}\n"
        "instantaneous_ops_per_sec:4120\n"
        f"rejected_connections:{rejected}\n"
        "expired_keys:12044\n"
        f"evicted_keys:{evicted}\n"
        "keyspace_hits:8812003\n"
        "keyspace_misses:120334\n"
    )
    return EvidenceRow(
        f"r-{host}", "redis_cli", Outcome.INDIRECT_SUPPORT, preview, {"command": f"redis-cli -h {host} INFO"}
    )


ROWS = [stats("cache-a1", 0, 0), stats("cache-b2", 4512, 37)]


def judged(draft: str) -> tuple[Decision, list[ClaimStatus]]:
    checks = check_draft(draft, ROWS)
    return decide(checks)[0], [c.status for c in checks if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "cache-a1 is not evicting any keys.",
        "cache-a1 has had no evictions (evicted_keys:0).",
        "cache-a1 没有发生淘汰。",
        "cache-a1 没有淘汰任何 key。",
        "cache-a1 has not refused any connections.",
        "cache-a1 没有拒绝任何连接。",
    ],
)
def test_a_field_counting_the_event_at_zero_shows_the_denial(draft: str):
    assert ClaimStatus.CONTRADICTED not in judged(draft)[1]


@pytest.mark.parametrize(
    "draft",
    [
        "cache-b2 is not evicting any keys.",
        "cache-b2 has had no evictions.",
        "cache-b2 没有发生淘汰。",
        "cache-b2 没有淘汰任何 key，内存充足。",
        "cache-b2 has not refused any connections.",
        "cache-b2 没有拒绝任何连接。",
    ],
)
def test_a_field_counting_the_event_above_zero_contradicts_the_denial(draft: str):
    assert judged(draft) == (Decision.REJECT, [ClaimStatus.CONTRADICTED])


@pytest.mark.parametrize(
    "draft", ["cache-b2 has evicted 4512 keys.", "cache-b2 已淘汰 4512 个 key。", "cache-b2 拒绝了 37 个连接。"]
)
def test_the_count_itself_is_still_grounded(draft: str):
    assert judged(draft) == (Decision.ACCEPT, [ClaimStatus.GROUNDED])


def test_an_event_told_in_words_still_contradicts_a_denial():
    row = EvidenceRow(
        "k-1",
        "kubectl",
        Outcome.DIRECT_SUPPORT,
        "LAST SEEN   TYPE      REASON    OBJECT                 MESSAGE\n"
        "2m          Warning   Evicted   pod/report-7d9f-x2kq   The node was low on resource: memory.\n",
        {"args": "get events -n reports"},
    )
    for draft in ("report-7d9f-x2kq was not evicted.", "report-7d9f-x2kq 没有被驱逐。"):
        assert decide(check_draft(draft, [row]))[0] == Decision.REJECT


@pytest.mark.parametrize(
    "draft",
    [
        "cache-b2 has almost no evictable keys left: most keys carry no TTL.",
        "cache-b2 的大部分 key 没有 TTL，内存满了以后几乎没有可淘汰的对象。",
        "cache-b2 内存一满就没有东西可以淘汰。",
    ],
)
def test_what_could_be_evicted_is_no_denial_of_what_was(draft: str):
    assert ClaimStatus.CONTRADICTED not in judged(draft)[1]
