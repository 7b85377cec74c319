"""A log call that asked for entries excluding errors (another level only, or a keyword of something else)
cannot show there was no error: "no errors in that window" rests on a call that could have shown them.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ENTRIES = [
    {
        "timestamp": "2026-05-11 01:00:07.120",
        "level": "INFO",
        "service": "price-sync",
        "message": "sync completed in 8.1s",
    },
    {
        "timestamp": "2026-05-11 02:00:06.881",
        "level": "INFO",
        "service": "price-sync",
        "message": "sync completed in 7.9s",
    },
]


def info_rows(params: dict) -> EvidenceRow:
    body = {"success": True, "logs": ENTRIES, "total": 2}
    return EvidenceRow("lg-ok", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body), params)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


FILTERED = [
    {"service": "price-sync", "level": "INFO", "keyword": "sync completed"},
    {"service": "price-sync", "keyword": "sync completed"},
    {"service": "price-sync", "level": "WARN"},
]


@pytest.mark.parametrize("params", FILTERED)
@pytest.mark.parametrize("draft", ["price-sync logged no errors in that window.", "这段时间 price-sync 没有报错。"])
def test_a_call_that_filtered_errors_out_shows_no_absence_of_errors(params: dict, draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, info_rows(params))


@pytest.mark.parametrize("draft", ["price-sync logged no errors in that window.", "这段时间 price-sync 没有报错。"])
def test_an_unfiltered_call_shows_there_was_no_error(draft: str) -> None:
    assert statuses(draft, info_rows({"service": "price-sync"})) == [ClaimStatus.GROUNDED]
