"""A zero count inside a quoted message is the tool's words, no count of the claim's own (fact_patterns.in_quote).

"the VPA reports NoPodsMatched ("No pods match this VPA object")", "resolution fails with "no such host"", "日志是「No
pods match this VPA object」" copy a message; its "No pods" and "no such host" had been read as zero counts the
records had to show as counts, and the claim was not grounded. Outside quotes "there are no pods" is still a count.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

VPA = EvidenceRow(
    "v-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "Name:         report-builder-vpa\nNamespace:    batch\nStatus:\n  Conditions:\n"
    "    Message:               No pods match this VPA object\n    Reason:                NoPodsMatched\n"
    "    Status:                True\n    Type:                  NoPodsMatched\n",
    {"args": "describe vpa report-builder-vpa -n batch"},
)


@pytest.mark.parametrize(
    "draft",
    [
        'report-builder-vpa reports NoPodsMatched ("No pods match this VPA object").',
        "report-builder-vpa 报 NoPodsMatched，消息是「No pods match this VPA object」。",
        "report-builder-vpa reports NoPodsMatched: “No pods match this VPA object”.",
    ],
)
def test_a_quoted_message_grounds_with_its_record(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [VPA]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ('the VPA says "No pods match this VPA object".', False),
        ("消息是「No pods match this VPA object」。", False),
        ("There are no pods left in the batch namespace.", True),
    ],
)
def test_a_zero_count_is_read_outside_quotes_only(text: str, counted: bool) -> None:
    counts = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert bool(counts) == counted
