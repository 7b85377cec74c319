"""A member said to be up or down where a record of it shows the other word is contradicted (liveness.py): "osd.6 is
down" of `ceph osd tree`'s "osd.6  up", "kafka-4 的状态为 up" of `"status": "down"`. Before, the words were read as
nothing and the claim grounded on the member's name alone, whatever its record said. The words are still no fact
the evidence must show (up is shown in many other words), so the state a record shows grounds as before. A change
("down to 412 MB", "up 40%", "went up") is no liveness, nor is a claim of both ("went down and came back up").
`ceph osd tree` gives an OSD's host (formats/ceph_osd_tree.py). Domain only, offline; rows and phrasings written
for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.liveness import said_liveness

OSD_TREE = (
    "ID   CLASS  WEIGHT    TYPE NAME           STATUS  REWEIGHT  PRI-AFF\n"
    "-1          24.00000  root default\n"
    "-3          12.00000      host store-a\n"
    " 2    ssd    2.00000          osd.2           up   1.00000  1.00000\n"
    " 5    ssd    2.00000          osd.5         down         0  1.00000\n"
    "-5          12.00000      host store-b\n"
    " 8    ssd    2.00000          osd.8           up   1.00000  1.00000\n"
)
BROKERS = {"brokers": [{"name": "kafka-1", "status": "up"}, {"name": "kafka-4", "status": "down", "since": "03:12"}]}
FIRED = [{"labels": {"alertname": "KafkaBrokerDown", "broker": "kafka-1"}, "status": {"state": "active"}}]
ROWS = [
    EvidenceRow("c-1", "ceph_cli", Outcome.INDIRECT_SUPPORT, OSD_TREE, {"command": "ceph osd tree"}),
    EvidenceRow("k-1", "kafka_admin", Outcome.INDIRECT_SUPPORT, json.dumps(BROKERS), {"cluster": "events"}),
    EvidenceRow("a-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(FIRED), {"filter": "severity=page"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "osd.5 on store-a is down.",
        "kafka-1 is up and running.",
        "osd.5（store-a）目前仍为 down。",
        "kafka-4 went down at 03:12.",
        "kafka-1 的状态为 up。",
        "kafka-4 is still down.",
    ],
)
def test_the_state_the_listing_shows_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "kafka-1 went down.",
        "kafka-4 is back up.",
        "kafka-1 目前仍为 down。",
        "kafka-4 的状态为 up。",
        "Broker kafka-4 is still up.",
        "KafkaBrokerDown fired for kafka-1, which is still down.",  # (an alert's name is no member of it)
    ],
)
def test_the_other_state_is_contradicted(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("the DB is down to 412 MB after the defrag", ""),
        ("p99 latency is up 40% since the deploy", ""),
        ("CPU went up after 10:00", ""),
        ("错误率比昨天上升了，目前是 3%", ""),
        ("kafka-4 is still down", "down"),
        ("osd.5 came back up at 03:20", "up"),
        ("osd.5 目前仍为 down", "down"),
        ("broker-2 的状态是 UP", "up"),
        ("kafka-4 went down at 03:12 and came back up at 03:15", ""),
        ("kafka-4 在 03:12 宕机后已经恢复，目前状态为 up", "up"),
    ],
)
def test_a_change_is_no_liveness(text: str, word: str) -> None:
    assert said_liveness(text) == word
