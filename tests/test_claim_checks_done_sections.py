"""A heading of what was done reports facts, whatever it calls them: the claims under "## Actions taken",
"## Mitigation applied", "## What we did", "## 已采取的措施", "## 已执行的修复" or "## 处理过程" are judged as findings.
Before, the word "actions" or "修复" in such a heading made every claim under it advice, never checked, so "RTR
confirmed the file is gone" after a failed RTR session was ACCEPTed (fail-open). A heading of what to do ("##
Actions", "## Next actions", "## 建议措施", "## 修复") still opens advice. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ROWS = [
    EvidenceRow(
        "k-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "NAME                        READY   STATUS    RESTARTS   AGE\nledger-api-6c9f7d8b5-x2k4q   1/1     Running   0          4m\n",
        {"args": "get pods -n ledger"},
    )
]


def under(heading: str, line: str) -> list[tuple[ClaimKind, ClaimStatus]]:
    draft = f"## Summary\nledger-api-6c9f7d8b5-x2k4q is Running.\n\n## {heading}\n- {line}\n"
    start = draft.index(line)
    return [(c.kind, c.status) for c in check_draft(draft, ROWS) if c.start >= start]


@pytest.mark.parametrize(
    ("heading", "line"),
    [
        ("Actions taken", "ledger-api-6c9f7d8b5-x2k4q was restarted and has 3 restarts since."),
        ("Mitigation applied", "ledger-api-6c9f7d8b5-x2k4q was restarted and has 3 restarts since."),
        ("What we did", "ledger-api-6c9f7d8b5-x2k4q was restarted and has 3 restarts since."),
        ("已采取的措施", "已重启 ledger-api-6c9f7d8b5-x2k4q，之后又重启了 3 次。"),
        ("已执行的修复", "已重启 ledger-api-6c9f7d8b5-x2k4q，之后又重启了 3 次。"),
        ("处理过程", "已重启 ledger-api-6c9f7d8b5-x2k4q，之后又重启了 3 次。"),
    ],
)
def test_what_was_done_is_judged_as_a_finding(heading: str, line: str) -> None:
    claims = under(heading, line)
    assert claims and all(kind in (ClaimKind.FACT, ClaimKind.CAUSAL) for kind, _ in claims)
    assert ClaimStatus.GROUNDED not in [status for _, status in claims]


@pytest.mark.parametrize(
    ("heading", "line"),
    [
        ("Actions", "Restart ledger-api-6c9f7d8b5-x2k4q and watch for 3 more restarts."),
        ("Next actions", "Restart ledger-api-6c9f7d8b5-x2k4q and watch for 3 more restarts."),
        ("建议措施", "重启 ledger-api-6c9f7d8b5-x2k4q，观察是否再重启 3 次。"),
        ("修复", "重启 ledger-api-6c9f7d8b5-x2k4q，观察是否再重启 3 次。"),
    ],
)
def test_what_to_do_stays_advice(heading: str, line: str) -> None:
    assert [kind for kind, _ in under(heading, line)] == [ClaimKind.ADVICE]
