"""How many addresses a name resolves to is read against the call that resolved it (dig, nslookup, host): the
distinct addresses its answer gives, a CNAME and the resolver asked left out (address_counts.py). Addresses
counted without a name resolved ("其余 4 个 IP 合计 588 个", "a /20 of 4096 addresses") are not read so.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DIG = EvidenceRow(
    "d-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "; <<>> DiG 9.18.24 <<>> shop.example.net A\n;; ANSWER SECTION:\n"
    "shop.example.net.      120  IN  CNAME  shop-edge.example.net.\n"
    "shop-edge.example.net.  30  IN  A      203.0.113.10\n"
    "shop-edge.example.net.  30  IN  A      203.0.113.11\n"
    "shop-edge.example.net.  30  IN  A      203.0.113.12\n"
    ";; SERVER: 10.0.0.2#53(10.0.0.2) (UDP)\n",
    {"command": "dig shop.example.net A"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [DIG])]


@pytest.mark.parametrize(
    "draft",
    [
        "shop.example.net resolves to 4 IPs through shop-edge.example.net.",
        "shop.example.net 最终解析到 2 个 IP。",
        "dig shows shop.example.net answering with 5 A records.",
    ],
)
def test_another_number_of_addresses_than_the_answer_gives_is_contradicted(draft: str):
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "shop.example.net resolves to 3 IPs through shop-edge.example.net.",
        "shop.example.net 最终解析到 3 个 IP 地址。",
        "shop.example.net 的 CNAME 指向 shop-edge.example.net，后者有 3 条 A 记录。",
        "Besides those, shop.example.net's logs show 4 client IPs in total.",
    ],
)
def test_the_answers_number_or_addresses_of_nothing_resolved_are_not_contradicted(draft: str):
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
