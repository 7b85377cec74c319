"""Who started a run, however the claim words it: "was started manually at 08:02 UTC by X" (an adverb before the
time), "triggered automatically by X", "#5512 是 X 手动触发的", "触发人是 X", "审批人为 X". Each names an actor
the run's own record must give; the author of the commit the run built is someone else. Domain only, offline;
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

PIPELINE = {
    "build_number": 5512,
    "creator": {"display_name": "Marta Kowalska", "nickname": "mkowalska"},
    "target": {"ref_name": "release/3.4", "commit": {"hash": "7c2d9e4f1a0b3c5d7e9f1a2b3c4d5e6f7a8b9c0d"}},
    "trigger": {"name": "MANUAL"},
    "state": {"name": "COMPLETED", "result": {"name": "SUCCESSFUL"}},
    "created_on": "2027-03-02T08:02:11Z",
    "completed_on": "2027-03-02T08:09:40Z",
}
COMMIT = {
    "hash": "7c2d9e4f1a0b3c5d7e9f1a2b3c4d5e6f7a8b9c0d",
    "author": {"raw": "Kenji Watanabe <kenji@corp.example>", "user": {"display_name": "Kenji Watanabe"}},
    "message": "billing-worker: retry ledger writes\n",
}
APPROVALS = "pipeline 5512 approval: state=APPROVED approver=wu.fang at 2027-03-02T08:01:30Z\n"


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow(
            "p-1", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(PIPELINE, indent=2), {"path": "/pipelines/5512"}
        ),
        EvidenceRow(
            "c-1", "ci_api", Outcome.INDIRECT_SUPPORT, json.dumps(COMMIT, indent=2), {"path": "/commit/7c2d9e4"}
        ),
        EvidenceRow("a-1", "ci_api", Outcome.INDIRECT_SUPPORT, APPROVALS, {"path": "/pipelines/5512/approvals"}),
    )


def judged_statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("phrase", "actor"),
    [
        ("Build #5512 was started manually at 08:02 UTC by Marta Kowalska.", "marta kowalska"),
        ("It was triggered automatically by mkowalska.", "mkowalska"),
        ("流水线 #5512 是 he.jun 手动触发的。", "he.jun"),
        ("#5512 的触发人是 Marta Kowalska。", "marta kowalska"),
        ("审批人为 wu.fang。", "wu.fang"),
    ],
)
def test_each_wording_names_an_actor(phrase: str, actor: str) -> None:
    assert actor in [f.key for f in extract_facts(phrase) if f.kind == FactKind.ACTOR]


@pytest.mark.parametrize(
    "draft",
    [
        "Build #5512 was started manually at 08:02:11 UTC by Kenji Watanabe and finished at 08:09:40 UTC.",
        "Pipeline #5512 on release/3.4 was triggered manually by Kenji Watanabe.",
        "#5512 是 Kenji Watanabe 手动触发的，08:09:40 UTC 完成。",
        "流水线 #5512 的触发人是 Kenji Watanabe，运行在 release/3.4 上。",
    ],
)
def test_the_commit_author_is_not_who_started_the_run(draft: str) -> None:
    found = judged_statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "Build #5512 was started manually at 08:02:11 UTC by Marta Kowalska and finished at 08:09:40 UTC.",
        "Pipeline #5512 on release/3.4 was triggered manually by Marta Kowalska.",
        "#5512 是 Marta Kowalska 手动触发的，08:09:40 UTC 完成。",
        "流水线 #5512 的触发人是 Marta Kowalska，运行在 release/3.4 上。",
    ],
)
def test_the_run_s_creator_is_who_started_it(draft: str) -> None:
    found = judged_statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


# an event at a time, and who made it, with no verb before the time: "a PutBucketPolicy … at 07:42:18 UTC by X"
# (a CloudTrail Lake query's rows; j.mendes only read the policy, eleven minutes before)
TRAIL = {
    "QueryResultRows": [
        {
            "eventName": "PutBucketPolicy",
            "eventTime": "2027-03-02 07:42:18.000",
            "userName": "terraform-ci-run-88",
            "bucketName": "ledger-exports",
        },
        {
            "eventName": "GetBucketPolicy",
            "eventTime": "2027-03-02 07:31:05.000",
            "userName": "j.mendes",
            "bucketName": "ledger-exports",
        },
    ]
}


def trail_statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "t-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(TRAIL, indent=2), {"command": "lookup-events"}
    )
    return [c.status for c in check_draft(draft, (row,)) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "CloudTrail shows a PutBucketPolicy on ledger-exports at 07:42:18 UTC by j.mendes.",
        "CloudTrail 记录了 ledger-exports 上的一次 PutBucketPolicy，07:42:18 UTC 由 j.mendes 执行。",
    ],
)
def test_an_event_at_a_time_by_someone_else_is_not_shown(draft: str) -> None:
    found = trail_statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "CloudTrail shows a PutBucketPolicy on ledger-exports at 07:42:18 UTC by terraform-ci-run-88.",
        "CloudTrail 记录了 ledger-exports 上的一次 PutBucketPolicy，07:42:18 UTC 由 terraform-ci-run-88 执行。",
    ],
)
def test_an_event_at_a_time_by_its_user_is_shown(draft: str) -> None:
    found = trail_statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize("phrase", ["Latency dropped at 03:00 by half.", "Throughput rose at 14:10 UTC by about 30%."])
def test_a_figure_after_a_time_is_no_actor(phrase: str) -> None:
    assert not [f for f in extract_facts(phrase) if f.kind == FactKind.ACTOR]
