"""A branch said of a run ("built from the main branch", "main 分支的提交", "on branch release/4.2") is the branch the
run's records give: GitHub Actions' `head_branch`, GitLab's `ref`, Azure DevOps' `sourceBranch`
(`refs/heads/…`), TeamCity's `branchName`. Another branch there, and the claimed one in no branch field of the
subject's records, contradicts the claim. A pull request's target branch is a branch of it too; a repository's
`default_branch` is no run's; records with no branch field decide nothing. Domain only, offline; payloads and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.branches import said_branches
from evidence_trace.server.domain.verifier.grounding import check_draft

GH_RUN = {
    "id": 11839201457,
    "name": "deploy-prod",
    "head_branch": "release/4.2",
    "head_sha": "9c41e07b2d5a8f31c6e0b7d4a2f9e1c3b5d7a086",
    "run_number": 1187,
    "status": "completed",
    "conclusion": "success",
}
ADO_RUN = {
    "id": 73310,
    "buildNumber": "20261104.3",
    "sourceBranch": "refs/heads/hotfix/ledger-rounding",
    "sourceVersion": "e57a1c90d3b24f68a1c7e9d05b3f2a84c6e1d097",
    "result": "failed",
}
GITLAB_MR = {
    "iid": 482,
    "title": "Bump grpc to 1.66",
    "source_branch": "deps/grpc-1.66",
    "target_branch": "main",
    "merge_commit_sha": "b1d9e4f07a2c6e83d5f0a9b7c4e2d1f08a6b3c95",
    "state": "merged",
}
REPO = {"full_name": "acme/ledger", "default_branch": "main", "pushed_at": "2026-11-04T08:12:44Z"}
TEAMCITY = (
    '<build id="40117" buildTypeId="Ledger_Build" number="2291" status="FAILURE" state="finished" '
    'branchName="feature/fx-rates" href="/app/rest/builds/id:40117"/>'
)


def row(body: object, tool: str = "ci_api") -> EvidenceRow:
    text = body if isinstance(body, str) else json.dumps(body, indent=2)
    return EvidenceRow("ci-1", tool, Outcome.INDIRECT_SUPPORT, text, {})


def status(draft: str, body: object) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row(body)]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "body"),
    [
        ("deploy-prod run 1187 was built from the main branch at 9c41e07.", GH_RUN),
        ("deploy-prod 的 1187 次运行构建的是 main 分支的 9c41e07。", GH_RUN),
        ("Build 20261104.3 ran commit e57a1c9 on branch develop.", ADO_RUN),
        ("20261104.3 这次构建用的是 develop 分支的 e57a1c9。", ADO_RUN),
        ("Build 2291 of Ledger_Build ran on the `feature/fx-ratez` branch.", TEAMCITY),
        ("Ledger_Build 的 #2291 构建跑的是 release/4.2 分支。", TEAMCITY),
    ],
)
def test_another_branch_than_the_run_s_contradicts(draft: str, body: object) -> None:
    assert status(draft, body) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    ("draft", "body"),
    [
        ("deploy-prod run 1187 was built from the release/4.2 branch at 9c41e07.", GH_RUN),
        ("deploy-prod 的 1187 次运行构建的是 release/4.2 分支的 9c41e07。", GH_RUN),
        ("Build 20261104.3 ran commit e57a1c9 on branch hotfix/ledger-rounding.", ADO_RUN),
        ("20261104.3 这次构建用的是 hotfix/ledger-rounding 分支的 e57a1c9。", ADO_RUN),
        ("Build 2291 of Ledger_Build ran on the `feature/fx-rates` branch.", TEAMCITY),
        ("Ledger_Build 的 #2291 构建跑的是 feature/fx-rates 分支。", TEAMCITY),
    ],
)
def test_the_run_s_own_branch_grounds(draft: str, body: object) -> None:
    assert status(draft, body) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "MR !482 merged deps/grpc-1.66 into the main branch as b1d9e4f.",
        "MR !482 把 deps/grpc-1.66 合进了 main 分支，合并提交是 b1d9e4f。",
    ],
)
def test_a_pull_request_s_target_branch_is_one_of_its_branches(draft: str) -> None:
    assert status(draft, GITLAB_MR) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft", ["acme/ledger was last pushed to on the develop branch.", "acme/ledger 最近一次推送在 develop 分支上。"]
)
def test_a_repository_s_default_branch_is_no_run_s(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in [c.status for c in check_draft(draft, [row(REPO)])]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("built from the `main` branch", ["main"]),
        ("on branch release/2.14 at 10:05", ["release/2.14"]),
        ("hotfix-812 分支上的构建", ["hotfix-812"]),
        ("分支为 feature/login，", ["feature/login"]),
        ("pushed to the feature branch", []),  # no name
        ("on the same branch as before", []),
        ("同一个分支上", []),
    ],
)
def test_a_branch_name_is_read_only_where_it_is_shaped_like_one(text: str, names: list[str]) -> None:
    assert said_branches(text) == names
