"""Two readings. A time a verb says something happened at, exactly ("it went out at 14:32 UTC", "the pod restarted at
03:10") is a time the claim asserts, which some record must state; an approximate one ("around 14:32") or a
range is left as before. A readiness fraction ("4/4 就绪", "3/4 ready") is shown as written or by a table row's
READY and DESIRED cells. Domain only, offline; rows and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HISTORY = (
    "REVISION  UPDATED                   STATUS     CHART          DESCRIPTION\n"
    "7         Tue Mar  3 14:32:10 2026  deployed   ledger-2.4.1   Upgrade complete\n"
)
RS = (
    "NAME                    REVISION   DESIRED   READY   IMAGE\n"
    "ledger-6c9d8b7f5        7          4         4       registry.internal/ledger:2.4.1\n"
    "ledger-5b8c7d6f9        6          3         1       registry.internal/ledger:2.4.0\n"
)


def statuses(draft: str, text: str, args: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "r-1", "helm" if "REVISION  UPDATED" in text else "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": args}
    )
    return [c.status for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CONTEXT)]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("It went out at 14:32 UTC.", ClaimStatus.GROUNDED),
        ("It went out at 16:32 UTC.", ClaimStatus.UNGROUNDED),
        ("It went out around 16:32 UTC.", ClaimStatus.UNCHECKABLE),
    ],
)
def test_a_time_something_happened_at_is_asserted(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, HISTORY, "history ledger") == [status]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-6c9d8b7f5 4/4 就绪。", True),
        ("ledger-6c9d8b7f5 is 4/4 ready.", True),
        ("ledger-5b8c7d6f9 1/3 就绪。", True),
        ("ledger-6c9d8b7f5 3/4 就绪。", False),
        ("ledger-5b8c7d6f9 is 3/3 ready.", False),
    ],
)
def test_a_readiness_fraction_is_shown_by_the_ready_and_desired_cells(draft: str, grounded: bool) -> None:
    assert statuses(draft, RS, "get rs -l app=ledger") == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]
