"""Durations as writers write them: in English number words ("about four minutes"), as a gap between two
events ("three seconds later"), inside a causal claim, beside a denial in another clause. Each is read
and checked, and only what the evidence contradicts is contradicted.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

JOURNAL = (
    "2026-11-02T02:58:40Z INFO export-job started batch=77\n"
    "2026-11-02T03:01:12Z ERROR export-job killed: OOMKilled because heap exceeded the 512Mi limit\n"
)
PODS = (
    "NAME                        READY   STATUS    RESTARTS   AGE\n"
    "ledger-api-5f8c9d7b6-2xkqp  1/1     Running   0          3d6h\n"
    "ledger-api-5f8c9d7b6-9wq4t  1/1     Running   0          3d6h\n"
)
POOL = (
    '{"success":true,"logs":['
    '{"timestamp":"2026-12-20T03:10:02Z","level":"ERROR","service":"billing","instance":"billing-10.4.2.7",'
    '"message":"HikariPool-1 - Connection is not available, request timed out after 30000ms (waiting=12)"},'
    '{"timestamp":"2026-12-20T03:10:05Z","level":"ERROR","service":"billing","instance":"billing-10.4.2.8",'
    '"message":"HikariPool-1 - Connection is not available, request timed out after 30000ms (waiting=9)"}'
    '],"total":2}'
)


def journal() -> EvidenceRow:
    return EvidenceRow("j-1", "ssh_exec", Outcome.DIRECT_SUPPORT, JOURNAL, {"command": "journalctl -u export-job"})


def pods() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n ledger"})


def pool() -> EvidenceRow:
    return EvidenceRow("q-1", "query_logs", Outcome.DIRECT_SUPPORT, POOL, {"query": "HikariPool"})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("it ran for about four minutes", 240),
        ("the retry came twenty-five seconds later", 25),
        ("Forty minutes after the deploy", 2400),
        ("after two hours", 7200),
    ],
)
def test_a_duration_in_english_words_is_a_fact(text: str, seconds: int) -> None:
    # it was no fact at all: a wrong one grounded on the rest of its claim
    durations = [f for f in extract_facts(text) if f.kind == FactKind.QUANTITY and f.quantity is not None]
    assert [round(f.quantity.value * f.quantity.factor / 1000) for f in durations if f.quantity] == [seconds]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("export-job ran from 02:58:40 to 03:01:12 UTC (about two and a half minutes) before it was OOMKilled.", True),
        ("export-job 从 UTC 02:58:40 运行到 03:01:12（约两分半钟）后被 OOMKilled。", True),
        ("export-job ran from 02:58:40 to 03:01:12 UTC (about four minutes) before it was OOMKilled.", False),
        ("export-job 从 UTC 02:58:40 运行到 03:01:12（约四分钟）后被 OOMKilled。", False),
        # the same inside a causal claim: its sides are the claim's facts, the writer's arithmetic set aside
        (
            "export-job was OOMKilled at 03:01:12 UTC, about two and a half minutes after 02:58:40, because heap "
            "exceeded the 512Mi limit.",
            True,
        ),
        ("export-job 在 UTC 02:58:40 启动、03:01:12（约两分半钟后）被 OOMKilled，因为堆超过了 512Mi 的上限。", True),
        (
            "export-job was OOMKilled at 03:01:12 UTC, about four minutes after 02:58:40, because heap exceeded the "
            "512Mi limit.",
            False,
        ),
        ("export-job 在 UTC 02:58:40 启动、03:01:12（约四分钟后）被 OOMKilled，因为堆超过了 512Mi 的上限。", False),
    ],
)
def test_a_duration_is_the_gap_between_the_claims_own_times(draft: str, grounded: bool) -> None:
    assert (statuses(draft, journal()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    "draft",
    [
        "billing-10.4.2.8 hit the same pool timeout three seconds later, with 9 threads waiting.",
        "billing-10.4.2.8 在 3 秒后也报了同样的连接池超时，当时有 9 个线程在等待。",
    ],
)
def test_a_gap_between_two_events_is_not_contradicted_by_another_duration(draft: str) -> None:
    # the entry shows the pool's 30 s timeout: no value of the gap, so no contradiction
    assert ClaimStatus.CONTRADICTED not in statuses(draft, pool())


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Both ledger-api pods are Running with no restarts and have been up for over 3 days.", ClaimStatus.GROUNDED),
        ("两个 ledger-api pod 都是 Running，没有重启，并且已经运行了超过 3 天。", ClaimStatus.GROUNDED),
        # a negated universal does bound the value it denies
        ("No ledger-api pod has been up for over 3 days.", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_denial_reaches_no_value_in_another_clause(draft: str, expected: ClaimStatus) -> None:
    assert set(statuses(draft, pods())) == {expected}
