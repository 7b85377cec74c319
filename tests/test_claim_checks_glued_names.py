"""A name of plain words joined by hyphens ("block-cache", "key-cache", "live-sstable") is the name a metric's key
glues into camel case or one word (`blockCacheCountHitPercent`, `keyCacheHitRate`, `liveSSTableCount`): named by
a row that writes it so, opening or ending a longer key, it is neither invented nor unshown, and a figure of that
record binds to it. A name no key glues stays invented. Domain only, offline; payloads and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BEAN = {
    "beans": [
        {
            "name": "org.apache.cassandra.metrics:type=Table,keyspace=orders,scope=line_items",
            "tag.Hostname": "cass-node-4",
            "keyCacheHitRate": 61.3,
            "liveSSTableCount": 214,
            "pendingCompactionTasks": 37,
        }
    ]
}


def row() -> EvidenceRow:
    return EvidenceRow("jmx-1", "http_get", Outcome.INDIRECT_SUPPORT, json.dumps(BEAN, indent=2), {})


def status(draft: str) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row()]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("On cass-node-4 the key-cache hit rate is only 61.3%.", ClaimStatus.GROUNDED),
        ("cass-node-4 的 key-cache 命中率只有 61.3%。", ClaimStatus.GROUNDED),
        ("cass-node-4 has a live-sstable count of 214.", ClaimStatus.GROUNDED),
        ("cass-node-4 上 live-sstable 有 214 个。", ClaimStatus.GROUNDED),
        ("On cass-node-4 the key-cache hit rate is only 16.3%.", ClaimStatus.UNGROUNDED),
        ("cass-node-4 上 live-sstable 有 241 个。", ClaimStatus.UNGROUNDED),
        ("On cass-node-4 the row-cache hit rate is only 61.3%.", ClaimStatus.INVENTED),
        ("cass-node-4 的 chunk-cache 命中率只有 61.3%。", ClaimStatus.INVENTED),
    ],
)
def test_a_hyphened_name_is_the_key_that_glues_its_words(draft: str, expected: ClaimStatus) -> None:
    assert status(draft) == expected
