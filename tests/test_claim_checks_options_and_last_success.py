"""A heading of options ("## Options", "Fix options", "## 可选方案") opens ways to act, as "Next steps" does: its
items are advice, not findings ("Configuration options" still lists facts). And "its last successful upload was
31 hours ago", "最近一次成功的备份在 …" tell a past record's success, not that the subject succeeds now: a
failing subject does not contradict them, while "X completed successfully" still is. Written from heldout52
thanos_components-07 and -01 after its first contact; domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("## Options\n\n1. **Preferred**: shard the nightly export by region.\n", ClaimKind.ADVICE),
        ("## Fix options\n\n- Move the export window to 03:00 UTC.\n", ClaimKind.ADVICE),
        ("## 可选方案\n\n1. 把导出任务按区域拆分。\n", ClaimKind.ADVICE),
        ("## Configuration options\n\n- The export window is 03:00 UTC.\n", ClaimKind.FACT),
    ],
)
def test_the_items_under_a_heading_of_options_are_advice(draft: str, kind: ClaimKind) -> None:
    assert [c.kind for c in split_claims(draft) if c.kind != ClaimKind.CONTEXT] == [kind]


LOG = """level=error ts=2026-10-02T08:14:05Z caller=compact.go:488 msg="critical error detected; halting" component=compactor
level=info ts=2026-10-01T00:41:17Z caller=shipper.go:337 msg="upload new block" component=compactor
"""
ROWS = [EvidenceRow("c-1", "kubectl", Outcome.INDIRECT_SUPPORT, LOG, {"args": "logs archive-compact-0 --tail=2"})]


@pytest.mark.parametrize(
    "draft",
    [
        "archive-compact-0 is halted; its last successful upload was at 00:41:17 UTC on 2026-10-01.",
        "archive-compact-0 已经停止；最近一次成功的上传在 2026-10-01 00:41:17 UTC。",
    ],
)
def test_a_last_successful_record_is_no_success_of_the_subject_now(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in [c.status for c in check_draft(draft, ROWS)]


@pytest.mark.parametrize("draft", ["archive-compact-0 completed successfully.", "archive-compact-0 执行成功。"])
def test_a_success_said_of_a_failing_subject_is_still_contradicted(draft: str) -> None:
    assert [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT] == [ClaimStatus.CONTRADICTED]
