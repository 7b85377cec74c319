"""A count told by the state its members are in ("51 passed, 4 failed and 3 skipped", "2 errored", "3 unhealthy")
is a count to show, as "4 个失败" already was: before, the number before a state word was no fact at all, so
"6 skipped" of a run that skipped 3 grounded on the claim's other figures. A state word followed by its noun
("4 failed logins") still counts that noun. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

SUMMARY = json.dumps({"suite": "checkout-e2e", "total": 58, "passed": 51, "failed": 4, "skipped": 3})
PYTEST = "==== 4 failed, 51 passed, 3 skipped, 2 warnings in 12.31s ===="
ROWS = [
    EvidenceRow("s-1", "ci_api", Outcome.INDIRECT_SUPPORT, SUMMARY, {"run": "8841"}),
    EvidenceRow("s-2", "ci_logs", Outcome.INDIRECT_SUPPORT, PYTEST, {"run": "8842", "step": "pytest"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The checkout-e2e suite ended with 51 passed, 4 failed and 3 skipped.",
        "checkout-e2e: 4 failed, 3 skipped.",
        "checkout-e2e 这次 51 个通过，4 个失败，3 个跳过。",
    ],
)
def test_a_count_told_by_its_state_is_grounded_by_that_figure(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The checkout-e2e suite ended with 51 passed, 4 failed and 6 skipped.",
        "checkout-e2e: 7 failed, 3 skipped.",
        "checkout-e2e 这次 51 个通过，4 个失败，6 个跳过。",
    ],
)
def test_a_wrong_count_told_by_its_state_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


@pytest.mark.parametrize(
    ("text", "nouns"),
    [
        ("2 errored, 5 skipped and 137 passed.", ["errored", "skipped", "passed"]),
        ("3 unhealthy, 1 timed out", ["unhealthy", "timed out"]),
        ("4 failed logins from 10.0.0.9", ["failed logins"]),  # the state word's noun follows: logins are counted
        ("v1.2 failed.", []),  # a version is no count
    ],
)
def test_the_noun_of_a_state_count(text: str, nouns: list[str]) -> None:
    assert [f.noun for f in extract_facts(text) if f.kind == FactKind.COUNT] == nouns
