"""A universal that says how many it ranges over ("All 3 records from 10.30.4.x are REJECT", "这 3 条记录都来自
10.30.4.x") ranges over a listing of that many records. When the session holds two listings of that size (three
flow-log records and three pods), the one whose every record names what the clause names is the range: the other
listing's stray record contradicts nothing. With one listing of that size, a stray record still contradicts the
claim. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

FLOWS = {
    "events": [
        {"message": "2 618204417730 eni-0b51 10.30.4.17 10.30.9.8 40112 6379 6 3 180 1789400000 1789400060 REJECT OK"},
        {"message": "2 618204417730 eni-0b51 10.30.4.52 10.30.9.8 40388 6379 6 2 120 1789400011 1789400070 REJECT OK"},
        {"message": "2 618204417730 eni-0b51 10.30.4.99 10.30.9.8 41002 6379 6 3 180 1789400020 1789400080 REJECT OK"},
    ]
}
PODS = (
    "NAME                      READY   STATUS    RESTARTS   AGE   IP\n"
    "cart-api-7c9d8f6b5-4kq2p   1/1     Running   0          3d    10.30.2.41\n"
    "cart-api-7c9d8f6b5-m8x7w   0/1     Running   0          40m   10.30.4.17\n"
    "cart-api-7c9d8f6b5-zz9rt   0/1     Running   0          40m   10.30.4.52\n"
)


def status(draft: str, *rows: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT]
    return check.status


def flows() -> EvidenceRow:
    return EvidenceRow("fl-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(FLOWS, indent=2), {})


def pods() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.INDIRECT_SUPPORT, PODS, {"args": "get pods -o wide"})


@pytest.mark.parametrize(
    "draft", ["All 3 records from 10.30.4.x are REJECT.", "这 3 条记录全部来自 10.30.4.x，都是 REJECT。"]
)
def test_the_listing_that_fits_is_the_range(draft: str) -> None:
    assert status(draft, pods(), flows()) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize("draft", ["All 3 pods are on 10.30.4.x.", "3 个 pod 全部在 10.30.4.x 上。"])
def test_with_one_listing_of_that_size_a_stray_record_contradicts(draft: str) -> None:
    assert status(draft, pods()) == ClaimStatus.CONTRADICTED


FOUR_FLOWS = {
    "events": [
        *FLOWS["events"],
        {"message": "2 618204417730 eni-0b51 10.30.7.5 10.30.9.8 42010 6379 6 1 60 1789400030 1789400090 ACCEPT OK"},
    ]
}


def four_flows() -> EvidenceRow:
    return EvidenceRow("fl-2", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(FOUR_FLOWS, indent=2), {})


@pytest.mark.parametrize(
    "draft", ["All 3 records from 10.30.4.x are REJECT.", "来自 10.30.4.x 的 3 条记录全部是 REJECT。"]
)
def test_a_name_after_the_counted_noun_and_from_restricts_the_range(draft: str) -> None:
    # (the three pods are a listing of three, one of them elsewhere: no range of "records from 10.30.4.x")
    assert status(draft, pods(), four_flows()) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize("draft", ["All 4 records are from 10.30.4.x.", "这 4 条记录全部来自 10.30.4.x。"])
def test_a_name_after_the_verb_is_what_each_must_name(draft: str) -> None:
    assert status(draft, four_flows()) == ClaimStatus.CONTRADICTED
