"""A member's field written as tools print it ("10.4.3.22 is in sync with lag=0", "10.4.3.22 的 lag=0") is read on
the member's own line of a record of several (a master's `# Replication` section): another value there contradicts
it (member_fields.py). And a product's setting or method named as such ("the cluster-require-full-coverage
setting", "参数 …", "cluster-require-full-coverage yes", "db.stats()") is no entity a claim invents. Domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

REPLICATION = EvidenceRow(
    "r-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "# Replication\nrole:master\nconnected_slaves:2\n"
    "slave0:ip=10.9.0.31,port=6379,state=online,offset=7720011,lag=1\n"
    "slave1:ip=10.9.0.47,port=6379,state=wait_bgsave,offset=0,lag=0\n"
    "master_repl_offset:7720011\nrepl_backlog_active:1\n",
    {"command": "redis-cli -h 10.9.0.12 INFO replication"},
)


def decision(draft: str, row: EvidenceRow = REPLICATION) -> Decision:
    return decide(check_draft(draft, [row]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "10.9.0.31 is online with lag=1, and 10.9.0.47 is online too (state=online).",
        "10.9.0.47 的 state=online，复制正常。",
        "10.9.0.31 is in sync with lag=0.",
        "10.9.0.31 的 lag=0，已经追上主节点。",
    ],
)
def test_a_members_field_against_another_value_on_its_own_line_is_contradicted(draft: str):
    assert decision(draft) == Decision.REJECT


@pytest.mark.parametrize(
    "draft",
    [
        "10.9.0.31 is online with lag=1, and 10.9.0.47 is still in state=wait_bgsave.",
        "10.9.0.47 的 state=wait_bgsave，还在等全量同步。",
        "10.9.0.31 的 lag=1，基本同步。",
    ],
)
def test_a_members_own_value_grounds(draft: str):
    assert decision(draft) == Decision.ACCEPT


CLUSTER = EvidenceRow(
    "c-1",
    "redis_cli",
    Outcome.DIRECT_SUPPORT,
    "cluster_state:fail\ncluster_slots_assigned:16384\ncluster_slots_ok:10923\ncluster_slots_fail:5461\n",
    {"command": "redis-cli -c cluster info"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "Errors on the healthy slots fit cluster-require-full-coverage yes, the default.",
        "Not checked: the cluster-allow-reads-when-down option.",
        "还需要确认参数 cluster-require-full-coverage 的取值。",
        "Next, run db.stats() and rs.status() on the primary.",
        "下一步在主节点上执行 rs.status() 看复制延迟。",
    ],
)
def test_a_setting_or_a_method_named_as_such_is_not_invented(draft: str):
    assert all(c.status != ClaimStatus.INVENTED for c in check_draft(draft, [CLUSTER]))


@pytest.mark.parametrize(
    "draft", ["cluster_slots_fail is 5461 because redis-cache-7 is down.", "redis-cache-7 宕机，导致 5461 个槽位失败。"]
)
def test_an_entity_named_beside_them_is_still_invented(draft: str):
    assert any(c.status == ClaimStatus.INVENTED for c in check_draft(draft, [CLUSTER]))
