"""Two records told in sequence: "…, followed by FATAL exiting …", "先是 …，随后 FATAL …". A level or state said
after the sequence cue is the next record's; one record's level against it is no contradiction, while a level
said of the same record is still not shown by another record's. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOG = (
    "2026-08-14T06:12:01.118Z ERROR config/validate.go:88 config validation failed: key SMTP_HOST is not set\n"
    "2026-08-14T06:12:01.121Z FATAL main.go:41 exiting: invalid configuration\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("k-logs", "kubectl", Outcome.DIRECT_SUPPORT, LOG, {"args": "logs notifier-6c9d7-x2p4k"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "`config validation failed: key SMTP_HOST is not set`, followed by `FATAL exiting: invalid configuration`.",
        "先是 `config validation failed: key SMTP_HOST is not set`，随后 `FATAL exiting: invalid configuration`。",
    ],
)
def test_a_level_said_after_a_sequence_cue_is_the_next_records(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "`config validation failed: key SMTP_HOST is not set` was logged at FATAL.",
        "`config validation failed: key SMTP_HOST is not set` 是 FATAL 级别的日志。",
    ],
)
def test_a_level_said_of_the_same_record_is_still_checked(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found
