"""A level said as WARNING is the level a record's message quotes as WARNING ("SSL WARNING - Certificate … expires",
a monitoring plugin's output), as a record quoting WARN already showed it; another level is not shown by it.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def check() -> EvidenceRow:
    result = {
        "exit_status": 1.0,
        "output": "SSL WARNING - Certificate 'pay.example.org' expires in 9 day(s) (2026-11-30 12:00 +0000).",
        "state": 1.0,
    }
    body = {
        "results": [
            {
                "attrs": {"check_command": "http", "last_check_result": result, "state": 1.0},
                "name": "pay-web-02!tls-cert",
            }
        ]
    }
    return EvidenceRow(
        "i-1",
        "icinga2_api",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body),
        {"path": "/v1/objects/services/pay-web-02!tls-cert"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [check()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The tls-cert check on pay-web-02 is WARNING: the certificate expires in 9 days.",
        "pay-web-02 的 tls-cert 检查是 WARNING，证书 9 天后过期。",
    ],
)
def test_a_warning_the_message_quotes_is_shown(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The tls-cert check on pay-web-02 reports ERROR: the certificate expires in 9 days.",
        "pay-web-02 的 tls-cert 检查是 CRITICAL，证书 9 天后过期。",
    ],
)
def test_another_level_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


# "the error log", "db-2 error log": the server's log file, no level of an entry (level_words.LEVEL_PATTERNS)
ERROR_LOG = EvidenceRow(
    "e-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "2026-11-30T02:58:41.120Z 0 [Warning] [MY-011735] [Repl] Plugin group_replication reported: "
    "'Member with address db-1:3306 has become unreachable.'\n",
    {"host": "db-2", "command": "tail -n 50 /var/log/mysql/error.log"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "At 02:58:41 the db-2 error log says db-1:3306 has become unreachable.",
        "The MySQL error log on db-2 warns at 02:58:41 that db-1:3306 has become unreachable.",
    ],
)
def test_the_error_log_names_the_file_not_a_level(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [ERROR_LOG]) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED not in found and ClaimStatus.GROUNDED in found


@pytest.mark.parametrize("draft", ["db-2 logged an ERROR at 02:58:41.", "db-2 在 02:58:41 打了一条错误日志。"])
def test_an_error_said_of_the_entry_is_still_its_level(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in [c.status for c in check_draft(draft, [ERROR_LOG]) if c.kind == ClaimKind.FACT]
