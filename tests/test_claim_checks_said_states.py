"""A tool's own state word said of the subject without the word "state" ("the ledger-sync group is Stable",
"该消费组处于 Stable") is the state the subject's record keeps in its state column: a record of the subject whose
column holds another word contradicts it. Kafka's consumer-group states, as the tool spells them. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

GROUPS = (
    "GROUP           COORDINATOR (ID)          ASSIGNMENT-STRATEGY  STATE                #MEMBERS\n"
    "ledger-sync     10.4.0.12:9092 (1)        range                PreparingRebalance   3\n"
    "audit-tail      10.4.0.11:9092 (0)        range                Stable               2\n"
)


def statuses(draft: str, preview: str, args: str) -> list[ClaimStatus]:
    row = EvidenceRow("r-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, {"args": args})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


KAFKA = "kafka-consumer-groups.sh --describe --all-groups --state"


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("The ledger-sync group is Stable with 3 members.", ClaimStatus.CONTRADICTED),
        ("The ledger-sync group is PreparingRebalance with 3 members.", ClaimStatus.GROUNDED),
        ("The audit-tail group is still Stable, 2 members.", ClaimStatus.GROUNDED),
        ("ledger-sync 消费组处于 Stable，3 个成员。", ClaimStatus.CONTRADICTED),
        ("ledger-sync 消费组处于 PreparingRebalance，3 个成员。", ClaimStatus.GROUNDED),
        ("audit-tail 消费组处于 Empty，没有成员。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_consumer_group_s_state_word_is_its_state_column(draft: str, status: ClaimStatus):
    assert statuses(draft, GROUPS, KAFKA)[0] == status


def test_the_plain_word_stable_is_prose_not_a_state():
    """ "is stable" in lower case is the draft's own word ("latency is stable"), never a tool's state."""
    assert ClaimStatus.CONTRADICTED not in statuses("ledger-sync's lag is stable at 3 members.", GROUPS, KAFKA)
