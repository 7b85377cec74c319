"""What a failed call asked shows nothing: a claim whose only fact is a failed call's window ("no other reads
in the last 7 days", "过去 7 天里没有其他读取") is not grounded by that call's parameters, while the same claim
over a window a successful call asked is. Domain only, offline; phrasings written for these tests, both ways
and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def search(window: str) -> dict:
    return {
        "index": "audit-*",
        "body": {
            "query": {
                "bool": {
                    "filter": [
                        {"term": {"user.name": "etl-runner"}},
                        {"range": {"@timestamp": {"gte": "now-" + window}}},
                    ]
                }
            }
        },
    }


def rows() -> tuple[EvidenceRow, ...]:
    failed = EvidenceRow(
        "es-7d",
        "es_search",
        Outcome.FAILED,
        "",
        search("7d"),
        error_message="ReadTimeoutError: read timed out (read timeout=30)",
        error_kind=ErrorKind.TIMEOUT,
    )
    hits = [
        {
            "_source": {
                "@timestamp": f"2026-11-05T0{h}:10:00Z",
                "user": {"name": "etl-runner"},
                "event": {"action": "read"},
            }
        }
        for h in (3, 4)
    ]
    body = {"hits": {"total": {"value": 2, "relation": "eq"}, "hits": hits}}
    return failed, EvidenceRow("es-24h", "es_search", Outcome.INDIRECT_SUPPORT, json.dumps(body), search("24h"))


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("There were no other reads by this account in the last 7 days.", ClaimStatus.UNGROUNDED),
        ("Over the last 7 days the account read nothing else.", ClaimStatus.UNGROUNDED),
        ("过去 7 天里这个账号没有其他读取。", ClaimStatus.UNGROUNDED),
        ("There were no other reads by this account in the last 24 hours.", ClaimStatus.GROUNDED),
        ("过去 24 小时里这个账号没有其他读取。", ClaimStatus.GROUNDED),
    ],
)
def test_a_failed_calls_window_grounds_nothing(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft) == [status]
