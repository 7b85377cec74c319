"""Envoy's response flags, as its default access log prints them after the status (`503 UF,URX`), are read against
a claim that names flags ("response flags UH", "响应标志是 UH"): no line giving the claimed flags contradicts it
(envoy_flags.py). Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LINE = (
    '[2026-11-03T08:14:{s}.101Z] "POST /v1/quote HTTP/1.1" 503 {flags} upstream_reset_before_response_started'
    '{{connection_termination}} - "-" 412 95 3 - "-" "okhttp" "9c1e" "pricing.svc:8080" "10.9.3.{ip}:8080" '
    "outbound|8080||pricing.svc\n"
)
PROXY = EvidenceRow(
    "p-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    LINE.format(s="02", flags="UC", ip="14") + LINE.format(s="05", flags="UO", ip="15"),
    {"args": "logs deploy/checkout -c istio-proxy --tail=50"},
)


def contradicted(draft: str) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, [PROXY]))


@pytest.mark.parametrize(
    "draft",
    [
        "The sidecar's 503s carry response flags UH (no healthy upstream).",
        "sidecar 日志里 503 的响应标志是 UF。",
        "Every 503 shows the flag NR: no route was configured.",
    ],
)
def test_flags_no_line_gives_are_contradicted(draft: str):
    assert contradicted(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "One 503 carries response flags UC (upstream connection termination), the other UO (overflow).",
        "sidecar 日志里有一条 503 的响应标志是 UO，即连接池溢出。",
        "The sidecar logged 503s for pricing.svc.",
    ],
)
def test_flags_a_line_gives_or_none_named_are_not_contradicted(draft: str):
    assert not contradicted(draft)
