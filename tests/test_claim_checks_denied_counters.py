"""A thing said not to have happened ("no write failures", "没有写入失败") is read against the counters the subject's
records keep of it: `write_failures: 7` contradicts it, `sync_retries: 0` agrees, a limit (`write_failure_threshold: 10`)
counts nothing, another subject's counter says nothing of this one, and one word alone ("no restarts") is read by
the other checks. Domain only, offline; payloads and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.denied_counters import denied_words
from evidence_trace.server.domain.verifier.grounding import check_draft

JOBS = {
    "jobs": [
        {
            "name": "orders-sync",
            "state": "RUNNING",
            "records_written": 120394,
            "write_failures": 7,
            "sync_retries": 0,
            "write_failure_threshold": 10,
        },
        {
            "name": "billing-sync",
            "state": "RUNNING",
            "records_written": 8812,
            "write_failures": 0,
            "sync_retries": 3,
            "write_failure_threshold": 10,
        },
    ]
}


def status(draft: str) -> ClaimStatus:
    row = EvidenceRow("jobs-1", "sync_api", Outcome.INDIRECT_SUPPORT, json.dumps(JOBS, indent=2), {})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    "draft",
    [
        "orders-sync is RUNNING and there are no write failures.",
        "orders-sync 在运行，没有写入失败。",
        "billing-sync has had no sync retries.",
        "billing-sync 没有同步重试。",
    ],
)
def test_a_counter_above_zero_contradicts_a_denial(draft: str) -> None:
    assert status(draft) == ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "orders-sync has had no sync retries.",
        "orders-sync 没有同步重试。",
        "billing-sync is RUNNING and there are no write failures.",
        "billing-sync 在运行，没有写入失败。",
    ],
)
def test_a_counter_at_zero_or_a_limit_does_not(draft: str) -> None:
    assert status(draft) != ClaimStatus.CONTRADICTED


# `smartctl -A` prints each attribute as a row whose last figure is its raw count
def smart(reallocated: int, pending: int) -> EvidenceRow:
    text = (
        "== nvme-less disk /dev/sdf\n"
        "ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE\n"
        f"  5 Reallocated_Sector_Ct   0x0033   099   099   010    Pre-fail  Always       -       {reallocated}\n"
        "  9 Power_On_Hours          0x0032   061   061   000    Old_age   Always       -       34411\n"
        f"197 Current_Pending_Sector  0x0012   100   100   000    Old_age   Always       -       {pending}\n"
    )
    return EvidenceRow(
        "smart-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "store-11", "cmd": "smartctl -A /dev/sdf"}
    )


def smart_status(draft: str, row: EvidenceRow) -> ClaimStatus:
    [check] = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    "draft",
    [
        "sdf on store-11 has no reallocated sectors.",
        "None of the disks on store-11 has any reallocated or pending sectors.",
        "store-11 上的 sdf 没有重新映射的扇区。",
        "store-11 的磁盘没有任何待处理扇区，也没有重新分配扇区。",
    ],
)
def test_a_smart_attributes_raw_count_contradicts_a_denial(draft: str) -> None:
    assert smart_status(draft, smart(reallocated=24, pending=8)) == ClaimStatus.CONTRADICTED
    assert smart_status(draft, smart(reallocated=0, pending=0)) == ClaimStatus.GROUNDED


@pytest.mark.parametrize("draft", ["store-11 logged no errors or warnings.", "store-11 had no restarts or failovers."])
def test_two_nouns_denied_together_are_each_one_word(draft: str) -> None:
    assert denied_words(draft) == []
