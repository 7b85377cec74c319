"""A pod's short name is the last part of one name only when that name ends there: a replica's FQDN inside a
longer name ("a-to-rep3.dir.example.org") ends in no "-rep3", so "rep3" stays the host the rows name as
"rep3.dir.example.org", never read as the longer name.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def segments() -> EvidenceRow:
    text = (
        "Segment name: rep1.dir.example.org-to-rep2.dir.example.org\n"
        "  Left node: rep1.dir.example.org\n  Right node: rep2.dir.example.org\n"
        "Segment name: rep1.dir.example.org-to-rep3.dir.example.org\n"
        "  Left node: rep1.dir.example.org\n  Right node: rep3.dir.example.org\n"
    )
    return EvidenceRow("t-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "ipa topologysegment-find domain"})


def pods() -> EvidenceRow:
    text = "NAME                       READY   STATUS    RESTARTS   AGE\nsync-7d9f8c6b5-r4x9k   1/1     Running   0          2d\n"
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": "get pods"})


@pytest.mark.parametrize(
    "draft", ["rep3 replicates only from rep1.", "rep3 只和 rep1 相连。", "rep1 → rep2 的复制段存在。"]
)
def test_a_host_inside_a_longer_dotted_name_is_still_the_host(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, segments())


@pytest.mark.parametrize("draft", ["r4x9k is Running.", "r4x9k 是 Running。"])
def test_a_generated_suffix_is_still_its_pod(draft: str) -> None:
    assert statuses(draft, pods()) == [ClaimStatus.GROUNDED]
