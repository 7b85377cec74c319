"""Who issued a certificate ("issued by Let's Encrypt R11", "由 DigiCert 签发", "issuer Google Trust Services
WR1") is checked: each part of the issuer's name (the organisation, the intermediate's code) must be in the
evidence ("issuer=C = US, O = Let's Encrypt, CN = R11"). Another issuer is not grounded (one no call names is
invented). Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

S_CLIENT = (
    "CONNECTED(00000003)\n"
    "depth=1 C = US, O = Let's Encrypt, CN = R11\n"
    "verify return:1\n"
    "---\n"
    "Certificate chain\n"
    " 0 s:CN = shop.example.org\n"
    "   i:C = US, O = Let's Encrypt, CN = R11\n"
    "---\n"
    "subject=CN = shop.example.org\n"
    "issuer=C = US, O = Let's Encrypt, CN = R11\n"
)


def s_client() -> EvidenceRow:
    params = {
        "host": "edge-1",
        "command": "openssl s_client -connect shop.example.org:443 -servername shop.example.org",
    }
    return EvidenceRow("ssl-1", "ssh_exec", Outcome.DIRECT_SUPPORT, S_CLIENT, params)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The certificate for shop.example.org is issued by Let's Encrypt R11.", True),
        ("shop.example.org 的证书由 Let's Encrypt R11 签发。", True),
        ("shop.example.org's certificate was signed by Let's Encrypt's R11 intermediate.", True),
        ("The certificate for shop.example.org is issued by DigiCert Global G2.", False),
        ("shop.example.org 的证书由 Let's Encrypt E5 签发。", False),
        ("shop.example.org 的证书签发者是 Sectigo RSA CA。", False),
    ],
)
def test_the_issuer_of_a_certificate_is_checked(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [s_client()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found
