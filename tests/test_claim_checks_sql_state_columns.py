"""A state said of every member of a set, read against a SQL client's table (field_words._COMPOUND,
every_state._every_state): a column named in capitals for what it is the state of (`MEMBER_STATE`, `NODE_STATUS`)
is a state column, and a call that printed a second table of other columns (a member's queue counts) adds no member
to the set. "All three members are ONLINE" is contradicted by a member RECOVERING; it had grounded on the two rows
that give ONLINE. Domain only, offline; tables and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def members(third: str) -> EvidenceRow:
    text = (
        "+-------------+--------------+-------------+\n"
        "| MEMBER_HOST | MEMBER_STATE | MEMBER_ROLE |\n"
        "+-------------+--------------+-------------+\n"
        "| db-1        | ONLINE       | PRIMARY     |\n"
        "| db-2        | ONLINE       | SECONDARY   |\n"
        f"| db-3        | {third:<12} | SECONDARY   |\n"
        "+-------------+--------------+-------------+\n3 rows in set (0.00 sec)\n\n"
        "+-------------+-------------------+\n| MEMBER_HOST | APPLIER_QUEUE     |\n+-------------+-------------------+\n"
        "| db-1        |                 0 |\n| db-2        |                 0 |\n| db-3        |                 4 |\n"
        "+-------------+-------------------+\n3 rows in set (0.01 sec)\n"
    )
    return EvidenceRow(
        "m-1", "run_sql", Outcome.INDIRECT_SUPPORT, text, {"host": "db-1", "sql": "SELECT … FROM members"}
    )


def statuses(draft: str, third: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [members(third)]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", ["All three members are ONLINE.", "三个成员都是 ONLINE。"])
def test_a_member_in_another_state_contradicts_every_one(draft: str) -> None:
    assert statuses(draft, "RECOVERING") == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize("draft", ["All three members are ONLINE.", "三个成员都是 ONLINE。"])
def test_every_member_in_the_state_grounds_it(draft: str) -> None:
    assert statuses(draft, "ONLINE") == [ClaimStatus.GROUNDED]
