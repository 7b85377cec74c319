"""A figure that is part of a name the evidence writes joined ("Route 53" of `aws route53 …`, "Log4j 2" of
`log4j2.xml`) is no quantity the claim states; a figure no row joins to its word still is one.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def zone() -> EvidenceRow:
    text = '{"ResourceRecordSets": [{"Name": "_a1b2.shop.example.net.", "Type": "CNAME", "TTL": 300}]}'
    return EvidenceRow(
        "r-1",
        "aws_cli",
        Outcome.DIRECT_SUPPORT,
        text,
        {"command": "aws route53 list-resource-record-sets --hosted-zone-id Z04417"},
    )


def config() -> EvidenceRow:
    text = '/opt/app/conf/log4j2.xml: <Root level="debug">'
    return EvidenceRow(
        "c-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "grep -H Root /opt/app/conf/log4j2.xml"}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "The validation CNAME is still in the Route 53 zone with a TTL of 300.",
        "Route 53 里这条验证用的 CNAME 还在，TTL 为 300。",
        "The Log4j 2 config sets the root logger to debug.",
    ],
)
def test_a_figure_of_a_joined_name_is_no_quantity(draft: str) -> None:
    assert ClaimStatus.UNGROUNDED not in statuses(draft, zone(), config())


@pytest.mark.parametrize(
    "draft", ["The validation CNAME has a TTL of 600 in the Route 53 zone.", "Route 54 里这条 CNAME 还在，TTL 为 300。"]
)
def test_other_figures_are_still_checked(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, zone(), config())
