"""A figure alone in a table cell of the draft ("| 20875 | wms-svc | 4096 | 10:44:37 |") is as bare as a plain
number in prose: a unit that writes those digits as they stand grounds it, even glued to a name as a job's id is
(`lpstat`'s `ZT410_A-20875`). A figure no unit writes is still a fact to show.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def queue() -> EvidenceRow:
    text = (
        "printer Dock_Zebra_ZT230 is idle.  enabled since Tue 03 Nov 2026 07:02:10 AM UTC\n"
        "Dock_Zebra_ZT230-7311  shipd             2048   Tue 03 Nov 2026 09:14:02 AM UTC\n"
        "Dock_Zebra_ZT230-7314  shipd             6144   Tue 03 Nov 2026 09:20:45 AM UTC\n"
    )
    return EvidenceRow("p-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text, {"host": "prt-3", "command": "lpstat -p -o"})


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [queue()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "| Job | Owner | Bytes | Submitted |\n|---|---|---|---|\n| 7311 | shipd | 2048 | 09:14:02 |\n| 7314 | shipd | 6144 | 09:20:45 |",
        "| 作业 | 提交者 | 大小 | 提交时间 |\n|---|---|---|---|\n| 7311 | shipd | 2048 | 09:14:02 |\n| 7314 | shipd | 6144 | 09:20:45 |",
    ],
)
def test_a_figure_alone_in_a_cell_is_read_as_written(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED, ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "| Job | Owner | Bytes | Submitted |\n|---|---|---|---|\n| 7311 | shipd | 6144 | 09:14:02 |",
        "| 作业 | 提交者 | 大小 | 提交时间 |\n|---|---|---|---|\n| 7312 | shipd | 2048 | 09:14:02 |",
    ],
)
def test_a_figure_no_unit_writes_is_still_a_fact(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
