"""A duration that is the gap between two times the claim states in the same minute ("went down at 09:12:04 and
came back at 09:12:09, about 5 seconds") is the writer's subtraction: the times are checked, the duration is not a
fact of its own. Two times of one minute are two times (they had been read as one, by their minute). A duration
the two times do not make is still a fact to show.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def journal() -> EvidenceRow:
    text = (
        "Mar 03 09:12:04 fs-a corosync[1822]:   [KNET  ] link: host: 2 link: 0 is down\n"
        "Mar 03 09:12:09 fs-a corosync[1822]:   [KNET  ] rx: host: 2 link: 0 is up\n"
        "Mar 03 09:27:41 fs-a corosync[1822]:   [KNET  ] link: host: 2 link: 0 is down\n"
        "Mar 03 09:27:44 fs-a corosync[1822]:   [KNET  ] rx: host: 2 link: 0 is up\n"
    )
    return EvidenceRow(
        "j-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        text,
        {"host": "fs-a", "command": "journalctl -u corosync --since 09:00 --no-pager | grep KNET"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [journal()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "Link 0 to host 2 went down at 09:12:04 and came back at 09:12:09, about 5 seconds.",
        "host 2 的 link 0 在 09:12:04 断开，09:12:09 恢复，持续约 5 秒。",
        "| 2 | 09:27:41 | 09:27:44 | 约 3 秒 |",
    ],
)
def test_a_gap_of_two_times_in_one_minute_is_the_writers_subtraction(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "Link 0 to host 2 went down at 09:12:04 and came back at 09:12:09, about 9 seconds.",
        "host 2 的 link 0 在 09:12:04 断开，09:12:09 恢复，持续约 12 秒。",
        "| 2 | 09:27:41 | 09:27:44 | 约 8 秒 |",
    ],
)
def test_another_duration_is_still_a_fact(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
