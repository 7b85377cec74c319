"""A clean outcome said of what a record reports failures of: "all 12,400 records were imported without errors",
"12,400 条记录全部导入，没有报错" is contradicted by the record its figures come from when it says "35 records failed";
"0 errors" agrees. Only the clause that says it clean is read, and only when it gives a figure or a name the record
shows. Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

IMPORT_LOG = (
    "2027-06-03 01:10:02 INFO  importer: batch ledger-2027-06-02 started\n"
    "2027-06-03 01:14:47 WARN  importer: row 8812 rejected: invalid currency code 'XXX'\n"
    "2027-06-03 01:19:30 INFO  importer: batch ledger-2027-06-02 done: 12400 records processed, 35 records failed\n"
)
MIGRATION_LOG = (
    "2027-06-03 02:00:11 INFO  migrate: applying 0042_add_invoice_index to billing-db\n"
    "2027-06-03 02:00:19 INFO  migrate: 0042_add_invoice_index applied: 14 statements executed, 0 errors\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("imp-1", "query_logs", Outcome.INDIRECT_SUPPORT, IMPORT_LOG, {"service": "importer"}),
        EvidenceRow("mig-1", "query_logs", Outcome.INDIRECT_SUPPORT, MIGRATION_LOG, {"service": "migrate"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Batch ledger-2027-06-02 processed 12,400 records without errors.",
        "The importer finished batch ledger-2027-06-02 with no failures, 12,400 records in all.",
        "ledger-2027-06-02 批次处理了 12400 条记录，没有报错。",
        "importer 的 ledger-2027-06-02 批次 12400 条记录全部处理完，无失败。",
    ],
)
def test_a_clean_outcome_the_record_reports_failures_of_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "Migration 0042_add_invoice_index ran 14 statements without errors.",
        "0042_add_invoice_index 执行了 14 条语句，没有报错。",
        "Batch ledger-2027-06-02 processed 12,400 records, 35 of which failed.",
        "ledger-2027-06-02 批次处理了 12400 条记录，其中 35 条失败。",
        "Batch ledger-2027-06-02 started at 01:10:02 without errors in its first minute.",
    ],
)
def test_a_clean_outcome_the_record_agrees_with_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
