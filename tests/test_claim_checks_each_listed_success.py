"""A success said of several listed ids ("build #412 succeeded, as did #411 and #410", "#412、#411、#410 三次都执行成功")
is said of each: one whose own record says it failed contradicts the claim. Before, the check looked for one record
naming all three ids, found none, and a failed build told as a success grounded. A claim that tells a failure too
("#411 failed, and #412 succeeded") says the success of some only, and is read as before. Domain only, offline; rows
and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BUILDS = """412 success 2027-02-10 03:00:04 +0000 UTC nightly
411 failure 2027-02-09 03:00:06 +0000 UTC nightly
410 success 2027-02-08 03:00:03 +0000 UTC nightly
"""
ROWS = [EvidenceRow("b-1", "ci_cli", Outcome.INDIRECT_SUPPORT, BUILDS, {"args": "build ls --event cron --limit 3"})]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "Last night's run, build #412, succeeded, as did #411 and #410 before it.",
        "昨晚的 #412 执行成功，之前的 #411 和 #410 也都成功了。",
    ],
)
def test_a_failed_one_among_the_listed_contradicts(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "Build #412 succeeded, as did #410.",
        "#412 和 #410 都执行成功了。",
        "Build #411 failed, and #412 succeeded the next night.",
        "#411 失败了，第二天晚上的 #412 执行成功。",
    ],
)
def test_the_listed_ones_that_succeeded_are_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
