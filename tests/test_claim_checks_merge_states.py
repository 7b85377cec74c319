"""Whether a pull or merge request was merged, as a code host's API records it (`"merged": false`, `"state":
"merged"`), is read against a claim that numbers the request and says it was merged ("has been merged into main",
"已经合并") or is still open ("still open", "还没合并") (merge_states.py). Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

OPEN_PR = EvidenceRow(
    "g-1",
    "github_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "number": 877,
            "state": "open",
            "title": "Retry S3 uploads with jitter",
            "user": {"login": "tkowal"},
            "merged": False,
            "merged_at": None,
            "base": {"ref": "main"},
        }
    ),
    {"path": "/repos/acme/uploader/pulls/877"},
)
MERGED_MR = EvidenceRow(
    "l-1",
    "gitlab_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"iid": 53, "state": "merged", "title": "Raise worker pool", "merged_at": "2026-10-02T08:14:00Z"}),
    {"path": "/projects/7/merge_requests/53"},
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [OPEN_PR, MERGED_MR]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "The fix, PR #877 by tkowal, has been merged into main.",
        "修复 PR #877 已经合并到 main 了。",
        "MR !53 (Raise worker pool) is still open.",
        "MR !53 还没合并。",
    ],
)
def test_a_merge_the_record_denies_is_contradicted(draft: str):
    assert decision(draft) == Decision.REJECT


@pytest.mark.parametrize(
    "draft",
    [
        "The fix, PR #877 by tkowal, is still open and not merged yet.",
        "修复 PR #877 还没有合并。",
        "MR !53 (Raise worker pool) was merged.",
        "MR !53 已经合入了。",
    ],
)
def test_a_merge_state_the_record_gives_is_not_contradicted(draft: str):
    assert decision(draft) != Decision.REJECT
