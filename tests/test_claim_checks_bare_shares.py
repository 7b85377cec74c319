"""A share of two figures the claim states, one of them bare: "Of the 912,345,678,901 bytes, 41,234,567,890 (4.5%)
are deleted" (arithmetic._pairs).

The writer's share of two of its own figures is arithmetic, not a fact to show, when the figures are of one
dimension ("41.2 GB of the 912.3 GB (4.5%)"). A part written bare after its whole ("of the N bytes, M …", "M of N
bytes") is of the whole's dimension too; before, the bare part and the bytes never paired, and the share was a fact no
record showed. A wrong share ("9.5%") still is.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.arithmetic import derived_values
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

QUEUE = EvidenceRow(
    "q-1",
    "http_get",
    Outcome.INDIRECT_SUPPORT,
    '{"pipeline": "ingest", "queue": {"events": 1204311, "queue_size_in_bytes": 3221225472, '
    '"max_queue_size_in_bytes": 4294967296}}',
    {"url": "http://logstash-2:9600/_node/stats/pipelines/ingest"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "The ingest queue holds 3,221,225,472 of 4,294,967,296 bytes (75%).",
        "ingest 队列已用 4,294,967,296 字节中的 3,221,225,472（75%）。",
    ],
)
def test_a_share_of_the_claims_own_figures_grounds_on_them(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [QUEUE]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("Of the 912,345,678,901 bytes, 41,234,567,890 (4.5%) are deleted but not yet reclaimed.", True),
        ("The ingest queue holds 3,221,225,472 of 4,294,967,296 bytes (75%).", True),
        ("Of the 912,345,678,901 bytes, 41,234,567,890 (9.5%) are deleted but not yet reclaimed.", False),
        ("The ingest queue holds 3,221,225,472 of 4,294,967,296 bytes (57%).", False),
    ],
)
def test_only_the_right_share_is_the_writers_arithmetic(text: str, derived: bool) -> None:
    facts = extract_facts(text)
    share = next(i for i, f in enumerate(facts) if f.text.endswith("%"))
    assert (share in derived_values(text, facts)) == derived
