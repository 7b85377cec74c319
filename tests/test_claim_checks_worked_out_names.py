"""Names the writer works out from the evidence or shortens, which invent nothing: the last address of a CIDR
block the session names ("10.40.0.0/22 只覆盖 10.40.0.0–10.40.3.255"), and a long name elided in its middle
("/wal/orders/16-1/...0C5-...gz"). An address outside every named block, or pieces no row holds in order, are
still invented. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RULE = EvidenceRow(
    "sg-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    '{"SecurityGroupRules": [{"IpProtocol": "tcp", "FromPort": 443, "ToPort": 443, "CidrIpv4": "10.40.0.0/22"}]}',
    {"command": "aws ec2 describe-security-group-rules --filters Name=group-id,Values=sg-0c1d2e3f"},
)
ARCHIVE = EvidenceRow(
    "log-1",
    "kubectl_logs",
    Outcome.INDIRECT_SUPPORT,
    "2026-12-14 01:18:03 ERROR: [039]: HTTP request failed with 403 (Forbidden) on PUT "
    "/wal/orders/16-1/0000000300000A1B/0000000300000A1B000000C5-9f8e7d6c5b4a39281706f5e4d3c2b1a0.gz",
    {"args": "logs orders-db-0 -c archiver"},
)


def invented(draft: str, row: EvidenceRow) -> bool:
    return ClaimStatus.INVENTED in [c.status for c in check_draft(draft, (row,))]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("10.40.0.0/22 only covers 10.40.0.0–10.40.3.255.", False),
        ("10.40.0.0/22 只覆盖 10.40.0.0–10.40.3.255。", False),
        ("Traffic from 10.40.9.12 is not allowed.", True),
        ("来自 10.40.9.12 的流量没有被放行。", True),
    ],
)
def test_an_address_inside_a_block_the_session_names_is_worked_out_not_invented(draft: str, expected: bool) -> None:
    assert invented(draft, RULE) == expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The PUT to /wal/orders/16-1/...0C5-...gz was refused with 403.", False),
        ("对 /wal/orders/16-1/...0C5-...gz 的 PUT 被 403 拒绝。", False),
        ("The PUT to /wal/billing/16-1/...0C5-...gz was refused with 403.", True),
        ("对 /wal/billing/16-1/...0C5-...gz 的 PUT 被 403 拒绝。", True),
    ],
)
def test_a_name_elided_in_its_middle_is_mentioned_when_one_row_holds_its_pieces(draft: str, expected: bool) -> None:
    assert invented(draft, ARCHIVE) == expected
