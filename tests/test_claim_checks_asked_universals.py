"""A universal over the records of a call asked about its subject: "storage-03: all 3 pools are ONLINE" where
`zpool list` ran on storage-03 and its rows never name the host. When the records are as many as the claim counts
and the claim says a name or state of each, each record must show it. Domain only, offline; phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def zpool_list(*health: str) -> EvidenceRow:
    rows = [
        f"{name:<8} {size:>6} {alloc:>6}  -  -  {frag:>3}  {cap:>3}  1.00x  {state:>8}  -"
        for (name, size, alloc, frag, cap), state in zip(
            [
                ("rpool", "928G", "201G", "11%", "21%"),
                ("backup", "21.8T", "15.2T", "29%", "69%"),
                ("vault", "43.6T", "30.1T", "17%", "69%"),
            ],
            health,
        )
    ]
    header = "NAME       SIZE  ALLOC  CKPOINT  EXPANDSZ  FRAG  CAP  DEDUP    HEALTH  ALTROOT"
    return EvidenceRow(
        "zfs-1",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        "\n".join([header, *rows]) + "\n",
        {"host": "nas-07", "cmd": "zpool list"},
    )


ONE_DEGRADED = zpool_list("ONLINE", "DEGRADED", "ONLINE")
ALL_ONLINE = zpool_list("ONLINE", "ONLINE", "ONLINE")


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, (row,)) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    "draft",
    [
        "nas-07 looks fine: all 3 pools are ONLINE.",
        "nas-07 上 3 个池都是 ONLINE。",
        "nas-07 上的 3 个池全部是 ONLINE。",
    ],
)
def test_a_record_of_another_state_contradicts_all_of_them(draft: str) -> None:
    assert status(draft, ONE_DEGRADED) == ClaimStatus.CONTRADICTED
    assert status(draft, ALL_ONLINE) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        # two of the three are ONLINE: a count that is not the listing's size ranges over fewer records
        "nas-07 上 2 个池都是 ONLINE。",
        # figures may be of the set ("21–69%"), not each record's: the range is not read for them
        "nas-07: all 3 pools are between 21% and 69% full.",
    ],
)
def test_a_count_other_than_the_listing_or_figures_of_the_set_are_not_read_over_it(draft: str) -> None:
    assert status(draft, ONE_DEGRADED) != ClaimStatus.CONTRADICTED
