"""A call that asked about several like things at once (`for img in web/storefront:7.2.0 web/checkout-ui:3.4.1; do
clairctl report …`) vouches for none of them in a record that names another (asked.another_asked): storefront's
finding is not checkout-ui's because the loop also named checkout-ui. Before, "the CVE is in checkout-ui" grounded
on storefront's line, the image's name taken from what the call asked. A record that names the thing itself, or a
call that asked about one thing only, still vouches. Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SCANS = EvidenceRow(
    "t-1",
    "bash",
    Outcome.DIRECT_SUPPORT,
    "== harbor.corp/shop/cart-api:2.8.0\n"
    "harbor.corp/shop/cart-api:2.8.0 HIGH openssl 3.0.13-1 CVE-2024-5535 fixed 3.0.14-1\n"
    "== harbor.corp/shop/search-api:1.19.2\n"
    "harbor.corp/shop/search-api:1.19.2 CRITICAL glibc 2.36-9 CVE-2024-2961 fixed 2.36-9+deb12u7\n",
    {"command": "for i in shop/cart-api:2.8.0 shop/search-api:1.19.2; do trivy image -q harbor.corp/$i; done"},
)
ONE = EvidenceRow(
    "t-2",
    "trivy",
    Outcome.DIRECT_SUPPORT,
    "HIGH openssl 3.0.13-1 CVE-2024-5535 fixed 3.0.14-1\n",
    {"image": "harbor.corp/shop/cart-api:2.8.0"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    ["CVE-2024-5535 (openssl) is in cart-api:2.8.0.", "search-api:1.19.2 里有 glibc 的 CVE-2024-2961，级别 CRITICAL。"],
)
def test_a_finding_of_the_record_that_names_its_image_is_grounded(draft: str) -> None:
    assert statuses(draft, SCANS) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "CVE-2024-5535 is in search-api:1.19.2.",
        "cart-api:2.8.0 里有 glibc 的 CVE-2024-2961。",
        "CVE-2024-2961 affects 2.8.0 of cart-api.",
    ],
)
def test_a_finding_of_another_asked_image_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, SCANS)


@pytest.mark.parametrize(
    "draft", ["CVE-2024-5535 (openssl) is in cart-api:2.8.0.", "cart-api:2.8.0 里有 openssl 的 CVE-2024-5535。"]
)
def test_a_call_about_one_image_still_vouches_for_it(draft: str) -> None:
    assert statuses(draft, ONE) == [ClaimStatus.GROUNDED]
