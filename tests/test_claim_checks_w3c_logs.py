"""Claim checks over W3C extended logs (IIS, CloudFront) whose `#Fields:` directive names the columns: a line's
sc-status, sc-substatus and sc-win32-status are read under their names, so a claim that names the fields finds
them (read as plain lines, the fields' names were nowhere). Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOG = EvidenceRow(
    "iis-1",
    "powershell",
    Outcome.INDIRECT_SUPPORT,
    "#Software: Microsoft Internet Information Services 10.0\n"
    "#Fields: date time s-ip cs-method cs-uri-stem s-port c-ip sc-status sc-substatus sc-win32-status time-taken\n"
    "2026-03-02 07:15:44 10.31.0.8 GET /portal/login 443 10.9.4.77 500 19 13 31\n"
    "2026-03-02 07:15:51 10.31.0.8 GET /portal/login 443 10.9.4.12 500 19 13 12\n",
    {"script": "Get-Content E:\\logs\\W3SVC2\\u_ex260302.log -Tail 4"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (LOG,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("/portal/login returned 500 with sc-substatus 19 and sc-win32-status 13.", True),
        ("/portal/login 返回 500，sc-substatus 为 19，sc-win32-status 为 13。", True),
        # another path, which no line has
        ("/portal/logout returned 500 with sc-substatus 19 and sc-win32-status 13.", False),
        ("/portal/logout 返回 500，sc-substatus 为 19，sc-win32-status 为 13。", False),
    ],
)
def test_a_lines_fields_are_read_under_the_fields_directive(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) == grounded
