"""A field's value said of all N members, the field written as tools print it ("evicted_keys is 0 on every one of
the four nodes", "4 个节点的 evicted_keys 都是 0"), is contradicted by a call whose output gives the field once for
each of the N members when one of them holds another value. Without N the members may be a set the draft
discussed; a universal of another clause ("kv-node-3 的 evicted_keys 为 977，其余都是 0") and a range ("5.000–5.003
s") are not read so. Domain only, offline; rows and phrasings written for these tests, both ways and both
languages. (latest_state.every_field is called directly: a claim reaches it once its other facts ground.)
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.latest_state import every_field
from evidence_trace.server.domain.verifier.match_memo import remembering

LOOP = (
    "kv-node-1 used_memory_human:3.10G expired_keys:88231 evicted_keys:0\n"
    "kv-node-2 used_memory_human:3.02G expired_keys:90112 evicted_keys:0\n"
    "kv-node-3 used_memory_human:3.40G expired_keys:87001 evicted_keys:{}\n"
    "kv-node-4 used_memory_human:3.05G expired_keys:86110 evicted_keys:0\n"
)
COMMAND = "for h in kv-node-{1..4}; do printf '%s ' $h; redis-cli -h $h INFO | grep keys | tr '\\n' ' '; echo; done"


def contradicted(draft: str, third: int) -> bool:
    row = EvidenceRow("l-1", "ssh_exec", Outcome.DIRECT_SUPPORT, LOOP.format(third), {"command": COMMAND})
    with remembering():
        return every_field(draft, extract_facts(draft), Evidence([row])) is not None


@pytest.mark.parametrize(
    "draft",
    [
        "evicted_keys is 0 on every one of the four nodes, and memory sits between 3.02G and 3.40G.",
        "4 个节点的 evicted_keys 都是 0，内存在 3.02G 到 3.40G 之间。",
    ],
)
def test_a_value_said_of_all_n_members_is_read_against_each(draft: str):
    assert contradicted(draft, 977)
    assert not contradicted(draft, 0)


@pytest.mark.parametrize(
    "draft",
    [
        "kv-node-3 的 evicted_keys 为 977，其余 3 个节点都是 0。",
        "evicted_keys is 0 on every node.",  # no N: the draft's set, not the listing's
        "All 3 healthy nodes report evicted_keys:0.",  # another N than the listing's
        "request_time 在 4 条日志里都是 5.000–5.003 s。",
    ],
)
def test_not_read_so(draft: str):
    assert not contradicted(draft, 977)
