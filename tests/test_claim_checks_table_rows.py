"""A table row read cell by cell (table_rows.py). Domain only, offline.

A row of a draft's table binds its cells by its first cell and names each cell by its column header; its
values may come from several units (one series per column). Each cell then grounds on its own with the
row's key and its header, and the row is grounded when every cell is. A wrong cell, or a value of another
column's subject, leaves the row ungrounded. Phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft


def metaspace() -> EvidenceRow:
    def series(pod: str, values: list[str]) -> dict:
        points = [[1766404800 + 1800 * i, v] for i, v in enumerate(values)]
        return {"metric": {"__name__": "jvm_memory_used_bytes", "pod": pod, "area": "nonheap"}, "values": points}

    mib = 1024 * 1024
    body = {
        "status": "success",
        "data": {
            "resultType": "matrix",
            "result": [
                series("ledger-7d9f-k2v7q", [str(180 * mib), str(205 * mib), str(int(228.5 * mib))]),
                series("ledger-7d9f-t9m3x", [str(107 * mib), str(108 * mib), str(int(108.5 * mib))]),
            ],
        },
    }
    params = {"query": "jvm_memory_used_bytes{area='nonheap'}", "start": "2025-12-22T12:00:00Z", "step": "30m"}
    return EvidenceRow("prom-range", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


PODS = "Metaspace of ledger-7d9f-k2v7q and ledger-7d9f-t9m3x:\n\n"


def rows_of(draft: str) -> list[ClaimStatus]:
    draft = PODS + draft
    rows = {c.start for c in split_claims(draft) if c.table and c.columns}
    return [c.status for c in check_draft(draft, [metaspace()]) if c.start in rows]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("| Time (UTC) | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 205 MiB | 108 MiB |\n", True),
        ("| 时间（UTC） | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 205 MiB | 108 MiB |\n", True),
        # the columns swapped: each value belongs to the other pod
        ("| Time (UTC) | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 108 MiB | 205 MiB |\n", False),
        ("| 时间（UTC） | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 108 MiB | 205 MiB |\n", False),
        # a value of another time
        ("| Time (UTC) | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 180 MiB | 108 MiB |\n", False),
    ],
)
def test_a_row_is_grounded_when_every_cell_is(draft: str, grounded: bool) -> None:
    assert rows_of(draft) == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]


def test_a_column_named_for_an_unknown_subject_is_not_read_cell_by_cell() -> None:
    # "k2v7q" names a pod only once the draft has named it in full: unread, the row is read whole
    draft = "| Time (UTC) | k2v7q | t9m3x |\n|---|---|---|\n| 12:30 | 108 MiB | 205 MiB |\n"
    rows = {c.start for c in split_claims(draft) if c.table and c.columns}
    assert [c.status for c in check_draft(draft, [metaspace()]) if c.start in rows] == [ClaimStatus.UNGROUNDED]


def test_a_row_without_a_header_is_read_whole() -> None:
    draft = "| 12:30 | 205 MiB | 108 MiB |\n"
    assert not any(c.columns for c in split_claims(draft))
