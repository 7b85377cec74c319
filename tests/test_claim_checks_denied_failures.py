"""A claim that denies a kind of failure ("the journal has no token timeouts", "日志里没有连接超时记录") says what a
search found, not how a call failed: a failed call whose error is that same kind of failure (the ssh command timed
out) does not ground it. A claim that tells the failure ("the journalctl call on db-ha-2 timed out") still rests
on that call's error.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def rows() -> list[EvidenceRow]:
    quorum = (
        "Quorum information\n------------------\nNodes:            2\nNode ID:          1\nQuorate:          Yes\n\n"
        "Votequorum information\n----------------------\nExpected votes:   2\nTotal votes:      2\n"
    )
    return [
        EvidenceRow(
            "q-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, quorum, {"host": "db-ha-2", "command": "pcs quorum status"}
        ),
        EvidenceRow(
            "j-1",
            "ssh_exec",
            Outcome.FAILED,
            "",
            {"host": "db-ha-2", "command": "journalctl -u pacemaker --since '-1h' | grep -i timeout"},
            error_message="ssh: command timed out after 20s (host db-ha-2)",
            error_kind=ErrorKind.TIMEOUT,
        ),
    ]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]


@pytest.mark.parametrize(
    "draft",
    [
        "The pacemaker journal on db-ha-2 has no token timeouts.",
        "db-ha-2 的 pacemaker 日志里没有 token 超时记录。",
        "pacemaker 日志中无连接超时记录（db-ha-2）。",
    ],
)
def test_a_denied_failure_is_no_failure_the_call_told(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


@pytest.mark.parametrize(
    "draft", ["The journalctl call on db-ha-2 timed out after 20s.", "db-ha-2 上的 journalctl 查询超时了（20 秒）。"]
)
def test_a_told_failure_still_rests_on_the_calls_error(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


# A search said to have come back empty of several levels ("no error or failure lines"), where it failed.
def search_rows() -> list[EvidenceRow]:
    return [
        EvidenceRow(
            "l-1",
            "loki_query",
            Outcome.FAILED,
            "",
            {"query": '{unit="wg-quick@wg0"} |~ "(?i)error|fail"', "start": "2026-04-12T01:00:00Z"},
            error_message="context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
            error_kind=ErrorKind.TIMEOUT,
        )
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "The Loki search for wg-quick returned no error or failure lines.",
        "The Loki query returned no warning/error entries for wg-quick.",
        "The log search for wg-quick returned no errors, failures or warnings.",
    ],
)
def test_an_empty_result_of_several_levels_is_not_a_failed_search(draft: str) -> None:
    found = [c.status for c in check_draft(draft, search_rows()) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]
    assert ClaimStatus.GROUNDED not in found


def test_the_failed_search_told_as_such_is_grounded() -> None:
    found = [
        c.status
        for c in check_draft("The Loki search for wg-quick timed out.", search_rows())
        if c.kind in (ClaimKind.FACT, ClaimKind.GAP)
    ]
    assert found == [ClaimStatus.GROUNDED]
