"""A part of a listing counted by its state: "3 of the 5 allocations are running", "Of the 4 members, 3 are
alive and 1 is failed", "5 个分配里有 3 个 running，1 个 failed、1 个 pending".

The records of one call's listing of that size that show the state word in their state column must number
what the claim says: otherwise the claim is contradicted; when every part it counts holds, it is grounded.
A state word no column gives, a negated part, or a listing of another size decides nothing.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def allocations() -> EvidenceRow:
    """`nomad job status ingest`'s allocation table: 3 running, 1 failed, 1 pending."""
    text = (
        "Allocations\n"
        "ID        Node ID   Task Group  Version  Desired  Status   Created   Modified\n"
        "5c0e7a21  8d2f44b0  ingest      14       run      running  2h11m ago  2h10m ago\n"
        "9a41be03  8d2f44b0  ingest      14       run      failed   2h11m ago  6m ago\n"
        "1f7d92c4  c03e1a77  ingest      14       run      running  2h11m ago  2h10m ago\n"
        "e28b6d50  c03e1a77  ingest      14       run      pending  6m ago     6m ago\n"
        "77ad0c19  f51b92e8  ingest      14       run      running  2h11m ago  2h9m ago\n"
    )
    return EvidenceRow("n-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "nomad job status ingest"})


def members() -> EvidenceRow:
    """A cluster's members as JSON: three alive, one failed."""
    rows = [
        {"Name": "edge-a1", "Addr": "10.30.0.11", "Status": "alive"},
        {"Name": "edge-a2", "Addr": "10.30.0.12", "Status": "alive"},
        {"Name": "edge-b1", "Addr": "10.30.1.11", "Status": "failed"},
        {"Name": "edge-b2", "Addr": "10.30.1.12", "Status": "alive"},
    ]
    return EvidenceRow("m-1", "http_get", Outcome.DIRECT_SUPPORT, json.dumps(rows, indent=1), {"url": "/v1/members"})


@pytest.mark.parametrize(
    "draft",
    [
        "3 of the 5 allocations are running.",
        "Of the five ingest allocations, three are running, one is failed and one is pending.",
        "5 个分配里有 3 个 running，1 个 failed、1 个 pending。",
        "Of the 4 members, 3 are alive and 1 is failed.",
        "4 个成员中 3 个是 alive。",
    ],
)
def test_the_parts_it_counts_ground_on_a_listing_of_that_size(draft: str) -> None:
    assert statuses(draft, allocations(), members()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "4 of the 5 allocations are running.",
        "Of the five ingest allocations, three are running and two are failed.",
        "5 个分配里有 4 个 running，1 个 pending。",
        "Of the 4 members, 2 are alive.",
        "4 个成员中 2 个是 failed。",
    ],
)
def test_a_part_numbering_otherwise_contradicts_the_claim(draft: str) -> None:
    assert statuses(draft, allocations(), members()) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft", ["4 个成员中 3 个是 alive，另外 1 个是 left。", "Of the 4 members, 3 are alive and 1 has left."]
)
def test_a_part_no_column_reads_keeps_the_rest_from_grounding_the_claim(draft: str) -> None:
    assert decide(check_draft(draft, [members()]))[0] == Decision.LOW_CONFID


def test_a_part_said_in_a_later_clause_still_contradicts() -> None:
    draft = "The ingest job is on version 14, and 4 of the 5 allocations are running."
    assert statuses(draft, allocations()) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "4 of the 5 allocations are crash-looping.",  # a word no state column gives
        "5 个分配里有 4 个在反复重启。",
        "4 of the 5 allocations are not running.",  # negated: the other state is not named
        "4 of the 5 allocations are running hot.",  # the word a verb's: running what, not a state
        "4 of the 6 allocations are running.",  # no listing of six
        "6 个分配里有 4 个 running。",
    ],
)
def test_what_no_column_reads_decides_nothing(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, allocations())
    assert ClaimStatus.GROUNDED not in statuses(draft, allocations())


def test_a_name_no_record_of_the_listing_gives_binds_no_listing() -> None:
    # the members listing has four records, three alive; the claim is about another cluster's members
    assert statuses("Of the 4 members of consul-dc2, 2 are alive.", members()) != [ClaimStatus.CONTRADICTED]


def test_a_named_member_shown_in_another_state_is_not_grounded_by_the_count() -> None:
    # the count holds, but edge-b1, named as one of the alive, is failed
    found = statuses("Of the 4 members, 3 are alive (edge-a1, edge-a2, edge-b1).", members())
    assert found != [ClaimStatus.GROUNDED]
