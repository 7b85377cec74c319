"""A count of the records a call shows (counted_units.py). Domain only, offline.

"两台都是 Redis 7.2.4" counts the records (or their subjects) that show the rest of the claim: it holds when
one call lists exactly that many, never on a near miss. Phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def redis_info() -> EvidenceRow:
    def series(instance: str, role: str, version: str) -> dict:
        labels = {"__name__": "redis_instance_info", "instance": instance, "role": role, "redis_version": version}
        return {"metric": labels, "value": [1766476500, "1"]}

    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                series("10.42.3.17:9121", "master", "7.2.4"),
                series("10.42.5.22:9121", "slave", "7.2.4"),
                series("10.42.7.31:9121", "slave", "7.0.15"),
            ],
        },
    }
    return EvidenceRow(
        "prom-info", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "redis_instance_info"}
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Two hosts run Redis 7.2.4.", True),
        ("有两台是 Redis 7.2.4。", True),
        ("Three hosts run Redis 7.2.4.", False),
        ("有 3 台是 Redis 7.2.4。", False),
        ("Two hosts run Redis 7.0.15.", False),
        ("有两台是 Redis 7.0.15。", False),
    ],
)
def test_a_count_of_records_holds_only_at_the_number_shown(draft: str, grounded: bool) -> None:
    checks = [c for c in check_draft(draft, [redis_info()]) if c.kind == ClaimKind.FACT]
    assert (checks[0].status == ClaimStatus.GROUNDED) is grounded
