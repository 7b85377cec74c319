"""Two tables a call prints one after the other (`df -h /srv; df -i /srv`, two commands joined by ";") are two
blocks: the first ends at the second's header, so its rows are read too ("1.6T used, 204G free").

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def df() -> EvidenceRow:
    text = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme1n1    1.8T  1.6T  204G  89% /srv\n"
        "Filesystem        Inodes   IUsed     IFree IUse% Mounted on\n"
        "/dev/nvme1n1   122101760 9120443 112981317    8% /srv\n"
    )
    return EvidenceRow(
        "d-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "cache-9", "command": "df -h /srv; df -i /srv"}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "/srv on cache-9 has 1.6T used and 204G free (89%).",
        "cache-9 的 /srv 已用 1.6T，剩余 204G，使用率 89%。",
        "/srv on cache-9 uses 8% of its inodes.",
    ],
)
def test_the_rows_of_both_tables_are_read(draft: str) -> None:
    assert statuses(draft, df()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize("draft", ["/srv on cache-9 has 1.2T used.", "cache-9 的 /srv 剩余 504G。"])
def test_another_figure_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, df())


def df_inodes_full() -> EvidenceRow:
    text = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme1n1    1.8T  0.9T  0.9T  50% /srv\n"
        "Filesystem        Inodes     IUsed IFree IUse% Mounted on\n"
        "/dev/nvme1n1   122101760 122101760     0  100% /srv\n"
    )
    return EvidenceRow(
        "d-2", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "cache-9", "command": "df -h /srv; df -i /srv"}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "/srv（/dev/nvme1n1）的 inode 上限 122,101,760 个已经全部用掉（IUsed 122,101,760，IFree 0，IUse% 100%）。",
        "The inode limit of /srv (/dev/nvme1n1), 122,101,760, is all used up (IUsed 122,101,760, IFree 0, IUse% 100%).",
    ],
)
def test_a_whole_used_up_is_no_universal_over_the_records(draft: str) -> None:
    # "全部用掉", "all used up": how much of one thing, not a value each record naming the disk must show
    assert statuses(draft, df_inodes_full()) == [ClaimStatus.GROUNDED]
