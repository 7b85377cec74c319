"""A count, then the names it counts; and a switch said of each name of a list.

"2 台服务器 ksqldb-server-0 和 ksqldb-server-1 都是 hostAlive=true" gives its count, then the names it counts: the
count says how many names the claim lists (intervals.enumerated_counts), and the names are checked. The list ends
where its list marks do ("a 和 b", "a, b and c"): a name said of them after it (`hostAlive`) is none of them. Before,
every name in the next 120 characters was counted, so the count was a fact to show when a key followed the list, and
"3 members, relay-01 and relay-02, report raftHealthy=true" counted three names.

The names must stand in apposition to the count: its noun alone, or a comma ("2 members, relay-01 and relay-02");
"two errors come from relay-01 and relay-02" counts errors, not names.

A switch said of each name of a list ("relay-01 和 relay-03 都是 raftHealthy=true") is read in each name's own record
(boolean_settings.flag_rival): one record giving it the other value contradicts the claim. Before, only a record
naming every name of the claim was read, and a list's records name one each.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.intervals import enumerated_counts

MEMBERS = EvidenceRow(
    "m-1",
    "http_get",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "members": [
                {"name": "relay-01", "zone": "z1", "raftHealthy": True, "lagBytes": 0},
                {"name": "relay-02", "zone": "z2", "raftHealthy": True, "lagBytes": 0},
                {"name": "relay-03", "zone": "z3", "raftHealthy": False, "lagBytes": 88211},
                {"name": "relay-04", "zone": "z1", "raftHealthy": False, "lagBytes": 90412},
            ]
        },
        indent=2,
    ),
    {"url": "http://relay-admin:9400/v1/members"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [MEMBERS]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "2 个成员 relay-01 和 relay-02 都是 raftHealthy=true。",
        "两个成员 relay-01、relay-02 的 lagBytes 都是 0。",
        "2 members, relay-01 and relay-02, report raftHealthy=true.",
        "Two members, relay-01 and relay-02, have lagBytes 0.",
    ],
)
def test_a_count_of_the_names_listed_after_it_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "3 个成员 relay-01 和 relay-02 都是 raftHealthy=true。",
        "3 members, relay-01 and relay-02, report raftHealthy=true.",
    ],
)
def test_a_count_of_more_names_than_the_list_gives_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("2 台服务器 ksqldb-server-0 和 ksqldb-server-1 都是 hostAlive=true。", True),
        ("2 servers, ksqldb-server-0 and ksqldb-server-1, are hostAlive=true.", True),
        ("3 servers, ksqldb-server-0 and ksqldb-server-1, are hostAlive=true.", False),
        ("3 台服务器 ksqldb-server-0 和 ksqldb-server-1 都是 hostAlive=true。", False),
        ("Two errors come from ksqldb-server-0 and ksqldb-server-1 with hostAlive=true.", False),
    ],
)
def test_the_list_ends_where_its_list_marks_do(text: str, counted: bool) -> None:
    facts = extract_facts(text)
    count = next(i for i, f in enumerate(facts) if f.quantity is not None)
    assert (count in enumerated_counts(text, facts)) == counted


@pytest.mark.parametrize(
    "draft",
    [
        "relay-01 和 relay-03 都是 raftHealthy=true。",
        "relay-01、relay-03 的 raftHealthy 均为 true。",
        "relay-01 and relay-03 are both raftHealthy=true.",
        "2 members, relay-02 and relay-04, report raftHealthy=true.",
    ],
)
def test_one_listed_name_whose_record_gives_the_other_value_contradicts(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "relay-01 和 relay-02 都是 raftHealthy=true。",
        "relay-03、relay-04 的 raftHealthy 均为 false。",
        "relay-01 and relay-02 are both raftHealthy=true.",
        "relay-03 and relay-04 report raftHealthy=false.",
    ],
)
def test_a_switch_every_listed_record_gives_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)


def test_a_name_outside_the_list_is_not_read_for_the_switch() -> None:
    # relay-03 is the peer relay-01 reports to, not a member said to be healthy
    assert ClaimStatus.CONTRADICTED not in statuses("relay-01 reports to relay-03 with raftHealthy=true.")
