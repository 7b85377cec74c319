"""A PostgreSQL WAL position (an LSN: "3A/9F21C0B8") is one name the evidence must show (fact_patterns._TOKEN_ID),
never the figure 3 read off its first part: "replay and receive are both at 3A/9F21C0B8" is grounded by a standby's
row that gives it, and another position is not. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

STANDBY = EvidenceRow(
    "r-1",
    "run_sql",
    Outcome.INDIRECT_SUPPORT,
    " client_addr | state     | sent_lsn    | replay_lsn  | replay_lag\n"
    "-------------+-----------+-------------+-------------+------------\n"
    " 10.4.0.23   | streaming | 3A/9F21C0B8 | 3A/9F21C0B8 | 00:00:00\n(1 row)\n",
    {"host": "pg01", "sql": "SELECT client_addr, state, sent_lsn, replay_lsn, replay_lag FROM pg_stat_replication"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [STANDBY]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    ["The standby at 10.4.0.23 has replayed up to 3A/9F21C0B8.", "10.4.0.23 的回放位置是 3A/9F21C0B8，没有积压。"],
)
def test_the_position_a_row_gives_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["The standby at 10.4.0.23 has replayed up to 3A/9F21B000.", "10.4.0.23 的回放位置是 3B/9F21C0B8。"]
)
def test_another_position_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


def test_the_position_is_one_name_not_a_figure() -> None:
    facts = extract_facts("LSN 都是 3A/9F21C0B8")
    assert [(f.kind, f.key) for f in facts] == [(FactKind.IDENTIFIER, "3a/9f21c0b8")]


@pytest.mark.parametrize("text", ["conn=913387/913388 on fd 1022/1023", "10/12 pods ready"])
def test_figures_around_a_slash_are_no_position(text: str) -> None:
    # (an LSN has a hex letter in it; two connection ids or a fraction have none)
    assert not [f for f in extract_facts(text) if f.kind == FactKind.IDENTIFIER and "/" in f.key]
