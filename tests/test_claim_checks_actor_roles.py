"""An actor in a role: a record that names the person in another role does not show the claim ("Approved by
Priya Nair" is no proof that Priya Nair started the build; `"merged_by": {"login": …}` is who merged a pull
request, not who wrote it). A record that gives the name no role shows any. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CONSOLE = "\n".join(
    [
        "Started by user Tomasz Wojcik",
        "Running on build-agent-11 in /var/lib/jenkins/workspace/billing-api-release",
        "[Pipeline] { (Approval)",
        "Release billing-api 7.3.1 to production?",
        "Approved by Priya Nair",
        "[Pipeline] { (Deploy)",
        'Release "billing-api" has been upgraded. Happy Helming!',
        "Finished: SUCCESS",
    ]
)


def console() -> EvidenceRow:
    return EvidenceRow("jk-1", "jenkins", Outcome.INDIRECT_SUPPORT, CONSOLE, {"job": "billing-api-release"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("这次发布由 tomasz.w 发起。", True),
        ("这次发布由 priya.n 审批。", True),
        ("这次发布由 priya.n 发起。", False),
        ("这次发布由 priya.n 执行。", False),
    ],
)
def test_a_person_in_another_role_does_not_show_the_claim_zh(draft: str, grounded: bool) -> None:
    text = CONSOLE.replace("Tomasz Wojcik", "tomasz.w").replace("Priya Nair", "priya.n")
    row = EvidenceRow("jk-2", "jenkins", Outcome.INDIRECT_SUPPORT, text, {"job": "billing-api-release"})
    found = statuses(draft, row)
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


def pull_request() -> EvidenceRow:
    body = {
        "number": 4471,
        "title": "billing: cache FX rates for 60s",
        "user": {"login": "mei-lin"},
        "merged": True,
        "merged_by": {"login": "oskar-b"},
        "merged_at": "2026-09-03T07:12:44Z",
    }
    return EvidenceRow("gh-1", "github_api", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"pr": 4471})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The release was started by Tomasz Wojcik.", True),
        ("The release was approved by Priya Nair.", True),
        ("The release was started by Priya Nair.", False),
        ("The release was initiated by Priya Nair.", False),
    ],
)
def test_a_person_in_another_role_does_not_show_the_claim(draft: str, grounded: bool) -> None:
    found = statuses(draft, console())
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("PR #4471 was merged by oskar-b.", True),
        ("PR #4471 由 oskar-b 合并。", True),
        ("PR #4471 was merged by mei-lin.", False),
        ("PR #4471 由 mei-lin 合并。", False),
        # "自己", "亲自" between the name and the verb
        ("PR #4471 由 oskar-b 亲自合并。", True),
        ("PR #4471 由 mei-lin 自己合并。", False),
    ],
)
def test_who_merged_is_not_who_wrote_it(draft: str, grounded: bool) -> None:
    found = statuses(draft, pull_request())
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


def test_a_record_that_gives_no_role_shows_any() -> None:
    audit = EvidenceRow(
        "au-1",
        "audit_log_search",
        Outcome.INDIRECT_SUPPORT,
        "2026-09-03T07:30:02Z  mei-lin  patch  deployments/billing-api  200",
        {"resource": "billing-api"},
    )
    assert statuses("billing-api was restarted by mei-lin at 07:30:02 UTC.", audit) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a time or a date between the actor and the verb ("由 X 本人在 07:12 UTC 合并", "在 09-03 由 X 合并")
        ("PR #4471 由 oskar-b 本人在 07:12:44 UTC 合并进 main。", True),
        ("PR #4471 由 mei-lin 本人在 07:12:44 UTC 合并进 main。", False),
        ("PR #4471 在 09-03 由 oskar-b 合并。", True),
        ("PR #4471 在 09-03 由 mei-lin 合并。", False),
        ("PR #4471 was merged at 07:12:44 UTC by oskar-b.", True),
        ("PR #4471 was merged at 07:12:44 UTC by mei-lin.", False),
    ],
)
def test_who_merged_is_read_across_a_time(draft: str, grounded: bool) -> None:
    found = statuses(draft, pull_request())
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded
