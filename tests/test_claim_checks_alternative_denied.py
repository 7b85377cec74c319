"""A clause that only denies an alternative, with no fact of its own ("而不是 CPU 不够。", "rather than a network
fault", "not a code problem"), asserts nothing a call could show: it is no finding, so it no longer holds a
correct answer at LOW_CONFID as a vague claim. The same words said as a finding ("CPU 不够。", "The network is
at fault."), or a denial that names something ("而不是 ledger-db-9 的问题"), are judged as before. Written in the
session of heldout52 and 53 from the vague claims of the correct answers; domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ROWS = [
    EvidenceRow(
        "d-1",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme1n1    500G  485G   15G  97% /var/lib/pgsql\n",
        {"host": "ledger-db-1", "command": "df -h /var/lib/pgsql"},
    )
]


def judged(draft: str) -> list[tuple[ClaimKind, ClaimStatus]]:
    return [(c.kind, c.status) for c in check_draft(draft, ROWS)]


@pytest.mark.parametrize(
    "clause", ["而不是 CPU 不够。", "而非代码问题。", "Rather than a network fault.", "Not a code problem."]
)
def test_a_clause_that_only_denies_an_alternative_is_no_finding(clause: str) -> None:
    found = judged(f"ledger-db-1 的 /var/lib/pgsql 已用 97%。{clause}")
    assert found[-1][0] == ClaimKind.CONTEXT and (ClaimKind.FACT, ClaimStatus.GROUNDED) in found


@pytest.mark.parametrize("clause", ["CPU 不够。", "The network is at fault.", "代码有问题。"])
def test_the_same_words_as_a_finding_stay_vague(clause: str) -> None:
    assert judged(f"ledger-db-1 的 /var/lib/pgsql 已用 97%。{clause}")[-1] == (ClaimKind.FACT, ClaimStatus.UNCHECKABLE)


def test_a_denial_that_names_something_is_still_checked() -> None:
    found = judged("ledger-db-1 的 /var/lib/pgsql 已用 97%。而不是 ledger-db-9 的问题。")
    assert found[-1][0] == ClaimKind.FACT and found[-1][1] != ClaimStatus.UNCHECKABLE
