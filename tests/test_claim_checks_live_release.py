"""A version said to be live now ("当前线上运行的是 2.8.1", "production is currently running 2.8.1") is the
version of the release record whose status says it is deployed (helm's `STATUS=deployed`): a failed upgrade
rolled back from is not live. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HISTORY = (
    "REVISION\tUPDATED                 \tSTATUS    \tCHART          \tAPP VERSION\tDESCRIPTION\n"
    "21      \tWed Oct  7 03:12:40 2026\tsuperseded\tbilling-4.2.0  \t3.5.2      \tUpgrade complete\n"
    '22      \tThu Oct  8 09:40:02 2026\tfailed    \tbilling-4.3.0  \t3.6.0      \tUpgrade "billing" failed: timed out\n'
    "23      \tThu Oct  8 09:46:55 2026\tdeployed  \tbilling-4.2.0  \t3.5.2      \tRollback to 21\n"
)


def history() -> EvidenceRow:
    return EvidenceRow("h-1", "helm", Outcome.DIRECT_SUPPORT, HISTORY, {"args": "history billing -n pay --max 3"})


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [history()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "live"),
    [
        ("Production is currently running app 3.5.2.", True),
        ("当前线上运行的是 app 3.5.2。", True),
        ("Production is currently running app 3.6.0.", False),
        ("当前线上运行的是 app 3.6.0。", False),
    ],
)
def test_the_live_version_is_the_deployed_records(draft: str, live: bool) -> None:
    assert (ClaimStatus.CONTRADICTED not in statuses(draft)) is live
