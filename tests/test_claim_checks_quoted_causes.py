"""A causal claim whose every cue is inside what it quotes (`IllegalStateException: pool closed because the
datasource was shut down`) retells a record's own words: the link is shown when a record says the quote
verbatim (causal_checks.quoted_link). A quote no record says, or a cue of the claim's own outside the quote,
is still a link to show. Domain only, offline; rows and phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOGS = EvidenceRow(
    "logs-1",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-11-12T04:10:31Z",
                    "level": "ERROR",
                    "service": "invoice-worker",
                    "message": "Job INV-7731 aborted: java.lang.IllegalStateException: Pool is closed because "
                    "the datasource was shut down during redeploy",
                },
                {
                    "timestamp": "2026-11-12T04:11:02Z",
                    "level": "WARN",
                    "service": "invoice-worker",
                    "message": "retry scheduled for INV-7731 in 30s",
                },
            ],
            "total": 2,
        }
    ),
    {"service": "invoice-worker", "level": "WARN"},
)


def causal_status(draft: str) -> ClaimStatus:
    causal = [c for c in check_draft(draft, [LOGS]) if c.kind == ClaimKind.CAUSAL]
    assert causal, draft
    return causal[0].status


@pytest.mark.parametrize(
    "draft",
    [
        "invoice-worker logged `IllegalStateException: Pool is closed because the datasource was shut down during redeploy`.",
        "invoice-worker 的报错是 `IllegalStateException: Pool is closed because the datasource was shut down during redeploy`。",
        "The error for INV-7731: `Pool is closed because the datasource was shut down`.",
    ],
)
def test_a_cause_quoted_as_a_record_says_it_is_shown(draft: str) -> None:
    assert causal_status(draft) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        # the quote is no record's words
        "invoice-worker logged `IllegalStateException: Pool is closed because the connection limit was reached`.",
        "invoice-worker 的报错是 `Pool is closed because the database ran out of disk`。",
        # the claim's own cue links what it says to the quote: that link is no record's
        "INV-7731 was retried because of `Pool is closed because the datasource was shut down during redeploy`.",
        "INV-7731 被重试是因为 `Pool is closed because the datasource was shut down during redeploy`。",
        # what the claim says of the records besides the quote is its own: "all", a count
        "Every invoice-worker log entry says `Pool is closed because the datasource was shut down during redeploy`.",
        "invoice-worker 的 2 条日志都是 `Pool is closed because the datasource was shut down during redeploy`。",
    ],
)
def test_a_quote_no_record_says_or_a_cue_of_the_claims_own_is_not_shown_by_it(draft: str) -> None:
    assert causal_status(draft) != ClaimStatus.GROUNDED
