"""A Jenkins Pipeline's console is read one stage at a time, so a success said of the steps a claim names
("`go build` for ledger-api 3.2.0 succeeded") is judged on that stage, never contradicted by a later stage
that failed, while a success said of the failed stage ("the tests passed", "测试阶段成功") still is.
Domain only, offline; console and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CONSOLE = """Started by GitHub push by r-tanaka
[Pipeline] Start of Pipeline
[Pipeline] node
[Pipeline] {
[Pipeline] stage
[Pipeline] { (Build)
+ go build ./...
ledger-api 3.2.0: build succeeded in 54s
[Pipeline] }
[Pipeline] stage
[Pipeline] { (Test)
+ go test ./...
ledger-api 3.2.0: --- FAIL: TestPostingsBalance (0.42s)
FAIL
ERROR: script returned exit code 1
[Pipeline] }
[Pipeline] }
[Pipeline] End of Pipeline
Finished: FAILURE
"""


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("j-1", "jenkins_console", Outcome.DIRECT_SUPPORT, CONSOLE, {"job": "ledger-api", "build": 318})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["The Build stage of ledger-api 3.2.0 succeeded in 54s.", "ledger-api 3.2.0 的 Build 阶段成功，用时 54s。"]
)
def test_a_success_of_the_stage_named_is_judged_on_that_stage(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["The Test stage of ledger-api 3.2.0 succeeded.", "ledger-api 3.2.0 的 Test 阶段执行成功。"]
)
def test_a_success_of_the_failed_stage_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
