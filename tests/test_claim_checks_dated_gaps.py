"""A gap between two dated times the claim states ("valid from Jul 02 … to Sep 30 … (90 days)", "有效期 2026-07-02
至 2026-09-30（约 90 天）") is the writer's arithmetic across days: it holds when it equals the gap, and the dates
are still checked; a gap it does not equal stays a fact, which no unit shows.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

OPENSSL = (
    "subject=CN = shop.example.org\n"
    "issuer=C = US, O = Let's Encrypt, CN = R11\n"
    "notBefore=Jul  2 06:41:09 2026 GMT\n"
    "notAfter=Sep 30 06:41:08 2026 GMT\n"
)


def cert() -> EvidenceRow:
    command = "echo | openssl s_client -connect shop.example.org:443 2>/dev/null | openssl x509 -noout -dates -subject -issuer"
    return EvidenceRow("t-1", "ssh_exec", Outcome.DIRECT_SUPPORT, OPENSSL, {"command": command})


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [cert()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        (
            "shop.example.org's certificate is valid from Jul 2 06:41:09 to Sep 30 06:41:08 GMT, a 90-day certificate.",
            True,
        ),
        ("shop.example.org 的证书有效期从 07-02 06:41:09 到 09-30 06:41:08（GMT），共约 90 天。", True),
        (
            "shop.example.org's certificate is valid from Jul 2 06:41:09 to Sep 30 06:41:08 GMT, a 60-day certificate.",
            False,
        ),
        ("shop.example.org 的证书有效期从 07-02 06:41:09 到 09-30 06:41:08（GMT），共约 60 天。", False),
    ],
)
def test_a_gap_between_two_dated_times_is_the_writers_arithmetic(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == {ClaimStatus.GROUNDED}) is grounded
