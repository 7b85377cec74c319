"""A field written as a tool prints it, a word value glued to its snake_case name ("master_link_status:up",
"rdb_last_bgsave_status=ok"), states that value: a record of the claim's subject (named in the record or in what
its call asked) that gives the field another word contradicts it. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

REPLICATION = (
    "# Replication\nrole:slave\nmaster_host:10.61.0.8\nmaster_port:6379\nmaster_link_status:down\n"
    "master_sync_in_progress:0\nmaster_link_down_since_seconds:1290\n"
)
PERSISTENCE = "# Persistence\nloading:0\nrdb_bgsave_in_progress:0\nrdb_last_bgsave_status:err\naof_enabled:0\n"


def statuses(draft: str, preview: str) -> list[ClaimStatus]:
    row = EvidenceRow("r-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, {"args": "redis-cli -h cache-eu-3 INFO"})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    ("draft", "preview", "status"),
    [
        ("cache-eu-3 is a replica with master_link_status:up.", REPLICATION, ClaimStatus.CONTRADICTED),
        ("cache-eu-3 is a replica with master_link_status:down.", REPLICATION, ClaimStatus.GROUNDED),
        ("cache-eu-3 的 master_link_status:up，复制正常。", REPLICATION, ClaimStatus.CONTRADICTED),
        ("cache-eu-3 的 master_link_status:down，已断开 1290 秒。", REPLICATION, ClaimStatus.GROUNDED),
        ("On cache-eu-3 the last save worked (rdb_last_bgsave_status=ok).", PERSISTENCE, ClaimStatus.CONTRADICTED),
        ("On cache-eu-3 the last save failed (rdb_last_bgsave_status=err).", PERSISTENCE, ClaimStatus.GROUNDED),
        ("cache-eu-3 上次 RDB 保存成功（rdb_last_bgsave_status:ok）。", PERSISTENCE, ClaimStatus.CONTRADICTED),
    ],
)
def test_a_field_s_word_value_is_the_one_the_subject_s_record_gives(draft: str, preview: str, status: ClaimStatus):
    assert statuses(draft, preview)[0] == status


def test_another_host_s_record_contradicts_nothing():
    """The record is of cache-eu-3 (what its call asked); a claim about another host is not read against it."""
    assert ClaimStatus.CONTRADICTED not in statuses("cache-us-1 has master_link_status:up.", REPLICATION)
