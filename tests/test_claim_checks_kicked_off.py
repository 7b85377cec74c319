"""A cause told with "kicked off by", "set off by", "sparked by" or "brought on by" is a cause like "triggered by":
a unit must state the link (a log line "bulk load kicked off by CronJob product-reindex"), else the claim is an
unshown cause, never a fact its names alone ground. Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOG = (
    "2026-10-03T02:00:04Z INFO reindex-runner: bulk load kicked off by CronJob product-reindex (schedule 0 2 * * *)\n"
    "2026-10-03T02:14:51Z WARN es-client: bulk rejected 412 docs from product-reindex (es_rejected_execution_exception)\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("l-1", "kubectl", Outcome.DIRECT_SUPPORT, LOG, {"args": "logs job/product-reindex-29311"})
    return [c.status for c in check_draft(draft, [row])]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The bulk load was kicked off by the product-reindex CronJob.", True),
        ("The bulk rejections from product-reindex were kicked off by a disk watermark on the data nodes.", False),
        ("The bulk rejections from product-reindex were set off by a disk watermark on the data nodes.", False),
        ("412 条文档被拒绝是由 product-reindex CronJob 引起的。", False),
    ],
)
def test_a_cause_told_as_kicked_off_by_needs_a_unit_stating_the_link(draft: str, grounded: bool) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]
