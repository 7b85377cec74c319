"""How often a setting was crossed is not its value: "has now crossed that limit two days in a row" and "接口今天超时
3 次" state no limit and no timeout, so a config that gives another value does not contradict them. A value said
with the setting's name still is one ("the time limit is 60 minutes", "超时时间为 60 秒") and is checked against
the config as before. Domain only, offline; records and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CONFIG = EvidenceRow(
    "cfg-1",
    "job_log",
    Outcome.INDIRECT_SUPPORT,
    "nightly-export: request timeout 30s, retries 2\n"
    "nightly-export: job was stopped because it exceeded the execution time limit of 45 minutes\n",
    {"job": "nightly-export", "run": "r-2207"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (CONFIG,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "nightly-export has now crossed that limit two days in a row.",
        "nightly-export hit the time limit 3 times this week.",
        "nightly-export 今天请求超时 3 次。",
        "nightly-export 连续两天超过上限 2 次。",
    ],
)
def test_how_often_it_was_crossed_is_not_its_value(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft", ["nightly-export's execution time limit is 60 minutes.", "nightly-export 的请求超时时间为 60 秒。"]
)
def test_a_value_said_with_its_name_is_checked(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
