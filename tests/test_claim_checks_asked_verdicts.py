"""A firewall's verdict read in the records of a call asked about the name (change_directions.way_rival).

A Log Analytics query `… | where Fqdn == "api.vendor.io" | summarize count() by Action` answers rows that name no
host: the query does. Those rows are the host's too. Before, only records naming the host were read, so a summary
across hosts giving it Deny contradicted "api.vendor.io had 5,120 allowed requests before 09:00", which the asked
call's Allow row shows; and the asked call's rows could never contradict a verdict either.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BY_HOST = EvidenceRow(
    "fw-1",
    "azure_log_analytics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        [
            {"Fqdn": "api.vendor.io", "Action": "Deny", "ActionReason": "Default Action", "Requests": "1342"},
            {"Fqdn": "cdn.vendor.io", "Action": "Deny", "ActionReason": "Default Action", "Requests": "77"},
        ],
        indent=2,
    ),
    {"query": "AZFWApplicationRule | where TimeGenerated > ago(1h) | summarize Requests=count() by Fqdn, Action"},
)
API = EvidenceRow(
    "fw-2",
    "azure_log_analytics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        [
            {"Action": "Allow", "Requests": "5120", "First": "2026-11-30T01:02:11Z", "Last": "2026-11-30T08:59:40Z"},
            {"Action": "Deny", "Requests": "1342", "First": "2026-11-30T09:00:05Z", "Last": "2026-11-30T10:14:51Z"},
        ],
        indent=2,
    ),
    {"query": 'AZFWApplicationRule | where Fqdn == "api.vendor.io" | summarize Requests=count() by Action'},
)
STATIC = EvidenceRow(
    "fw-3",
    "azure_log_analytics",
    Outcome.INDIRECT_SUPPORT,
    json.dumps([{"Action": "Deny", "Requests": "310", "First": "2026-11-30T06:00:00Z"}], indent=2),
    {"query": 'AZFWApplicationRule | where Fqdn == "static.vendor.io" | summarize Requests=count() by Action'},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [BY_HOST, API, STATIC]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    ["api.vendor.io had 5,120 allowed requests before 09:00.", "api.vendor.io 在 09:00 之前有 5,120 次请求被放行。"],
)
def test_a_verdict_the_asked_calls_rows_give_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "Traffic to static.vendor.io was allowed by the firewall.",
        "static.vendor.io 的请求都被防火墙放行了。",
        "Traffic to cdn.vendor.io was allowed by the firewall.",
        "cdn.vendor.io 的请求被防火墙放行了。",
    ],
)
def test_a_verdict_no_row_of_the_name_gives_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)
