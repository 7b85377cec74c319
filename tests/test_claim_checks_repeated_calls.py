"""A state said to hold now, read from a call the agent ran again later with another answer, is stale: the later
run of the same tool with the same parameters contradicts "the queue is currently empty" when it no longer
prints what the claim read. A claim of the earlier run as such, of the later run, or a later run that failed or
printed the same decides nothing here.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_ASKED = {"host": "relay-04", "command": "mailq | tail -1"}


def mailq(id: str, text: str, outcome: Outcome = Outcome.DIRECT_SUPPORT) -> EvidenceRow:
    return EvidenceRow(id, "ssh_exec", outcome, text, dict(_ASKED))


def unit(id: str, text: str) -> EvidenceRow:
    return EvidenceRow(
        id, "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "relay-04", "command": "systemctl is-active haproxy"}
    )


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def lag(id: str, current: int, end: int) -> EvidenceRow:
    text = f"GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\nledger  ledger  2          {current}        {end}        {end - current}\n"
    return EvidenceRow(
        id, "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "kafka-consumer-groups --describe --group ledger"}
    )


STUCK = (lag("g-1", 7712040, 7713900), lag("g-2", 7712040, 7715480))
EMPTY_THEN_FULL = (mailq("q-1", "Mail queue is empty"), mailq("q-2", "-- 5120 Kbytes in 733 Requests."))
DOWN_THEN_UP = (unit("u-1", "inactive"), unit("u-2", "active"))


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ('relay-04\'s mail queue is currently empty (mailq: "Mail queue is empty").', EMPTY_THEN_FULL),
        ("relay-04 的邮件队列目前是空的：mailq 显示 “Mail queue is empty”。", EMPTY_THEN_FULL),
        ("haproxy on relay-04 is still inactive.", DOWN_THEN_UP),
        ("relay-04 上的 haproxy 当前仍是 inactive。", DOWN_THEN_UP),
    ],
)
def test_the_first_answer_said_to_hold_now_is_stale(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert statuses(draft, *rows) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("relay-04's mail queue is currently 733 requests (5120 Kbytes).", EMPTY_THEN_FULL),
        ("haproxy on relay-04 is currently active.", DOWN_THEN_UP),
        ("relay-04 上的 haproxy 一开始是 inactive。", DOWN_THEN_UP),  # the earlier run, said as such
        ("relay-04's mail queue was empty at first.", EMPTY_THEN_FULL),
        # the later run failed, or printed the same: nothing newer to read
        (
            "relay-04's mail queue is currently empty.",
            (mailq("q-1", "Mail queue is empty"), mailq("q-2", "", Outcome.FAILED)),
        ),
        ("relay-04 的邮件队列目前是空的。", (mailq("q-1", "Mail queue is empty"), mailq("q-2", "Mail queue is empty"))),
        # what the claim read is still printed by the later run, beside what changed
        ("Partition 2's committed offset is still 7712040.", STUCK),
        ("分区 2 的 CURRENT-OFFSET 仍是 7712040。", STUCK),
    ],
)
def test_what_the_later_run_does_not_refute_is_not_contradicted(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, *rows)
