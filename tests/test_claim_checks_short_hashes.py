"""A commit or digest written short ("commit 2a88694fd3", "提交 9e4b7a2c") is the full hash a record gives that starts
with it (short_hashes.py); a short hash no record's hash starts with is not shown. And a setting's value restated
in parentheses right after it ("a TTL of 86400 seconds (24 hours)") is its conversion (arithmetic). Domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

VERSION = EvidenceRow(
    "v-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "Version 4.7.2 (commit: 9e4b7a2c61d0f3b8a5e2c7d9f104b6a3e8c2d1f5, branch: HEAD)\n",
    {"host": "api-3", "command": "ledger-api --version"},
)
POLICY = EvidenceRow(
    "p-1",
    "pulsar_admin",
    Outcome.INDIRECT_SUPPORT,
    '{"retentionTimeInMinutes": 4320, "retentionSizeInMB": 51200, "messageTTLInSeconds": 86400}',
    {"args": "namespaces get-policies tenant-b/events"},
)


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row])]


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        ("api-3 runs ledger-api 4.7.2, commit 9e4b7a2c.", True),
        ("api-3 上的 ledger-api 版本是 4.7.2，提交 9e4b7a2c61。", True),
        ("api-3 runs ledger-api 4.7.2, commit 9e4b7b2c.", False),
        ("api-3 上的 ledger-api 版本是 4.7.2，提交 4b7a2c61d0。", False),
    ],
)
def test_a_short_hash_is_the_full_one_it_opens(draft: str, shown: bool) -> None:
    assert (statuses(draft, VERSION) == [ClaimStatus.GROUNDED]) is shown


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        ("tenant-b/events has a message TTL of 86400 seconds (24 hours).", True),
        ("tenant-b/events 的消息 TTL 为 86400 秒（约 24 小时）。", True),
        ("tenant-b/events has a message TTL of 86400 seconds (12 hours).", False),
        ("tenant-b/events 的消息 TTL 为 86400 秒（约 12 小时）。", False),
    ],
)
def test_a_settings_value_restated_in_parentheses_is_its_conversion(draft: str, shown: bool) -> None:
    assert (statuses(draft, POLICY) == [ClaimStatus.GROUNDED]) is shown
