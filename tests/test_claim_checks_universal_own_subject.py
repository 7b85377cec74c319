"""A universal's predicate ends where a clause with a subject of its own begins: "all three primaries are online
and the writer is db-1" says each primary is online, not that each is the writer; "三个副本都在线，而且其主节点是
db-1" likewise. A name inside the universal's own predicate ("all three are on db-1") is still what each record
must name. Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

MEMBERS = (
    "+--------+--------------------+---------+--------+--------+\n"
    "| name   | address            | role    | writer | status |\n"
    "+--------+--------------------+---------+--------+--------+\n"
    '| "ledger" | "db-0.graph:7687" | "primary" | FALSE | "online" |\n'
    '| "ledger" | "db-1.graph:7687" | "primary" | TRUE  | "online" |\n'
    '| "ledger" | "db-2.graph:7687" | "primary" | FALSE | "online" |\n'
    "+--------+--------------------+---------+--------+--------+\n"
    "3 rows\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    return (EvidenceRow("m-1", "cypher_shell", Outcome.INDIRECT_SUPPORT, MEMBERS, {"query": "SHOW DATABASE ledger"}),)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "All three primaries of ledger are online and the writer is db-1.",
        "All three primaries are online but the current writer is db-1.",
        "ledger 的 3 个 primary 都是 online 而且其 writer 是 db-1。",
    ],
)
def test_a_clause_with_its_own_subject_is_not_the_universal_s_predicate(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft", ["All three primaries of ledger are online on db-1.", "ledger 的 3 个 primary 都在 db-1 上。"]
)
def test_a_name_in_the_universal_s_own_predicate_is_each_record_s(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
