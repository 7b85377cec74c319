"""A start at the edge of a search's window is no start the evidence shows (window_edges.edge_start).

A search over the last 15 minutes (`"gte": "now-15m"`) whose earliest hit sits at its window's edge cannot show when
the errors began: "the errors started at 06:02:09 UTC", "began about 15 minutes ago", "从 06:02:09 开始报错" state a
start an earlier, unsearched minute could hold. "The earliest hit is at 06:02:09" (no start said), a start inside a
wider window, a start the hit itself states ("Export starts") and "at least since" are still grounded.
"""

from __future__ import annotations

import datetime
import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_CALLED = datetime.datetime(2026, 10, 14, 6, 17, 9, tzinfo=datetime.timezone.utc)


def _search(window: str, message: str = "token refresh failed: invalid_grant") -> EvidenceRow:
    hits = [
        {"_source": {"@timestamp": f"2026-10-14T06:{minute}.412Z", "service.name": "auth-server", "message": message}}
        for minute in ("02:09", "02:10", "05:44")
    ]
    return EvidenceRow(
        "es-1",
        "es_search",
        Outcome.DIRECT_SUPPORT,
        json.dumps({"hits": {"total": {"value": 1284, "relation": "eq"}, "hits": hits}}),
        {"index": "logs-auth-*", "query": {"range": {"@timestamp": {"gte": window}}}, "sort": "asc"},
        start_us=int(_CALLED.timestamp() * 1e6),
    )


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "The invalid_grant errors started at 06:02:09 UTC.",
        "The invalid_grant failures began around 06:02:09 UTC.",
        "The invalid_grant errors started about 15 minutes ago.",
        "auth-server 的 invalid_grant 报错从 06:02:09 UTC 开始。",
        "auth-server 大约 15 分钟前开始报 invalid_grant。",
    ],
)
def test_a_start_at_the_windows_edge_is_not_shown(draft: str) -> None:
    assert status(draft, _search("now-15m")) == ClaimStatus.UNGROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "The earliest invalid_grant hit is at 06:02:09 UTC.",
        "最早一条 invalid_grant 出现在 06:02:09 UTC。",
        "The invalid_grant errors have been failing at least since 06:02:09 UTC.",
    ],
)
def test_the_earliest_hit_said_as_such_is_shown(draft: str) -> None:
    assert status(draft, _search("now-15m")) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    ["The invalid_grant errors started at 06:02:09 UTC.", "auth-server 的 invalid_grant 报错从 06:02:09 UTC 开始。"],
)
def test_a_start_inside_a_wider_window_is_shown(draft: str) -> None:
    assert status(draft, _search("now-1h")) == ClaimStatus.GROUNDED
    assert status(draft, _search("2026-10-14T05:00:00Z")) == ClaimStatus.GROUNDED


def test_an_absolute_window_start_is_an_edge_too() -> None:
    assert status("The invalid_grant errors started at 06:02:09 UTC.", _search("2026-10-14T06:02:00Z")) == (
        ClaimStatus.UNGROUNDED
    )


def test_a_start_the_record_itself_states_is_shown() -> None:
    row = _search("now-15m", message="Export starts: tenants=42")
    assert status("The export started at 06:02:09 UTC.", row) == ClaimStatus.GROUNDED
