"""A fraction of a count of any plural noun, or of members in a state, is a fact stated as written
(fact_patterns._FRACTION).

"md0 is back to clean with 4/4 devices active", "2/3 OSDs up", "3/3 in sync", "4/4 块盘在线": the figure must be
shown; it had dropped out of the claim, and a claim that an array had recovered grounded on its name alone. A date
written as month/day ("6/4 正常的那次运行") and kubectl's READY column before a status ("1/1 Running") are no such
fraction.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def mdstat(members: str, flags: str) -> EvidenceRow:
    return EvidenceRow(
        "md-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        "Personalities : [raid6] [raid5] [raid4]\n"
        f"md0 : active raid5 sdd1[4] sdc1[2] sdb1[1] sda1[0]\n      2929893888 blocks level 5 [{members}] [{flags}]\n",
        {"host": "file-srv-03", "command": "cat /proc/mdstat"},
    )


DEGRADED = mdstat("4/3", "UUU_")
CLEAN = mdstat("4/4", "UUUU")


@pytest.mark.parametrize(
    "text", ["md0 is clean with 4/4 devices active.", "2/3 OSDs up", "3/3 in sync", "md0 的 4/4 块盘在线"]
)
def test_a_fraction_of_members_is_a_fact(text: str) -> None:
    assert [f for f in extract_facts(text) if f.kind == FactKind.ID and "/" in f.key]


@pytest.mark.parametrize("text", ["它发生在 6/4 正常的那次运行之后。", "All five pods are 1/1 Running."])
def test_a_date_or_a_ready_column_is_no_fraction_of_members(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.kind == FactKind.ID and "/" in f.key]


@pytest.mark.parametrize(
    "draft", ["The rebuild finished: md0 has 4/4 devices active.", "重建已完成：md0 的 4/4 块盘都在线。"]
)
def test_the_fraction_is_checked_against_the_array(draft: str) -> None:
    def status(row: EvidenceRow) -> ClaimStatus:
        return next(c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)

    assert status(CLEAN) == ClaimStatus.GROUNDED
    assert status(DEGRADED) != ClaimStatus.GROUNDED
