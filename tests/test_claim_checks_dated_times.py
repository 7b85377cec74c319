"""A date said with its time is the records' date in the claim's zone: 07:12 in Shanghai on Oct 2 is 23:12 UTC
on Oct 1, never on Oct 2, and 18:31 UTC on May 2 is 02:31 Beijing time on May 3. A record of another thing at
that time, or records with no date, judge nothing.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.zones import EvidenceZones

SHANGHAI = EvidenceZones.parse(("query_logs=Asia/Shanghai",))


def java_logs() -> EvidenceRow:
    logs = [
        {"timestamp": "2026-10-02 07:12:48.331", "level": "ERROR", "service": "stock-api", "message": "reserve failed"},
        {"timestamp": "2026-10-02 07:13:02.905", "level": "ERROR", "service": "stock-api", "message": "reserve failed"},
    ]
    body = {"success": True, "logs": logs, "total": 2}
    return EvidenceRow("ql-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "stock-api"})


def alert() -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "LedgerReplicaLag", "instance": "ledger-db-2:9104", "severity": "warning"},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "startsAt": "2026-05-02T18:31:50.000Z",
        }
    ]
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    found = [c.status for c in check_draft(draft, [row], SHANGHAI) if c.kind == ClaimKind.FACT]
    assert found, draft
    return found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("stock-api's first reserve failure was at 2026-10-01 23:12:48 UTC.", True),
        ("stock-api's first reserve failure was at 2026-10-02 23:12:48 UTC.", False),
        ("stock-api 第一次 reserve 失败在北京时间 10 月 2 日 07:12:48。", True),
        ("stock-api 第一次 reserve 失败在 UTC 10 月 2 日 23:12:48。", False),
        ("stock-api 第一次 reserve 失败在 UTC 10 月 1 日 23:12:48。", True),
        ("The first stock-api reserve failure was logged on Oct 1 at 23:12 UTC.", True),
        ("The first stock-api reserve failure was logged on Oct 2 at 23:12 UTC.", False),
    ],
)
def test_a_date_with_a_time_is_the_records_date_in_the_claims_zone(draft: str, grounded: bool) -> None:
    assert (set(statuses(draft, java_logs())) == {ClaimStatus.GROUNDED}) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("LedgerReplicaLag on ledger-db-2:9104 started at 2026-05-02 18:31:50 UTC.", True),
        ("LedgerReplicaLag 于北京时间 5 月 3 日 02:31:50 开始触发（ledger-db-2:9104）。", True),
        ("LedgerReplicaLag 于北京时间 5 月 2 日 02:31:50 开始触发（ledger-db-2:9104）。", False),
        ("LedgerReplicaLag on ledger-db-2:9104 started at 2026-05-03 18:31:50 UTC.", False),
    ],
)
def test_a_date_crossing_midnight_moves_with_its_time(draft: str, grounded: bool) -> None:
    assert (set(statuses(draft, alert())) == {ClaimStatus.GROUNDED}) is grounded


def test_records_without_dates_judge_no_date() -> None:
    lines = "07:12:48 stock-api ERROR reserve failed\n07:13:02 stock-api ERROR reserve failed\n"
    row = EvidenceRow("ll-1", "ssh_exec", Outcome.DIRECT_SUPPORT, lines, {"cmd": "tail /var/log/stock.log"})
    assert ClaimStatus.GROUNDED in statuses("stock-api failed at 2026-10-02 07:12:48.", row)
    assert ClaimStatus.GROUNDED in statuses("stock-api 在 10 月 2 日 07:12:48 报错。", row)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a zone with a day said relative to the time before it ("次日", "第二天") still zones the time
        ("LedgerReplicaLag 自 18:31:50 UTC（北京时间次日 02:31:50）开始触发（ledger-db-2:9104）。", True),
        ("LedgerReplicaLag 自 18:31:50 UTC（北京时间第二天 02:31:50）开始触发（ledger-db-2:9104）。", True),
        ("LedgerReplicaLag 自 18:31:50 UTC（北京时间次日 03:31:50）开始触发（ledger-db-2:9104）。", False),
    ],
)
def test_a_zone_with_a_relative_day_zones_its_time(draft: str, grounded: bool) -> None:
    assert (set(statuses(draft, alert())) == {ClaimStatus.GROUNDED}) is grounded


def test_an_ordinal_day_is_no_span_of_days() -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts

    assert not [f for f in extract_facts("第二天早上 stock-api 恢复了。") if f.kind == FactKind.QUANTITY]
    assert [f for f in extract_facts("过去 2 天 stock-api 报错。") if f.kind == FactKind.QUANTITY]
