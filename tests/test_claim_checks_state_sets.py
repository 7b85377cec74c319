"""A tool's own set of states for one column (Argo CD's health: Healthy, Progressing, Degraded, Suspended,
Missing; its sync: Synced, OutOfSync; a cloud resource's lifecycle) is closed: a word of the set said of a subject
("pricing-engine is back to Healthy", "pricing-engine 目前是 Healthy") is read against the subject's column even
where no record of the session gives that word, and a word of another set is no rival ("Synced" against a
`Health Status` of Degraded). The column may be printed in two title-case words (`Health Status:`), and a state
may be said as one returned to ("is back to", "恢复为", "became"). A git short hash (seven hex digits: "提交
7c0a2f4", "commit 9e4c1a7") is a name the session must show, and a part naming one ("Synced to v1.19.0 (e3d81a4)")
is about that commit's record, not the revision the claim opened with. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

APP = """Name:               argocd/billing-api
Project:            billing
Sync Policy:        Automated
Sync Status:        Synced to v3.4.1 (b41c9e2)
Health Status:      {health}
"""


def app(health: str) -> EvidenceRow:
    return EvidenceRow(
        "a-1", "argocd", Outcome.INDIRECT_SUPPORT, APP.format(health=health), {"args": "app get billing-api"}
    )


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "billing-api is Healthy.",
        "billing-api is back to Healthy.",
        "billing-api 目前是 Healthy。",
        "After the sync billing-api became Healthy.",
    ],
)
def test_a_word_of_a_closed_set_is_read_against_the_subjects_column(draft: str) -> None:
    assert statuses(draft, app("Progressing")) == [ClaimStatus.CONTRADICTED]
    assert ClaimStatus.CONTRADICTED not in statuses(draft, app("Healthy"))


@pytest.mark.parametrize("draft", ["billing-api is Synced to v3.4.1.", "billing-api 的同步状态是 Synced。"])
def test_a_word_of_another_set_is_no_rival(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, app("Degraded"))


@pytest.mark.parametrize(
    ("text", "hashes"),
    [
        ("对应提交 7c0a2f4。", ["7c0a2f4"]),
        ("commit 9e4c1a7 by Priya", ["9e4c1a7"]),
        ("1234567 rows", []),
        ("abcdefa", []),
    ],
)
def test_a_git_short_hash_is_a_name(text: str, hashes: list[str]) -> None:
    assert [f.key for f in extract_facts(text) if f.kind == FactKind.IDENTIFIER] == hashes


HISTORY = "ID  DATE                           REVISION\n40  2026-10-03 21:10:02 +0000 UTC  main (7c0a2f4)\n41  2026-10-04 22:48:10 +0000 UTC  main (9e1d3b7)\n"


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Sync 41 deployed commit 9e1d3b7.", True),
        ("同步 41 对应提交 9e1d3b7。", True),
        ("Sync 41 deployed commit 7c0a2f4.", False),
        ("同步 41 对应提交 7c0a2f4。", False),
    ],
)
def test_a_short_hash_is_bound_to_its_record(draft: str, grounded: bool) -> None:
    row = EvidenceRow("h-1", "argocd", Outcome.INDIRECT_SUPPORT, HISTORY, {"args": "app history ledger"})
    assert (statuses(draft, row) == [ClaimStatus.GROUNDED]) is grounded


def test_a_part_naming_its_own_commit_is_that_commits_record() -> None:
    rollout = EvidenceRow(
        "k-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "REVISION  CHANGE-CAUSE\n11        argocd sync v3.4.0\n12        argocd sync v3.4.1\n",
        {"args": "rollout history deployment/billing-api"},
    )
    draft = "billing-api is on revision 12, and Argo CD reports it Synced to v3.4.1 (b41c9e2)."
    assert statuses(draft, rollout, app("Healthy")) == [ClaimStatus.GROUNDED]
    assert statuses(draft.replace("b41c9e2", "c52d0f3"), rollout, app("Healthy")) != [ClaimStatus.GROUNDED]
