"""A setting named in words and given a value is read against the key that holds it (mode_words.py).

"Its WAF is running in PREVENTION mode" where the policy's record says `"WafMode": "DETECTION"`: the claim names
the key by its words, not as the record writes it, and had grounded on those words and been ACCEPTed (with no
name at all, too: "the threat protection level is PREMIUM"). A value
the record gives, a value denied, asked about or proposed, and words that name no key of the records decide
nothing. Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

POLICY = EvidenceRow(
    "c-1",
    "az",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {"name": "edge-waf", "WafMode": "DETECTION", "ThreatProtectionLevel": "STANDARD", "state": "Enabled"}, indent=2
    ),
    {"command": "az network front-door waf-policy show --name edge-waf -g rg-edge"},
)
REPLICA = EvidenceRow(
    "c-2",
    "shell",
    Outcome.INDIRECT_SUPPORT,
    "cluster: orders-pg\nreplication_mode: ASYNC\nsynchronous_standby_names: ''\nmembers: 3\n",
    {"command": "cat /etc/patroni/orders-pg.yml"},
)

CLUSTER = EvidenceRow(
    "c-3",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"ClusterName": "ledger-kafka", "ClusterType": "PROVISIONED", "State": "ACTIVE"}, indent=2),
    {"command": "aws kafka describe-cluster-v2 --cluster-arn arn:aws:kafka:eu-west-1:1:cluster/ledger-kafka/x"},
)
LOG = EvidenceRow(
    "c-4",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "service": "points-api",
            "thread": "NettyServerWorker-6-3",
            "ring": "ingester",
            "message": "Thread pool is EXHAUSTED! active: 200",
        }
    ),
    {"service": "points-api", "keyword": "EXHAUSTED"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [POLICY, REPLICA, CLUSTER, LOG]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "edge-waf's WAF is running in PREVENTION mode, so the blocked requests are real blocks.",
        "The threat protection level is PREMIUM.",
        "edge-waf 的 WAF 目前处于 PREVENTION 模式。",
        "edge-waf 的 threat protection level 为 PREMIUM。",
        "Replication on orders-pg is set to SYNC.",
        "orders-pg 的 replication 是 SYNC 模式。",
    ],
)
def test_another_value_than_the_key_holds_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "edge-waf's WAF is running in DETECTION mode, so nothing was blocked.",
        "edge-waf 的 WAF 目前处于 DETECTION 模式。",
        "The threat protection level of edge-waf is STANDARD.",
        "The threat protection level is STANDARD.",
        "Replication on orders-pg is ASYNC.",
        "orders-pg 的 replication 是 ASYNC 模式。",
    ],
)
def test_the_value_the_key_holds_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "edge-waf's WAF is not in PREVENTION mode.",
        "Consider switching edge-waf's WAF to PREVENTION mode.",
        "是否需要把 edge-waf 的 WAF 切到 PREVENTION 模式？",
        "orders-pg's cache is in WARM mode.",
        "edge-waf 的 WAF 不是 PREVENTION 模式。",
    ],
)
def test_a_value_denied_asked_or_of_no_key_decides_nothing(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "**Cluster**: ledger-kafka is ACTIVE.",
        "集群：ledger-kafka 目前是 ACTIVE。",
        "points-api logged `Thread pool is EXHAUSTED` 42 times.",
        "points-api 的 thread pool 在 ingester ring 里变为 EXHAUSTED。",
    ],
)
def test_a_label_a_quoted_line_or_a_key_holding_a_name_decides_nothing(draft: str) -> None:
    """A heading before a colon names no setting; a quoted log line says no value; a key whose value is a name
    (`"thread": "NettyServerWorker-6-3"`, `ring=ingester`) is no enumeration."""
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
