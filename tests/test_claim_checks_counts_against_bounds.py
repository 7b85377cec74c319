"""How many there are is a value found: a count the claim gives as what a thing holds ("the DLQ holds about 10,000
messages", "死信队列里约有 10,000 条消息") is never shown by a bound ("more than 10000 ready messages", a query's
`> 10000`), while a count the claim names as a threshold ("the 10,000-message alert threshold", "10,000 条的告警
阈值") still is (threshold_words.mark_found_values). Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

ALERT = EvidenceRow(
    "a-1",
    "alertmanager_alerts",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        [
            {
                "labels": {"alertname": "DeadLetterBacklog", "queue": "orders.dlq", "severity": "warning"},
                "annotations": {"description": "Queue orders.dlq has more than 10000 ready messages."},
                "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
                "startsAt": "2026-11-02T03:10:00Z",
            }
        ]
    ),
    {"filter": 'alertname="DeadLetterBacklog"'},
)
DEPTH = EvidenceRow(
    "m-1",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "status": "success",
            "data": {
                "resultType": "vector",
                "result": [{"metric": {"queue": "orders.dlq"}, "value": [1793589000, "27431"]}],
            },
        }
    ),
    {"query": 'rabbitmq_queue_messages_ready{queue="orders.dlq"} > 10000'},
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [ALERT, DEPTH]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "DeadLetterBacklog is firing: orders.dlq is holding about 10,000 ready messages.",
        "DeadLetterBacklog 在告警：orders.dlq 里约有 10,000 条待处理消息。",
    ],
)
def test_a_count_is_not_shown_by_a_bound(draft: str):
    assert decision(draft) != Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "DeadLetterBacklog is firing. orders.dlq holds 27,431 ready messages.",
        "orders.dlq has 27,431 ready messages, above the 10,000-message alert threshold.",
        "orders.dlq 里有 27,431 条待处理消息，超过了 10,000 条的告警阈值。",
    ],
)
def test_the_count_found_and_a_threshold_named_as_one_ground(draft: str):
    assert decision(draft) == Decision.ACCEPT
