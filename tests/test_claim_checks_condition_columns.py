"""A condition said True or False is read against a table's column of that condition (condition_states.py).

`kubectl get` prints a claim's conditions as columns in capitals (`SYNCED   READY` … `True   False`); "the claim
reports Synced=True and Ready=True" had no fact of its own and was never read against them, and was ACCEPTed. The
column in capitals is the condition; a claim with no fact but a condition is read so too. The status the column
gives, or a condition no record gives, decides nothing. Domain only, offline; records and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TABLE = EvidenceRow(
    "c-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME           SYNCED   READY   CONNECTION-SECRET   AGE\nreports-db     True     False   reports-db-conn     41m\n",
    {"args": "get postgresinstance reports-db -n analytics"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [TABLE]) if c.kind in (ClaimKind.FACT, ClaimKind.CONTEXT)]


@pytest.mark.parametrize(
    "draft",
    [
        "The instance reports Synced=True and Ready=True.",
        "reports-db is Ready=True.",
        "reports-db 的 Ready 为 True。",
        "它显示 Ready=True，一切正常。",
    ],
)
def test_a_status_the_column_does_not_give_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    ["The instance reports Synced=True and Ready=False.", "reports-db 的 Ready 为 False。", "It reports Healthy=True."],
)
def test_the_status_the_column_gives_or_no_column_decides_nothing(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
