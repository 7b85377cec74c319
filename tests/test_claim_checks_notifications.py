"""Notifications said to go out ("is still paging the on-call", "仍会正常推送到 X") are what an active alert does
and a silenced or inhibited one does not: read as the state "active", a suppressed alert contradicts them,
an active one shows them, and a denial ("不会再推送") is read as one.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def alerts(state: str) -> EvidenceRow:
    silenced = ["5e0c9b7a-31d2-4f6e-8a1b-0c2d3e4f5a6b"] if state == "suppressed" else []
    alert = {
        "labels": {"alertname": "DiskFillingUp", "instance": "db-7:9100", "severity": "critical"},
        "annotations": {"summary": "disk on db-7 fills within 4h"},
        "receivers": [{"name": "pagerduty-dba"}],
        "startsAt": "2026-11-06T04:20:11.000Z",
        "status": {"state": state, "silencedBy": silenced, "inhibitedBy": []},
    }
    params = {"url": "http://alertmanager:9093/api/v2/alerts", "filter": ['alertname="DiskFillingUp"']}
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps([alert]), params)


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft",
    [
        "DiskFillingUp on db-7 is still paging pagerduty-dba.",
        "Notifications for DiskFillingUp are still going to pagerduty-dba.",
        "DiskFillingUp（db-7）仍会正常推送到 pagerduty-dba。",
        "db-7 的 DiskFillingUp 告警还在通知 pagerduty-dba。",
    ],
)
def test_notifications_told_as_sent_are_an_active_alerts(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, alerts("suppressed"))
    assert statuses(draft, alerts("active")) == {ClaimStatus.GROUNDED}
