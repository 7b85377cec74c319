"""A bare UTC offset alone in a parenthesis after a time is its zone: "04:12:47 (-07:00)", "09:20:00（+08:00）"
(zones.draft_zone).

gcloud and ISO 8601 print local times with their offset (`2026-09-15T04:12:47.530-07:00`), and people copy the offset
beside the time. Outside a parenthesis a bare "-07:00" is as likely a range's end ("04:12 - 07:00") and stays two
times; inside one, alone, it was read as a figure "00" the records had to show, and the claim was not grounded.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

OPERATION = EvidenceRow(
    "op-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    "endTime: '2026-10-02T21:40:05.118-07:00'\noperationType: invalidateCache\nstatus: DONE\n",
    {"command": "gcloud compute operations describe operation-1727930402-5f1 --global"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "The invalidation is DONE; it ended at 21:40:05 (-07:00), i.e. 04:40:05 UTC.",
        "失效操作已 DONE，结束时间 21:40:05（-07:00），即 04:40:05 UTC。",
    ],
)
def test_a_time_with_its_offset_noted_grounds(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [OPERATION]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("text", "times"),
    [("It ended at 21:40:05 (-07:00).", 1), ("结束时间 21:40:05（+08:00）。", 1), ("The window was 04:12 - 07:00.", 2)],
)
def test_the_offset_is_read_with_its_time_and_a_range_stays_two_times(text: str, times: int) -> None:
    facts = extract_facts(text)
    assert [f.kind for f in facts].count(FactKind.TIME) == times
    assert not [f for f in facts if f.kind == FactKind.QUANTITY]
