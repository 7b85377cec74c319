"""A size a tool prints in bytes without a unit (`du -sb`, `size_in_bytes`) shows a size the claim states in GiB at
the precision it is written to, rounded or cut ("412.6 GiB" of 443099553472, 412.67 GiB), never a whole step away
("about 6 GiB" of 5368709120, which is 5 GiB).

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def sizes() -> EvidenceRow:
    text = "5368709120\t/var/cache/objstore\n443099553472\t/srv/kafka/data\n"
    return EvidenceRow(
        "d-1",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        text,
        {"host": "kf-3", "command": "du -sb /var/cache/objstore /srv/kafka/data"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [sizes()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "/var/cache/objstore takes about 5 GiB on kf-3.",
        "kf-3 上 /var/cache/objstore 占用约 5 GiB。",
        "/srv/kafka/data holds 412.6 GiB on kf-3.",
        "kf-3 上 /srv/kafka/data 占用 412.7 GiB。",
    ],
)
def test_a_size_at_its_precision(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "/var/cache/objstore takes about 6 GiB on kf-3.",
        "kf-3 上 /var/cache/objstore 占用约 4 GiB。",
        "/srv/kafka/data holds 413.7 GiB on kf-3.",
    ],
)
def test_a_whole_step_away_is_another_size(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
