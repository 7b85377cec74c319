"""A record named by the last part of its path (path_tails.sibling_value, through listing_sizes.listing_rival).

`du -sh /var/spool/postfix/*` lists one record per directory. "大头是 incoming 队列（37G）" gives the incoming
directory the 37G that the deferred directory's record shows: the value is a sibling's, and the claim is not
grounded. The name must stand right before the value (a noun or a mark between at most), and the value must be a
size or a time, as a listing gives each record's.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DU = EvidenceRow(
    "du-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "12K\t/var/spool/postfix/pid\n3.1G\t/var/spool/postfix/active\n5.8G\t/var/spool/postfix/incoming\n"
    "37G\t/var/spool/postfix/deferred\n",
    {"host": "mail-relay", "command": "sudo du -sh /var/spool/postfix/* | sort -h | tail -4"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [DU]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "大头是 incoming 队列（37G），active 有 3.1G。",
        "incoming 目录占了 37G。",
        "The bulk is the incoming queue (37G), with 3.1G in active.",
        "On mail-relay, incoming: 37G.",
    ],
)
def test_a_sibling_records_value_said_of_another_record_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "大头是 deferred 队列（37G），active 有 3.1G。",
        "deferred 目录占了 37G，incoming 只有 5.8G。",
        "The bulk is the deferred queue (37G), with 3.1G in active.",
        "On mail-relay, deferred: 37G and incoming: 5.8G.",
    ],
)
def test_each_records_own_value_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
