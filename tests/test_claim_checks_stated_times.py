"""Each time of a claim is one the session states, and rows are not dropped before their units are read:

- "the dump started at 02:05 UTC and failed a second later, at 10:05 UTC": a claim of several times grounds
  on a record at one of them, so each other time must be one some record, series sample or call window
  states (the ends of a range and a zone's offset are not held to it); a trailing ", at 10:05 UTC" dates
  the part before it and is checked with it;
- a host and port a table gives in columns of their own ("admin.example.org   443") ground
  "admin.example.org:443";
- a duration a unit derives from a window's start and end ("in those 6 hours") is in no raw number: the row
  is not dropped for it.

Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def backup_log() -> EvidenceRow:
    lines = [
        'level=info ts=2026-12-03T02:05:12.998Z msg="starting dump" db=ledger job=nightly-backup',
        'level=error ts=2026-12-03T02:05:13.671Z msg="pg_dump exited with status 1" db=ledger job=nightly-backup',
    ]
    return EvidenceRow("l-1", "loki", Outcome.DIRECT_SUPPORT, "\n".join(lines), {"query": '{job="nightly-backup"}'})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("nightly-backup started the ledger dump at 02:05 UTC and pg_dump failed a second later.", True),
        ("nightly-backup 在 02:05 UTC 开始导出 ledger，一秒后 pg_dump 以 status 1 退出。", True),
        ("nightly-backup started the ledger dump at 02:05 UTC and pg_dump exited with status 1 at 10:05 UTC.", False),
        ("nightly-backup 在 02:05 UTC 开始导出 ledger，10:05 UTC pg_dump 以 status 1 退出。", False),
        (
            "nightly-backup started the ledger dump at 02:05 UTC; pg_dump exited with status 1 a second later, at 10:05 UTC.",
            False,
        ),
    ],
)
def test_each_time_of_a_claim_is_one_the_session_states(draft: str, grounded: bool) -> None:
    assert (
        ClaimStatus.GROUNDED in statuses(draft, backup_log())
        and ClaimStatus.UNGROUNDED not in statuses(draft, backup_log())
    ) is grounded


@pytest.mark.parametrize(
    "draft",
    [
        "nightly-backup logged the ledger dump between 02:05–02:06 UTC (10:05–10:06 Beijing time).",
        "nightly-backup 在 02:05 到 02:06 UTC 之间记录了 ledger 导出。",
        "nightly-backup started the ledger dump at 02:05:12 +00:00.",
    ],
)
def test_range_ends_and_offsets_are_not_held_to_a_record(draft: str) -> None:
    assert ClaimStatus.UNGROUNDED not in statuses(draft, backup_log())


def cert_table() -> EvidenceRow:
    text = (
        "HOST                     PORT  SUBJECT                  ISSUER  NOT_AFTER              DAYS_LEFT  STATUS\n"
        "admin.example.org        443   admin.example.org        R11     2026-11-30T04:40:10Z   -3         EXPIRED\n"
        "mq.example.org           5671  mq.example.org           int-ca  2026-12-28T00:00:00Z   25         WARN\n"
    )
    return EvidenceRow("t-1", "cert_check", Outcome.DIRECT_SUPPORT, text, {"hosts": "all"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("admin.example.org:443 is EXPIRED (issuer R11).", True),
        ("mq.example.org:5671 的证书还有 25 天过期（WARN）。", True),
        ("mq.example.org:5671 的证书还有 52 天过期。", False),
    ],
)
def test_a_host_and_port_in_columns_of_their_own_ground_host_colon_port(draft: str, grounded: bool) -> None:
    assert (statuses(draft, cert_table()) == [ClaimStatus.GROUNDED]) is grounded


def trace_search() -> EvidenceRow:
    body = {"traces": [{"traceID": "4bf92f3577b34da6", "rootServiceName": "payments-api", "durationMs": 812}]}
    params = {
        "q": '{ resource.service.name = "payments-api" }',
        "start": "2026-12-03T04:00:00Z",
        "end": "2026-12-03T10:00:00Z",
    }
    return EvidenceRow("tr-1", "tempo_search", Outcome.INDIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    "draft", ["I searched payments-api traces over the last 6 hours.", "查了 payments-api 过去 6 小时的 trace。"]
)
def test_a_window_a_call_spans_is_not_dropped_before_it_is_read(draft: str) -> None:
    assert ClaimStatus.GROUNDED in statuses(draft, trace_search())
