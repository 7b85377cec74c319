"""A date said without a time is the date the subject's own record writes. logrotate's state file writes one
line a log, its date unpadded ("2027-1-11-3:0:0"): "api.log was last rotated on 2027-01-14" is not shown by the
line of another log on that day. When exactly one record of the call names the subject and writes a date, that
record dates it; where several do (a service's log lines), the call's dates are read as before. A date written unpadded before a
time ("2027-3-9 04:12:55") shows the date as well as logrotate's form does. Domain only,
offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

STATE = (
    "logrotate state -- version 2\n"
    '"/var/log/app/api.log" 2027-1-11-3:0:0\n'
    '"/var/log/app/worker.log" 2027-1-14-3:0:0\n'
    '"/var/log/syslog" 2027-1-14-3:0:0\n'
)


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow(
            "st-1",
            "ssh_exec",
            Outcome.INDIRECT_SUPPORT,
            STATE,
            {"host": "app-07", "command": "cat /var/lib/logrotate/status"},
        ),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "On app-07, /var/log/app/api.log was last rotated on 2027-01-14.",
        "/var/log/app/api.log was rotated on 2027-01-14, the same day as the syslog.",
        "app-07 上 /var/log/app/api.log 最后一次轮转是 2027-01-14。",
        "/var/log/app/worker.log 最后一次轮转在 2027-01-11。",
    ],
)
def test_another_log_s_date_does_not_date_it(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "On app-07, /var/log/app/api.log was last rotated on 2027-01-11.",
        "/var/log/app/worker.log was rotated on 2027-01-14.",
        "app-07 上 /var/log/app/api.log 最后一次轮转是 2027-01-11。",
        "/var/log/app/worker.log 最后一次轮转在 2027-01-14。",
    ],
)
def test_its_own_line_s_date_dates_it(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


# a tool that writes its dates unpadded and a time after them, not in logrotate's form
JOBS = (
    "job              finished\n"
    "nightly-export   2027-3-9 04:12:55\n"
    "ledger-compact   2027-3-12 04:40:03\n"
    "vacuum-full      2027-10-5 02:00:11\n"  # a two-digit month before a one-digit day
)


def job_statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("jb-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, JOBS, {"command": "jobctl last"})
    return [c.status for c in check_draft(draft, (row,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "nightly-export last finished on 2027-03-09.",
        "ledger-compact 上次完成于 2027-03-12。",
        "vacuum-full last finished on 2027-10-05.",
        "vacuum-full 上次完成于 2027-10-05。",
    ],
)
def test_an_unpadded_date_before_a_time_dates_it(draft: str) -> None:
    found = job_statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "nightly-export last finished on 2027-03-12.",
        "ledger-compact 上次完成于 2027-03-09。",
        "vacuum-full last finished on 2027-03-12.",
        "vacuum-full 上次完成于 2027-03-09。",
    ],
)
def test_an_unpadded_date_of_another_job_does_not_date_it(draft: str) -> None:
    found = job_statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found
