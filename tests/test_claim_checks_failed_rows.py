"""A count of failures ("3 个 train 工作流失败", "2 jobs failed") counts the rows whose status failed, when the
listing's status tells failed rows from others (failed_rows.py); and a count is no duration, size or share: an
AGE of "3h" shows no "3 workflows" (fact_matching). Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

JOBS = EvidenceRow(
    "j-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME                     STATUS      COMPLETIONS   DURATION   AGE\n"
    "etl-orders-29310440      Failed      0/1           41m        3h\n"
    "etl-orders-29310500      Complete    1/1           12m        2h\n"
    "etl-orders-29310560      Failed      0/1           40m        1h\n"
    "etl-orders-29310620      Running     0/1           18m        18m\n",
    {"args": "get jobs -n etl"},
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [JOBS]))[0]


@pytest.mark.parametrize(
    "draft", ["有 2 个 etl-orders 任务失败。", "2 etl-orders jobs failed.", "etl-orders 有 2 次运行失败了。"]
)
def test_a_count_of_failures_is_the_failed_rows(draft: str):
    assert decision(draft) == Decision.ACCEPT


@pytest.mark.parametrize(
    "draft", ["有 4 个 etl-orders 任务失败。", "有 3 个 etl-orders 任务失败。", "4 etl-orders jobs failed."]
)
def test_rows_that_did_not_fail_are_not_counted_as_failures(draft: str):
    assert decision(draft) != Decision.ACCEPT


@pytest.mark.parametrize("draft", ["有 3 个 etl-orders 任务在运行。", "etl-orders 共有 18 个任务。"])
def test_a_duration_or_an_age_shows_no_count(draft: str):
    assert all(c.status != ClaimStatus.GROUNDED for c in check_draft(draft, [JOBS]) if c.facts)
