"""A path whose parts hold a "+" ("/data/lost+found", "/opt/gcc/c++/include") is one name, read whole: it is named
by the rows that write it, and never cut at the "+" into a path no row writes ("/data/lost"). A path no row writes
is still a name nobody saw.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def listing() -> EvidenceRow:
    text = "total 24\ndrwx------ 2 root root 16384 Mar  2 04:11 lost+found\n-rw-r--r-- 1 root root  4096 Mar  2 04:12 #1573\n"
    return EvidenceRow(
        "l-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text, {"host": "db-7", "command": "ls -la /srv/pgdata/lost+found"}
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [listing()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "fsck left one file, #1573, in /srv/pgdata/lost+found on db-7.",
        "db-7 的 /srv/pgdata/lost+found 里有 fsck 留下的 #1573。",
    ],
)
def test_a_path_with_a_plus_is_read_whole(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    ["fsck left one file, #1573, in /srv/pgdata/lost+saved on db-7.", "db-7 的 /srv/pgdata/lost+saved 里有 #1573。"],
)
def test_a_path_no_row_writes_is_still_unseen(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
