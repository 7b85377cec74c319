"""A part of a whole written as a fraction of plain figures ("47/48 个查询槽在用", "3/5 checks passed") is a value,
not a name: when no call shows it the claim is not grounded (LOW_CONFID), never invented (REJECT). (Measured and dropped: reading a fraction before any plural noun
as a figure, "3/3 replies", which ping's "3 received" does not show as written.) A fraction
whose first figure is the larger is no part of a whole and stays an id. Written from heldout53 victoriametrics-05
after its first contact; domain only, offline; rows and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.numbered_names import part_of_whole

SLOTS = json.dumps(
    {"instances": [{"name": f"vmselect-{i}", "concurrent_used": u, "capacity": 16} for i, u in enumerate((16, 15, 16))]}
)
ROWS = [EvidenceRow("v-1", "http_check", Outcome.INDIRECT_SUPPORT, SLOTS, {"url": "http://vmselect:8481/metrics"})]


@pytest.mark.parametrize(
    "draft",
    [
        "三个 vmselect 实例加起来 47/48 个查询槽在用。",
        "三个 vmselect 实例加起来 45/48 个查询槽在用。",  # a wrong figure: not shown, still no name
        "vmselect 共 47/48 个查询槽在用，已接近上限。",
        "Across the three vmselect instances, 47/48 tasks are busy.",
    ],
)
def test_a_part_of_a_whole_is_never_invented(draft: str) -> None:
    found = [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]
    assert found and ClaimStatus.INVENTED not in found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    ("key", "part"), [("47/48", True), ("3/5", True), ("48/48", True), ("5/3", False), ("a1/2", False)]
)
def test_which_fractions_are_parts_of_a_whole(key: str, part: bool) -> None:
    assert part_of_whole(key) is part
