"""The latest record of an outcome ("the latest passing build is #48300", "最近一次通过的是 #48300", "the most recent
failed run", "最近一次失败的是 …") is the newest record with that outcome, not the newest record: a later record of
another outcome does not contradict it, a later record of the same outcome does. Before, a correct "last passed
build" was REJECTed because a newer build had failed, and an English "last passing" was not read at all. (A record
told as the latest passing one is not required to say "passed" itself: many records of a success carry no such
word, an archiver's `last_archived_wal`, a sync's counts.) Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BUILDS = [
    {"number": 7713, "state": "failed", "branch": "main", "commit": "e41b7c2", "created_at": "2027-01-12T12:40:03Z"},
    {"number": 7712, "state": "passed", "branch": "main", "commit": "2ab9f31", "created_at": "2027-01-12T11:05:47Z"},
    {"number": 7711, "state": "passed", "branch": "main", "commit": "9c04d1e", "created_at": "2027-01-12T10:00:12Z"},
]
ROWS = [
    EvidenceRow(
        "b-1",
        "buildkite_builds",
        Outcome.INDIRECT_SUPPORT,
        json.dumps(BUILDS),
        {"pipeline": "ledger", "branch": "main"},
    )
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The latest passing build on main is #7712 (`2ab9f31`).",
        "main 上最近一次通过的是 #7712（`2ab9f31`）。",
        "The most recent failed build on main is #7713.",
        "main 上最近一次失败的是 #7713。",
    ],
)
def test_the_newest_record_of_the_outcome_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The latest passing build on main is #7711 (`9c04d1e`).",
        "main 上最近一次通过的是 #7711（`9c04d1e`）。",
        "The last passing build on main was #7711.",
        "main 上最近一次失败的是 #7712。",
    ],
)
def test_an_older_record_of_the_outcome_or_one_of_another_outcome_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
