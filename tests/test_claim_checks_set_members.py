"""A name the session gives only inside a set of its own: a runbook's "web-01/02/03" names web-02, and "pay-w-01 到
pay-w-04" names pay-w-03. A claim that names one of them invents nothing (what it says of it is still to be
shown); a name outside the set (web-05) is still invented. Domain only, offline; records and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RUNBOOK = (
    "[Edge runbook / nginx] (score 0.82) web-01/02/03 share one nginx config, pushed by config-sync at 04:00 UTC; "
    "the batch workers pay-w-01 到 pay-w-04 read it at start-up."
)
LOG = "2027-03-09T04:00:12Z web-01 config-sync[2211]: push failed: permission denied on /etc/nginx/conf.d/edge.conf\n"


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("kb-1", "lookup_knowledge", Outcome.INDIRECT_SUPPORT, RUNBOOK, {"query": "nginx config sync"}),
        EvidenceRow("log-1", "query_logs", Outcome.INDIRECT_SUPPORT, LOG, {"host": "web-01"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The runbook says web-02 gets the same nginx config from config-sync.",
        "Per the runbook, web-03 shares that nginx config too.",
        "知识库说 web-02 和 web-01 用同一份 nginx 配置。",
        "pay-w-03 在启动时也会读取这份配置。",
    ],
)
def test_a_member_of_a_set_the_session_gives_is_not_invented(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.INVENTED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "The runbook says web-05 gets the same nginx config from config-sync.",
        "知识库说 web-05 和 web-01 用同一份 nginx 配置。",
        "pay-w-07 在启动时也会读取这份配置。",
    ],
)
def test_a_name_outside_the_set_is_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft)
