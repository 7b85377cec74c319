"""The protocol's version in a status line ("HTTP/1.1 200 OK") is no version of the software a claim speaks of:
it never contradicts "lb-01 runs nginx 1.27.1". Another release of the software still does not ground.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PROBE = (
    "lb-01: nginx version: nginx/1.27.1\nlb-01: HTTP/1.1 200 OK\nlb-01: Server: nginx/1.27.1\n"
    "lb-02: nginx version: nginx/1.25.4\nlb-02: HTTP/1.1 503 Service Unavailable\nlb-02: Server: nginx/1.25.4\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "p-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        PROBE,
        {"hosts": "lb-0[1-2]", "command": "nginx -v; curl -sI /healthz"},
    )
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "lb-01 runs nginx 1.27.1 (Server: nginx/1.27.1) and its health check answers 200 OK.",
        "lb-01 上 nginx 版本为 1.27.1，健康检查返回 200 OK。",
        "| host | nginx | health |\n|---|---|---|\n| lb-01 | 1.27.1 | 200 OK |",
    ],
)
def test_the_status_line_s_protocol_version_contradicts_no_release(draft: str):
    assert set(statuses(draft)) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    "draft", ["lb-01 runs nginx 1.25.4 and answers 200 OK.", "lb-02 上 nginx 版本为 1.27.1，返回 503。"]
)
def test_another_host_s_release_is_still_not_grounded(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft)
