"""Times and their zones, read on both sides (written in the session of heldout52, from azure_sql_db-03 after its
first contact and the regressions its fix showed; rows and phrasings written for these tests, both ways and both
languages):

- evidence: a clock time followed by a space and its offset or zone's name is in that zone: SQL Server's
  datetimeoffset ("07:14:52.9130000 +00:00"), Go's ("07:14:52.913 +0000 UTC"), `date`'s and dig's ("09:30:42 UTC");
  a draft's time in another zone is then read against it in UTC;
- drafts: a zone's name before a time is a word of its own ("EST 09:29"), never a word's end ("the latest 09:29");
- drafts: "01:58:03 → 02:08:17 UTC" is a range whose ends share the zone, while "16:42:03 → 08:42:03 UTC" (the same
  minute and second, hours apart) is one instant said in two zones.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.zones import clock_zones

SQL = """partner_server    replication_state_desc last_replication
----------------- ---------------------- ----------------------------------
sql-orders-west   CATCH_UP               2026-10-21 07:14:52.9130000 +00:00

(1 rows affected)
"""
GO_LOG = "2026-10-21 07:20:05.913 +0000 UTC lease renewed for shard-7 by ledger-writer-2"
DIG = ";; SERVER: 10.96.0.10#53(10.96.0.10) (UDP)\n;; WHEN: Tue Oct 21 09:30:42 UTC 2026\n;; MSG SIZE  rcvd: 91"
ROWS = [
    EvidenceRow(
        "s-1", "run_sql", Outcome.INDIRECT_SUPPORT, SQL, {"sql": "SELECT * FROM sys.dm_geo_replication_link_status"}
    ),
    EvidenceRow("g-1", "kubectl", Outcome.INDIRECT_SUPPORT, GO_LOG, {"args": "logs ledger-writer-2"}),
    EvidenceRow("d-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, DIG, {"command": "dig @10.96.0.10 orders.internal"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "sql-orders-west last replicated at 07:14:52 UTC (15:14:52 Beijing time).",
        "sql-orders-west 最近一次复制在 07:14:52 UTC（北京时间 15:14:52）。",
        "ledger-writer-2 renewed the lease for shard-7 at 15:20:05 Beijing time.",
        "ledger-writer-2 在北京时间 15:20:05 续租了 shard-7。",
    ],
)
def test_a_time_in_another_zone_is_read_against_an_evidence_time_with_its_offset(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "sql-orders-west last replicated at 07:14:52 UTC (16:14:52 Beijing time).",
        "sql-orders-west 最近一次复制在北京时间 16:14:52。",
        "ledger-writer-2 renewed the lease for shard-7 at 07:20:05 Beijing time.",
    ],
)
def test_a_wrong_conversion_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


def utc_minutes(text: str) -> list[int]:
    return [int(f.key.split(",")[1]) for f in extract_facts(text) if f.kind == FactKind.TIME]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("the latest 09:29:25 and the earliest 07:14:31", [9 * 60 + 29, 7 * 60 + 14]),  # no EST, no zone
        ("EST 09:29", [14 * 60 + 29]),
    ],
)
def test_a_zone_is_a_word_of_its_own_and_a_range_shares_it(text: str, minutes: list[int]) -> None:
    assert utc_minutes(text) == minutes


@pytest.mark.parametrize(
    ("text", "zones"),
    [
        ("(01:58:03 → 02:08:17 UTC)", [0, 0]),  # a range: its ends share the zone
        ("01:58 -> 02:08 UTC", [0, 0]),
        ("16:42:03 → 08:42:03 UTC", [None, 0]),  # one instant in two zones: the first keeps its own (none said)
    ],
)
def test_an_arrow_joins_a_range_unless_it_converts_one_instant(text: str, zones: list[object]) -> None:
    assert [offset for _, (offset, _) in clock_zones(text)] == zones


def test_one_instant_said_in_two_zones_keeps_each_zone() -> None:
    first, second = (f for f in extract_facts("北京时间 16:42:03 → 08:42:03 UTC") if f.kind == FactKind.TIME)
    assert first.key == f"{16 * 60 + 42},{8 * 60 + 42}" and second.key == f"{8 * 60 + 42},{8 * 60 + 42}"
