"""Some records out of all: "2 of the 4 entries are ERRORs from 10.8.5.11", "共查到 4 条日志，其中 2 条 ERROR
都来自 10.8.5.11". One call lists exactly the larger count of records (its listing not cut) and exactly the
smaller count of them show the rest of the claim. Domain only, offline; phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def logs() -> EvidenceRow:
    entries = [
        {
            "timestamp": "2026-10-02T07:41:02Z",
            "level": "ERROR",
            "instance": "10.8.5.11",
            "message": "stock lock timeout",
        },
        {
            "timestamp": "2026-10-02T07:41:09Z",
            "level": "WARN",
            "instance": "10.8.5.11",
            "message": "retrying stock lock",
        },
        {
            "timestamp": "2026-10-02T07:41:15Z",
            "level": "ERROR",
            "instance": "10.8.5.11",
            "message": "stock lock timeout",
        },
        {"timestamp": "2026-10-02T07:41:20Z", "level": "INFO", "instance": "10.8.5.12", "message": "batch done"},
    ]
    body = {"success": True, "logs": entries, "total": 4}
    return EvidenceRow("lg-4", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"service": "stock-api"})


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [logs()]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("2 of the 4 entries are ERRORs from 10.8.5.11.", True),
        ("共查到 4 条日志，其中 2 条 ERROR 都来自 10.8.5.11。", True),
        ("3 of the 4 entries are ERRORs from 10.8.5.11.", False),
        ("共查到 4 条日志，其中 3 条 ERROR 都来自 10.8.5.11。", False),
        ("2 of the 5 entries are ERRORs from 10.8.5.11.", False),
        ("共查到 5 条日志，其中 2 条 ERROR 都来自 10.8.5.11。", False),
    ],
)
def test_some_of_all_records_of_one_call(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("2 of the 24 scrape targets are down: 10.4.1.52:9100 (gpu-node-04) and 10.4.1.57:9100 (gpu-node-09).", "2"),
        ("3 of the 42 targets are down (~7%): 10.30.4.11, 10.30.4.12 and 10.30.4.15.", "3"),
        ("2 of the 24 scrape targets are down: 10.4.1.52:9100, 10.4.1.57:9100 and 10.4.1.58:9100.", None),
        ("两个 pod（checkout-7f9c-q8w2z、checkout-7f9c-m4xd7）都在重启。", "2个"),
        ("三个 pod（checkout-7f9c-q8w2z、checkout-7f9c-m4xd7）都在重启。", None),
    ],
)
def test_a_count_of_the_names_a_claim_lists_is_their_number(text: str, counted: str | None) -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts
    from evidence_trace.server.domain.verifier.intervals import enumerated_counts

    facts = extract_facts(text)
    assert [facts[i].text for i in enumerated_counts(text, facts)] == ([counted] if counted else [])


def alerts() -> EvidenceRow:
    def alert(name: str, severity: str, state: str) -> dict[str, object]:
        return {
            "labels": {"alertname": name, "cluster": "orders-pg", "severity": severity},
            "status": {"state": state, "silencedBy": [], "inhibitedBy": []},
            "startsAt": "2026-12-19T17:30:00Z",
        }

    body = [
        alert("PostgresReplicationLagHigh", "critical", "active"),
        alert("NodeFilesystemAlmostFull", "warning", "active"),
        alert("PostgresTooManyConnections", "critical", "active"),
    ]
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # what the claim says before the smaller count holds of all the records, what follows it of that many
        ("与 orders-pg 相关的告警共 3 条，全部处于 active 状态，其中 2 条为 critical。", True),
        ("与 orders-pg 相关的告警共 3 条，全部处于 active 状态，其中 1 条为 critical。", False),
        ("与 orders-pg 相关的告警共 3 条，全部处于 active 状态，其中 2 条为 warning。", False),
        ("与 orders-pg 相关的告警共 3 条，全部处于 suppressed 状态，其中 2 条为 critical。", False),
        ("The 3 alerts for orders-pg are all active, and 2 of the 3 alerts are critical.", True),
        ("The 3 alerts for orders-pg are all active, and 2 of the 3 alerts are warning.", False),
        ("The 3 alerts for orders-pg are all suppressed, and 2 of the 3 alerts are critical.", False),
    ],
)
def test_what_precedes_the_smaller_count_holds_of_every_record(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [alerts()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


def pods() -> EvidenceRow:
    table = (
        "NAME                          READY   STATUS             RESTARTS   AGE\n"
        "ledger-5c8d7f9b6-2kq8v        1/1     Running            0          3h\n"
        "ledger-5c8d7f9b6-7wz4m        0/1     CrashLoopBackOff   14         3h\n"
        "ledger-5c8d7f9b6-h9tx2        1/1     Running            0          3h\n"
        "ledger-5c8d7f9b6-pp3nd        0/1     CrashLoopBackOff   11         3h\n"
        "ledger-5c8d7f9b6-zc6rf        1/1     Running            0          3h\n"
    )
    return EvidenceRow("kp-5", "kubectl", Outcome.DIRECT_SUPPORT, table, {"args": "get pods -n ledger"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the whole first, then the part: "N 个 X 中 (有) M 个 …", "N 台 … 里 M 个 …"
        ("共查到 4 条日志中有 2 条 ERROR，都来自 10.8.5.11。", True),
        ("4 条日志里 2 条是 ERROR，都来自 10.8.5.11。", True),
        ("4 条日志里 3 条是 ERROR，都来自 10.8.5.11。", False),
        ("5 条日志里 2 条是 ERROR，都来自 10.8.5.11。", False),
    ],
)
def test_all_then_some_in_chinese_counts_the_records_of_one_call(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("5 个 ledger 副本中 2 个处于 CrashLoopBackOff。", True),
        ("5 个 pod 里有 3 个 Running。", True),
        ("5 个 ledger 副本中 3 个处于 CrashLoopBackOff。", False),
        ("6 个 pod 里有 3 个 Running。", False),
        ("2 of the 5 ledger pods are in CrashLoopBackOff.", True),
        ("3 of the 5 ledger pods are in CrashLoopBackOff.", False),
    ],
)
def test_some_of_all_rows_of_a_kubectl_table(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [pods()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded
