"""Where a claim names a field the unit gives ("ep_mem_high_wat", "shared_buffers_bytes"), a figure of the claim
is rivalled by that field's value only, never by another field's: "shared_buffers_bytes is 8,589,934,592 (25% of
RAM)" is not contradicted by a `cache_hit_pct` of 97 (the share is the writer's arithmetic), while "cache_hit_pct
is 79%" still is. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

STATS = (
    " shared_buffers_bytes:        8589934592\n"
    " effective_cache_bytes:       25769803776\n"
    " temp_files_total:            412\n"
    " cache_hit_pct:               97\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("s-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, STATS, {"command": "pgstats --summary"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "shared_buffers_bytes is 8,589,934,592 (25% of RAM).",
        "shared_buffers_bytes 为 8,589,934,592（内存的 25%）。",
        "effective_cache_bytes is 25,769,803,776, about 75% of RAM.",
    ],
)
def test_another_fields_figure_is_no_rival_of_a_named_fields_share(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    ["cache_hit_pct is 79%.", "cache_hit_pct 为 79%。", "shared_buffers_bytes is 8,589,934,592 and cache_hit_pct 79%."],
)
def test_the_named_fields_own_value_still_rivals(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
