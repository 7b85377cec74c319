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


# A condition said to be cleared is a recovery too; these log lines and drafts are written for this test.
RAISED = (
    "2027-03-02T07:40:02Z mon-2 WARN quota alarm RAFTFULL raised on member 10.4.1.8:2380 (db 8.1 GB)\n"
    "2027-03-02T07:52:40Z mon-2 INFO compaction done on member 10.4.1.8:2380, db 3.2 GB\n"
)
CLEARED = RAISED + "2027-03-02T07:53:05Z mon-2 INFO quota alarm RAFTFULL cleared on member 10.4.1.8:2380\n"


@pytest.mark.parametrize(
    "draft",
    [
        "The RAFTFULL alarm on 10.4.1.8:2380 has already been cleared.",
        "The quota alarm on member 10.4.1.8:2380 was cleared after the compaction.",
        "10.4.1.8:2380 上的 RAFTFULL 告警已经解除。",
        "成员 10.4.1.8:2380 的配额告警已被清除。",
    ],
)
def test_a_cleared_condition_is_a_recovery_a_record_must_show(draft: str) -> None:
    assert grounded(draft, CLEARED)
    assert not grounded(draft, RAISED)


@pytest.mark.parametrize(
    "draft",
    [
        "The interface counters on 10.4.1.8:2380 have never been cleared.",
        "We cleared the client cache on 10.4.1.8:2380 before the compaction.",
        "10.4.1.8:2380 这台虚拟机已解除分配。",
    ],
)
def test_what_someone_cleared_or_never_cleared_is_no_recovery(draft: str) -> None:
    assert not any(f.kind.name == "STATE" and f.key == "resolved" for f in extract_facts(draft))
