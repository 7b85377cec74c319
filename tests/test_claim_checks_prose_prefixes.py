"""A word with the prefix "no-" ("the no-consumer alert", "a no-data state", "no-op") is prose, like "per-broker"
or "non-leader": never an invented service. A name of the incident's shape that no call mentions still is.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ALERTS = (
    '[{"labels": {"alertname": "QueueNoConsumer", "queue": "ledger.events", "severity": "critical"}, '
    '"startsAt": "2026-11-09T02:11:40Z", "status": {"state": "active", "silencedBy": [], "inhibitedBy": []}}]'
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("a-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, ALERTS, {"active": True})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "The no-consumer alert for ledger.events fired at 02:11:40 UTC.",
        "ledger.events 的 no-consumer 告警在 02:11:40 UTC 触发。",
    ],
)
def test_a_no_prefixed_word_is_prose(draft: str):
    assert ClaimStatus.INVENTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    ["The ledger-consumer-svc alert fired at 02:11:40 UTC.", "ledger-consumer-svc 的告警在 02:11:40 UTC 触发。"],
)
def test_a_service_no_call_mentions_is_still_invented(draft: str):
    assert ClaimStatus.INVENTED in statuses(draft)
