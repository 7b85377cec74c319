"""A causal claim whose two sides one record shows, each by a fact of its own. Domain only, offline.

A log entry that reads as a failure with its reason ("… failed with HTTP 502:
UpstreamTimeoutException …") states the link between the two; the claim may
retell it in other words or in the other language. Facts of the two sides taken
from two different entries are still an inference. Phrasings written for these
tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def logs(*messages: str) -> EvidenceRow:
    entries = [
        {"timestamp": f"2026-12-20 09:1{i}:07", "level": "ERROR", "service": "charge-api", "message": m}
        for i, m in enumerate(messages)
    ]
    body = {"success": True, "logTopic": "charge-api", "logs": entries, "total": len(entries)}
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body, indent=2), {})


ONE_ENTRY = logs("POST /v1/charge failed with HTTP 502 after 3000 ms: UpstreamTimeoutException from acquirer")
TWO_ENTRIES = logs("POST /v1/charge failed with HTTP 502 after 3000 ms", "UpstreamTimeoutException from acquirer")


def link_stated(draft: str, row: EvidenceRow) -> bool:
    (check,) = [c for c in check_draft(draft, [row]) if c.kind in (ClaimKind.CAUSAL, ClaimKind.FACT)]
    return check.status.name == "GROUNDED" and not check.inference


@pytest.mark.parametrize(
    "draft",
    [
        "POST /v1/charge returned HTTP 502 because of an UpstreamTimeoutException.",
        "The UpstreamTimeoutException caused the HTTP 502 on POST /v1/charge.",
        "由于 UpstreamTimeoutException，POST /v1/charge 返回了 HTTP 502。",
        "POST /v1/charge 返回 HTTP 502 的原因是 UpstreamTimeoutException。",
    ],
)
def test_one_record_with_a_fact_of_each_side_states_the_link(draft: str) -> None:
    assert link_stated(draft, ONE_ENTRY)
    assert not link_stated(draft, TWO_ENTRIES)  # two entries: each side shown, the link inferred


@pytest.mark.parametrize(
    "draft",
    [
        # The cause side names nothing of its own that the record shows: the link stays an inference.
        "POST /v1/charge returned HTTP 502 because the database pool was exhausted.",
        "POST /v1/charge 返回 HTTP 502 是因为数据库连接池耗尽。",
    ],
)
def test_a_side_without_a_fact_of_its_own_is_not_pinned_to_the_record(draft: str) -> None:
    assert not link_stated(draft, ONE_ENTRY)
