"""An age's figure is an age, not a plain number (unit_numbers: "about 5 days ago", "3 天前").

`gh run list` writes each run's age ("about 3 days ago"). A claim's bare figure or count ("3 of the last 4 runs
failed", "4 次运行中有 3 次失败", where two failed) used to ground on that 3, read as a plain number too. An age is read as a duration
only, so it still grounds "about 5 days ago"; a window's start ("SINCE 1 hour ago") is a window, and its figure is
read as before.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RUNS = EvidenceRow(
    "gh-1",
    "gh",
    Outcome.INDIRECT_SUPPORT,
    "STATUS  TITLE                          WORKFLOW  BRANCH  EVENT     ID           ELAPSED  AGE\n"
    "X       Bump netty to 4.1.112          build     main    push      14012345678  12m04s   about 1 day ago\n"
    "✓       Add retry to ledger client     build     main    push      14001234567  11m58s   about 2 days ago\n"
    "X       Nightly                        build     main    schedule  13990123456  12m31s   about 3 days ago\n"
    "✓       Fix flaky clock test           build     main    push      13979012345  11m47s   about 5 days ago\n",
    {"args": "run list --workflow build.yml --limit 4"},
)
NRQL = EvidenceRow(
    "nr-1",
    "newrelic_nrql",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"results": [{"count": 412}], "metadata": {"timeWindow": {"since": "1 HOUR AGO"}}}),
    {"nrql": "SELECT count(*) FROM Transaction WHERE appName = 'pricing-engine' AND error IS true SINCE 1 hour ago"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [RUNS, NRQL]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "3 of the last 4 build runs failed.",
        "Of the last 4 build runs, 3 failed.",
        "最近 4 次 build 运行中有 3 次失败。",
        "build 最近失败了 3 次。",
    ],
)
def test_an_age_s_figure_grounds_no_count(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "The last successful build run, Fix flaky clock test, was about 5 days ago.",
        "build 上一次成功的运行 Fix flaky clock test 大约是 5 天前。",
        "pricing-engine logged 412 failed transactions in the last 1 hour.",
        "pricing-engine 过去 1 小时有 412 个失败的事务。",
    ],
)
def test_ages_and_windows_still_ground(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
