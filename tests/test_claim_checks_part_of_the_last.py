"""A part of the last so many: "3 of the last 6 builds failed, each with 1 failed test" (quantifiers._every_counted,
intervals.OF_ALL, bare_numbers).

"N of the last M" is read as "N of the M" is: the N is a figure the claim states, and a later "each" ranges over
the N, not over all M records. Before, "of the last 6" hid the N ("4 of the last 6 builds failed" grounded on the 6
alone), and "each" was read over all six builds, so a passing build contradicted a correct answer.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def _build(number: int, state: str, failed: int) -> dict[str, object]:
    return {
        "buildNumber": number,
        "buildState": state,
        "successfulTestCount": 1284 - failed,
        "failedTestCount": failed,
        "skippedTestCount": 6,
    }


BUILDS = EvidenceRow(
    "b-1",
    "bamboo_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "results": {
                "size": 6,
                "result": [
                    _build(412, "Failed", 1),
                    _build(411, "Successful", 0),
                    _build(410, "Failed", 1),
                    _build(409, "Successful", 0),
                    _build(408, "Failed", 1),
                    _build(407, "Successful", 0),
                ],
            }
        }
    ),
    {"path": "/rest/api/latest/result/PAY-API", "max-results": 6},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [BUILDS]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "4 of the last 6 builds failed.",
        "4 of the last 6 builds failed, each with exactly 1 failed test.",
        "5 out of the last 6 builds failed.",
        "最近 6 次构建中有 4 次失败。",
        "最近 6 次构建里 5 次失败，每次都只有 1 个测试失败。",
    ],
)
def test_a_wrong_part_of_the_last_few_is_never_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "3 of the last 6 builds failed, each with exactly 1 failed test.",
        "3 of the last 6 builds failed, every one of them with 1 failed test.",
        "最近 6 次构建里 3 次失败，每次都只有 1 个测试失败。",
        "最近 6 次构建中有 3 次失败，每次 1 个测试失败。",
    ],
)
def test_each_of_the_part_is_not_read_over_every_record(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
