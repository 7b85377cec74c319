"""Counts a claim gives of its own list, and a listing it splits in two:

- "us-east-1、eu-west-1、ap-south-1 三个区域都正常，200", "us-east-1, eu-west-1 and ap-south-1 (all 3 regions)
  returned 200": the count is how many names stand listed before it; the names are checked with what the
  claim says of them. A claim of names and their number only keeps its count as a fact to show.
- "5 个节点里只有 X 是 NotReady，其余 4 个都是 Ready", "only 1 of the 5 nodes is NotReady: X": one call's
  listing of that size, X's record showing the state, no other record showing it, the others numbering
  what the claim says.

Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def probes(codes: tuple[int, int, int] = (200, 200, 200)) -> EvidenceRow:
    checks = [
        {"region": region, "url": "https://shop.example.org/healthz", "status_code": code, "latency_ms": ms}
        for (region, ms), code in zip((("us-east-1", 41), ("eu-west-1", 77), ("ap-south-1", 90)), codes)
    ]
    return EvidenceRow("p-1", "synthetic_checks", Outcome.DIRECT_SUPPORT, json.dumps({"checks": checks}), {})


@pytest.mark.parametrize(
    "draft",
    [
        "/healthz 在 us-east-1、eu-west-1、ap-south-1 三个区域都返回 200，延迟 41–90ms。",
        "us-east-1, eu-west-1 and ap-south-1 (all 3 regions) returned 200 on /healthz.",
    ],
)
def test_a_count_of_the_names_listed_before_it_is_their_number(draft: str) -> None:
    assert statuses(draft, probes()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "/healthz 在 us-east-1、eu-west-1、ap-south-1 三个区域都返回 200。",
        "us-east-1, eu-west-1 and ap-south-1 (all 3 regions) returned 200 on /healthz.",
    ],
)
def test_the_names_are_still_checked_with_what_the_claim_says_of_them(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, probes((200, 503, 200)))


def nodes() -> EvidenceRow:
    text = (
        "NAME                 STATUS     ROLES    AGE   VERSION\n"
        "pool-a-7c1d-4kq2     Ready      <none>   41d   v1.29.8\n"
        "pool-a-7c1d-m4xd     NotReady   <none>   41d   v1.29.8\n"
        "pool-a-7c1d-r8tn     Ready      <none>   41d   v1.29.8\n"
        "pool-b-0e6a-2jwh     Ready      <none>   12d   v1.29.8\n"
    )
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": "get nodes"})


@pytest.mark.parametrize(
    "draft",
    [
        "4 个节点里只有 pool-a-7c1d-m4xd 是 NotReady，其余 3 个都是 Ready。",
        "Only 1 of the 4 nodes is NotReady: pool-a-7c1d-m4xd.",
    ],
)
def test_a_listing_split_in_two_grounds_on_a_listing_of_that_size(draft: str) -> None:
    assert statuses(draft, nodes()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "4 个节点里只有 pool-a-7c1d-r8tn 是 NotReady，其余 3 个都是 Ready。",  # another node
        "5 个节点里只有 pool-a-7c1d-m4xd 是 NotReady，其余 4 个都是 Ready。",  # another size
        "4 个节点里只有 pool-a-7c1d-m4xd 是 NotReady，其余 2 个都是 Ready。",  # the others miscounted
        "Only 1 of the 4 nodes is NotReady: pool-b-0e6a-2jwh.",
    ],
)
def test_a_split_the_listing_does_not_show_does_not_ground(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, nodes())


def test_only_is_refuted_when_another_record_shows_it_too() -> None:
    text = nodes().preview.replace("pool-b-0e6a-2jwh     Ready   ", "pool-b-0e6a-2jwh     NotReady")
    row = EvidenceRow("k-2", "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": "get nodes"})
    assert ClaimStatus.GROUNDED not in statuses("4 个节点里只有 pool-a-7c1d-m4xd 是 NotReady。", row)
