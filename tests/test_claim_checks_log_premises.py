"""A premise that says what a log it names shows, before a hedged consequence ("its client.log shows the recent runs
completing cleanly, so the problem is probably only the reporting"), is a fact to check, not part of the hedge: where
the call that read that log failed, nothing grounds it; where the log was read, its lines do. The consequence stays
a hedge.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def status() -> EvidenceRow:
    text = "2 hours ago, app-07.int, app-07.int, 10.4.1.27, ubuntu 22.04.\n9 minutes ago, app-08.int, app-08.int, 10.4.1.28, ubuntu 22.04.\n"
    return EvidenceRow("k-1", "knife", Outcome.INDIRECT_SUPPORT, text, {"args": "status 'name:app-0*'"})


def failed_log() -> EvidenceRow:
    return EvidenceRow(
        "s-1",
        "ssh_exec",
        Outcome.FAILED,
        "",
        {"host": "app-07.int", "command": "tail -n 40 /var/log/chef/client.log"},
        error_message="ssh: connect to host app-07.int port 22: Connection timed out",
        error_kind=ErrorKind.TIMEOUT,
    )


def read_log() -> EvidenceRow:
    text = (
        "[2026-11-20T08:30:02+00:00] INFO: Chef Infra Client Run complete in 41.2 seconds\n"
        "[2026-11-20T08:30:02+00:00] INFO: 3/118 resources updated in 41 seconds\n"
    )
    return EvidenceRow(
        "s-2",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        text,
        {"host": "app-08.int", "command": "tail -n 2 /var/log/chef/client.log"},
    )


def facts_of(draft: str) -> list[ClaimStatus]:
    rows = [status(), failed_log(), read_log()]
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "app-07 last checked in 2 hours ago. Its local client.log shows the recent runs completing cleanly, so the "
        "problem is most likely only the reporting.",
        "app-07 两小时前最后一次签到。它本地的 client.log 显示最近几次运行都正常结束，所以问题多半只是上报。",
    ],
)
def test_what_a_failed_read_of_a_log_shows_is_checked(draft: str) -> None:
    found = facts_of(draft)
    assert found[0] == ClaimStatus.GROUNDED and found[1:] and ClaimStatus.GROUNDED not in found[1:]


@pytest.mark.parametrize(
    "draft",
    [
        "app-08 last checked in 9 minutes ago. Its client.log shows the last run complete in 41.2 seconds, so the runs "
        "themselves are probably fine.",
        "app-08 9 分钟前签到。它的 client.log 显示最近一次运行 41.2 秒完成，所以运行本身大概率没问题。",
    ],
)
def test_what_a_read_log_shows_is_grounded_by_its_lines(draft: str) -> None:
    assert facts_of(draft) == [ClaimStatus.GROUNDED, ClaimStatus.GROUNDED]
