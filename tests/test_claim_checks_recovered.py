"""A recovery said of an instance ("10.3.0.21 已经恢复", "has recovered") is a state a record must show: Redis
Sentinel's `-sdown` / `-odown` show it, a later `+sdown` does not; "是否已经恢复", "whether it recovered",
"不能说已经恢复" assert no state. Domain only, offline; log lines and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

DOWN = (
    "1:X 02 Mar 2027 07:41:10.201 # +sdown master cachegrp 10.3.0.21 6379\n"
    "1:X 02 Mar 2027 07:41:11.880 # +switch-master cachegrp 10.3.0.21 6379 10.3.0.24 6379\n"
    "1:X 02 Mar 2027 07:41:12.004 * +slave slave 10.3.0.21:6379 10.3.0.21 6379 @ cachegrp 10.3.0.24 6379\n"
)
BACK = DOWN + "1:X 02 Mar 2027 07:44:30.517 # -sdown slave 10.3.0.21:6379 10.3.0.21 6379 @ cachegrp 10.3.0.24 6379\n"


def grounded(draft: str, log: str) -> bool:
    row = EvidenceRow("sen-1", "kubectl", Outcome.INDIRECT_SUPPORT, log, {"args": "logs sentinel-0"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found
    return all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize("draft", ["旧主 10.3.0.21 已经恢复。", "The old master 10.3.0.21 has recovered."])
def test_a_recovery_is_a_state_a_record_must_show(draft: str) -> None:
    assert grounded(draft, BACK)
    assert not grounded(draft, DOWN)


@pytest.mark.parametrize(
    "draft",
    [
        "还不确定 10.3.0.21 是否已经恢复。",
        "不能说 10.3.0.21 已经恢复。",
        "I can't tell whether 10.3.0.21 has recovered.",
    ],
)
def test_an_asked_recovery_is_no_state(draft: str) -> None:
    assert not any(f.kind.name == "STATE" for f in extract_facts(draft))
