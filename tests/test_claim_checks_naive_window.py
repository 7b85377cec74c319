"""Two readings of a log tool's JSON. A message's escaped line break ("…threw exception\\njava.lang.OutOfMemoryError")
parts its words, so the exception's name is shown. Naive timestamps that fall outside the UTC window their own
call asked for (asked 16:00–20:00Z, logged "2026-02-21 02:14:37") are in some zone that is not UTC: a time the
draft says in UTC is not shown by them, while one said in another zone or with none is, by its written value;
inside the window they are read as written, as before. Domain only, offline; rows and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def logs(stamp: str, start: str, end: str) -> EvidenceRow:
    entry = {
        "timestamp": stamp,
        "level": "ERROR",
        "service": "basket-api",
        "message": "Servlet.service() threw exception\njava.lang.OutOfMemoryError: Java heap space",
    }
    body = {"success": True, "logs": [entry], "total": 1}
    params = {"service": "basket-api", "startTime": start, "endTime": end}
    return EvidenceRow("lg-1", "search_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


OUTSIDE = logs("2026-05-03 02:14:37", "2026-05-02T16:00:00Z", "2026-05-02T20:00:00Z")
INSIDE = logs("2026-05-02 18:14:37", "2026-05-02T16:00:00Z", "2026-05-02T20:00:00Z")


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    ["basket-api logged java.lang.OutOfMemoryError: Java heap space.", "basket-api 报了 java.lang.OutOfMemoryError。"],
)
def test_an_escaped_line_break_parts_the_words_after_it(draft: str) -> None:
    assert statuses(draft, INSIDE) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "row", "grounded"),
    [
        ("basket-api's first OutOfMemoryError was at 02:14:37 UTC.", OUTSIDE, False),
        ("basket-api 第一次 OutOfMemoryError 出现在 UTC 02:14:37。", OUTSIDE, False),
        ("basket-api's first OutOfMemoryError was at 02:14:37 Beijing time.", OUTSIDE, True),
        ("basket-api 第一次 OutOfMemoryError 出现在北京时间 02:14:37。", OUTSIDE, True),
        ("basket-api's first OutOfMemoryError was logged at 02:14:37.", OUTSIDE, True),
        ("basket-api's first OutOfMemoryError was at 18:14:37 UTC.", INSIDE, True),
        ("basket-api 第一次 OutOfMemoryError 出现在 UTC 18:14:37。", INSIDE, True),
    ],
)
def test_naive_times_outside_their_call_s_utc_window_are_not_utc(draft: str, row: EvidenceRow, grounded: bool) -> None:
    assert statuses(draft, row) == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]
