"""A count whose noun has a hyphened word, then its list in parentheses, counts the names listed: "only 2
user-allocated NAT IPs (35.205.18.44 and 35.205.61.130)" (heldout69 gcp_cloud_nat-05, correct) had its noun's
hyphen read as a list's dash, and the names after the parenthesis counted too (intervals._ENCLOSED). Another count
of the same names, or a name the records do not give, is still not grounded. Domain only, offline; records and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

NAT = EvidenceRow(
    "c-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "name": "nat-core-use1",
            "natIpAllocateOption": "MANUAL_ONLY",
            "natIps": ["34.74.10.21", "34.74.88.190"],
            "minExtraNatIpsNeeded": 1,
        }
    ),
    {"args": "compute routers get-nat-mapping-info rtr-core-use1 --nat nat-core-use1"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [NAT]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "nat-core-use1 has only 2 user-allocated NAT IPs (34.74.10.21 and 34.74.88.190) on router rtr-core-use1.",
        "nat-core-use1 只有 2 个 manually-assigned NAT IP（34.74.10.21、34.74.88.190），都在 rtr-core-use1 上。",
    ],
)
def test_the_count_of_the_names_listed_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "nat-core-use1 has only 3 user-allocated NAT IPs (34.74.10.21 and 34.74.88.190) on router rtr-core-use1.",
        "nat-core-use1 has only 2 user-allocated NAT IPs (34.74.10.21 and 34.74.90.7) on router rtr-core-use1.",
    ],
)
def test_another_count_or_name_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
