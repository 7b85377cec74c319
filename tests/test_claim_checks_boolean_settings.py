"""A switch said to be on or off is read against the value the evidence gives its key (boolean_settings.py).

"with ContentBasedDeduplication enabled", "enable.auto.commit 为 false", "`readOnlyRootFilesystem` is not enabled":
a record assigning the key the other value (JSON, `key=value`, `key: value`) contradicts the claim; a record giving
the claimed value, a key no record assigns, or a switch asked about or proposed decides nothing.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TOPIC = EvidenceRow(
    "sns-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "Attributes": {
                "TopicArn": "arn:aws:sns:eu-west-1:111122223333:orders-events.fifo",
                "FifoTopic": "true",
                "ContentBasedDeduplication": "true",
                "SignatureVersion": "2",
            }
        },
        indent=4,
    ),
    {"args": "sns get-topic-attributes --topic-arn arn:aws:sns:eu-west-1:111122223333:orders-events.fifo"},
)
CONSUMER = EvidenceRow(
    "cf-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "bootstrap.servers=kafka-0:9092,kafka-1:9092\nenable.auto.commit=false\nauto.offset.reset=earliest\n"
    "max.poll.records=500\n",
    {"host": "ledger-consumer-1", "command": "cat /etc/ledger/consumer.properties"},
)
POD_SPEC = EvidenceRow(
    "yaml-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "    securityContext:\n      allowPrivilegeEscalation: false\n      readOnlyRootFilesystem: true\n"
    "      runAsNonRoot: true\n",
    {"args": "get pod billing-api-7d9c6f5b8-kx2mp -n billing -o yaml"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [TOPIC, CONSUMER, POD_SPEC]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("orders-events.fifo has ContentBasedDeduplication enabled.", False),
        ("orders-events.fifo 的 ContentBasedDeduplication 已开启。", False),
        ("ledger-consumer-1 runs with enable.auto.commit=false, so offsets are committed by the app.", False),
        ("ledger-consumer-1 上 enable.auto.commit 为 false。", False),
        ("billing-api-7d9c6f5b8-kx2mp has readOnlyRootFilesystem set to true.", False),
        ("orders-events.fifo has ContentBasedDeduplication disabled.", True),
        ("orders-events.fifo 的 ContentBasedDeduplication 未开启。", True),
        ("ledger-consumer-1 has enable.auto.commit turned on.", True),
        ("ledger-consumer-1 的 enable.auto.commit 已开启。", True),
        ("billing-api-7d9c6f5b8-kx2mp: allowPrivilegeEscalation is enabled.", True),
        ("billing-api-7d9c6f5b8-kx2mp 的 readOnlyRootFilesystem 是关闭的。", True),
    ],
)
def test_a_switch_is_read_against_the_value_its_key_is_given(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft)) is contradicted


@pytest.mark.parametrize(
    "draft",
    [
        "Confirm whether enable.auto.commit is enabled on ledger-consumer-1.",
        "需要确认 ledger-consumer-1 上 enable.auto.commit 是否开启。",
        "orders-events.fifo has RawMessageDelivery enabled.",  # a key no record assigns
        "TLS is enabled on orders-events.fifo.",  # no key
    ],
)
def test_a_switch_asked_about_or_unassigned_decides_nothing(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


def queue(name: str, dedup: str) -> EvidenceRow:
    return EvidenceRow(
        f"sqs-{name}",
        "aws_cli",
        Outcome.INDIRECT_SUPPORT,
        json.dumps({"Attributes": {"FifoQueue": "true", "ContentBasedDeduplication": dedup}}, indent=4),
        {"args": f"sqs get-queue-attributes --queue-url https://sqs.eu-west-1.amazonaws.com/111122223333/{name}"},
    )


NODES = EvidenceRow(
    "crdb-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "  id |        address         |         updated_at         | is_available | is_live\n"
    "-----+------------------------+----------------------------+--------------+---------\n"
    "   1 | db-0.internal:26257    | 2026-10-02 04:12:07.113204 | true         | true\n"
    "   2 | db-1.internal:26257    | 2026-10-02 03:51:44.021170 | false        | false\n"
    "   3 | db-2.internal:26257    | 2026-10-02 04:12:06.998412 | true         | true\n(3 rows)\n",
    {"host": "db-bastion", "command": "cockroach node status"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("payments-in.fifo has ContentBasedDeduplication disabled.", False),
        ("payments-in.fifo 的 ContentBasedDeduplication 未开启。", False),
        ("payments-in.fifo has ContentBasedDeduplication enabled.", True),
        ("payments-in.fifo 的 ContentBasedDeduplication 已开启。", True),
    ],
)
def test_only_the_subjects_own_records_decide(draft: str, contradicted: bool) -> None:
    rows = [queue("payments-in.fifo", "false"), queue("refunds-in.fifo", "true")]
    statuses = [c.status for c in check_draft(draft, rows)]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


@pytest.mark.parametrize(
    "draft",
    [
        "Node 2's updated_at stopped at 03:51:44, and both is_available and is_live are false.",
        "node 2 的 updated_at 停在 03:51:44，is_available 和 is_live 都是 false。",
    ],
)
def test_a_tables_cells_are_not_read_as_switches(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in [c.status for c in check_draft(draft, [NODES])]
