"""An alert named the way its rule names it, in lowerCamelCase ("what tripped etcdHighNumberOfLeaderChanges",
"etcdMembersDown 告警已触发"), is an identifier the session must show: named nowhere, it is invented (it had been read
as an ordinary word, bound only where the session names it, and dropped). A lowerCamelCase setting or variable
("raise maxPoolSize to 40") still binds only where the session names it (fact_patterns.camel_soft). Domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ALERTS = EvidenceRow(
    "a-1",
    "alertmanager_alerts",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        [
            {
                "labels": {"alertname": "etcdHighFsyncDurations", "instance": "10.4.0.13:2379", "severity": "warning"},
                "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
                "startsAt": "2026-11-02T11:31:45Z",
            }
        ]
    ),
    {"filter": "job=etcd"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [ALERTS])]


@pytest.mark.parametrize(
    "draft",
    [
        "etcdHighFsyncDurations is firing for 10.4.0.13:2379, which also tripped etcdHighNumberOfLeaderChanges.",
        "10.4.0.13:2379 上 etcdHighFsyncDurations 正在告警，etcdHighNumberOfLeaderChanges 也已触发。",
        "The etcdInsufficientMembers alert is firing too.",
    ],
)
def test_an_alert_rule_name_named_nowhere_is_invented(draft: str):
    assert ClaimStatus.INVENTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "etcdHighFsyncDurations is firing for 10.4.0.13:2379.",
        "10.4.0.13:2379 上的 etcdHighFsyncDurations 告警仍在触发。",
        "Consider raising maxPoolSize to 40 once the disk is fixed.",
        "建议把 connectionTimeoutMillis 调到 5000。",
    ],
)
def test_a_shown_alert_or_a_setting_is_not_invented(draft: str):
    assert ClaimStatus.INVENTED not in statuses(draft)
