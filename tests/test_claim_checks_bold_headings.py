"""A line wholly in bold is a heading, also when it names a command or a table with an underscore ("**SHOW
POOL_NODES**", "**主库 pg_stat_replication**"): it is context, not a claim that no unit shows. Before, the underscore
kept such a line from being read as a heading, and a correct answer was held at LOW_CONFID by its own heading. A bold
line with a figure ("**3 backends are down**") is still a claim. Domain only, offline; rows and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

NODES = """ node_id | hostname | port | status | role    | select_cnt
---------+----------+------+--------+---------+------------
 0       | pg-a     | 5432 | up     | primary | 120
 1       | pg-b     | 5432 | down   | standby | 48210
 2       | pg-c     | 5432 | up     | standby | 47985
"""
ROWS = [EvidenceRow("p-1", "psql", Outcome.INDIRECT_SUPPORT, NODES, {"command": "SHOW POOL_NODES"})]


def judged(draft: str) -> list[tuple[str, ClaimStatus]]:
    return [
        (draft[c.start : c.end], c.status)
        for c in check_draft(draft, ROWS)
        if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "**SHOW POOL_NODES**\n\npg-b is down.\n",
        "**pool_nodes 结果**\n\npg-b 是 down。\n",
        "__SHOW POOL_NODES__\n\npg-b is down.\n",
    ],
)
def test_a_bold_line_naming_a_command_is_a_heading(draft: str) -> None:
    assert all("POOL_NODES" not in text and "pool_nodes" not in text for text, _ in judged(draft))
    assert [status for _, status in judged(draft)] == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["**5 backends are down**\n\npg-b is down.\n", "**有 5 个节点是 down**\n\npg-b 是 down。\n"]
)
def test_a_bold_line_with_a_figure_is_still_a_claim(draft: str) -> None:
    claims = judged(draft)
    assert len(claims) == 2 and "5" in claims[0][0]
    assert claims[0][1] != ClaimStatus.GROUNDED
