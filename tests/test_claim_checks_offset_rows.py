"""Rows printed a few characters off their header (formats/kubectl.aligned_rows).

A table whose row leaves a cell empty is cut at its header's column positions. A row set one or two characters
before its header (hand-aligned output, a `--format=table(…)` whose first column overflows) was cut inside its
words ("VERB=pdate", "ERROR=2" from "2026-…"), so an empty ERROR column read as error 2 and contradicted "with no
error code". A cut that falls inside a word now moves back to the word's start, within a few characters.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.units import units_of

OPERATIONS = EvidenceRow(
    "op-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    "NAME                                   VERB     TARGET        DONE  ERROR  CREATE_TIME\n"
    "operation-1790-4a2b-9c8d-77e1f0a2b3  resize   reports-nfs   True         2026-11-02T08:10:04Z\n"
    "operation-1788-1f0e-2d3c-45b6a7c8d9  restore  archive-nfs   True  13     2026-10-30T22:41:19Z\n",
    {"args": "filestore operations list --format=table(name,verb,target,done,error.code:label=ERROR,createTime)"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [OPERATIONS]) if c.kind == ClaimKind.FACT]


def test_cells_are_cut_at_the_words_the_header_stands_over() -> None:
    first = units_of(OPERATIONS)[0].text
    assert "VERB=resize" in first and "TARGET=reports-nfs" in first and "ERROR=" not in first
    second = units_of(OPERATIONS)[1].text
    assert "VERB=restore" in second and "ERROR=13" in second


@pytest.mark.parametrize(
    "draft",
    [
        "The resize of reports-nfs finished (DONE True) with no error code.",
        "reports-nfs 的 resize 操作 DONE 为 True，零报错。",
    ],
)
def test_an_empty_error_cell_is_no_error(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "The restore of archive-nfs finished (DONE True) with no error code.",
        "archive-nfs 的 restore 操作 DONE 为 True，零报错。",
    ],
)
def test_an_error_cell_with_a_code_still_contradicts(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
