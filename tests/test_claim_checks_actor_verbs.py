"""Who introduced, added, wrote or merged it: "introduced by Dariusz Kowalski", "Merged by Priya Raman", "the
check was added by rahul-iyer" (fact_vocabulary._ACTOR). Each names an actor the record must give, as "deployed
by X" does; a verb opening its sentence ("Merged by …") is read as the same verb. "by timer" names no one.
Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

BLAME = (
    "7d3e9a1c (Rahul Iyer 2026-08-14 10:22:31 +0000 141)     token = session.token()\n"
    '7d3e9a1c (Rahul Iyer 2026-08-14 10:22:31 +0000 142)     log.info("refresh token=%s", token)\n'
)
PULL = {
    "number": 881,
    "title": "auth: log refresh failures",
    "user": {"login": "rahul-iyer"},
    "merged_by": {"login": "priya-raman"},
    "merged_at": "2026-08-14T11:02:09Z",
    "merge_commit_sha": "7d3e9a1c44b0e2f6a9d1c3b5e7f9a1b3c5d7e9f1",
}


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("b-1", "git", Outcome.INDIRECT_SUPPORT, BLAME, {"args": "blame -L 141,142 auth/refresh.py"}),
        EvidenceRow("p-1", "github_api", Outcome.INDIRECT_SUPPORT, json.dumps(PULL), {"path": "/pulls/881"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "actor"),
    [
        ("The logging line was introduced by Dariusz Kowalski in commit 7d3e9a1.", "dariusz kowalski"),
        ("Merged by Priya Raman at 11:02 UTC.", "priya raman"),
        ("The retry was added by rahul-iyer last week.", "rahul-iyer"),
        ("The key was rotated by automation.", None),
        ("The job was started by timer.", None),
    ],
)
def test_the_actor_of_these_verbs_is_a_fact(draft: str, actor: str | None) -> None:
    actors = [f.key for f in extract_facts(draft) if f.kind == FactKind.ACTOR]
    assert actors == ([actor] if actor else [])


@pytest.mark.parametrize(
    "draft",
    [
        "The logging line was introduced by Dariusz Kowalski in commit 7d3e9a1.",
        "Merged by dkowalski at 11:02 UTC.",
        "PR #881 was merged by rahul-iyer.",
        "PR #881 由 dkowalski 合并。",
    ],
)
def test_an_actor_the_records_do_not_give_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "The logging line was introduced by Rahul Iyer in commit 7d3e9a1.",
        "PR #881 was merged by priya-raman.",
        "PR #881 由 priya-raman 合并。",
    ],
)
def test_the_actor_the_records_give_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
