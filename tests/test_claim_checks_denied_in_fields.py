"""A denied event ("no failover in progress", "没有发生过切换", "no keys were evicted") is contradicted by a unit
that says the event happened, not by a field whose name holds the word (`master_failover_state`) nor by a
value that denies it (`:no-failover`, "no restart"). A counter named for the event that opens a field
(`evicted_keys:1442`) still shows it. Domain only, offline; rows and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

QUIET = (
    "# Replication\nrole:master\nconnected_slaves:2\nmaster_failover_state:no-failover\nmaster_repl_offset:99120331\n"
)
FAILED_OVER = "# Replication\nrole:master\nconnected_slaves:1\nmaster_failover_state:failover-in-progress\n"
EVICTING = "# Stats\nexpired_keys:81233\nevicted_keys:1442\nkeyspace_hits:99812\n"


def statuses(draft: str, preview: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "rd-1", "redis_cli", Outcome.DIRECT_SUPPORT, preview, {"host": "orders-redis-1", "command": "INFO"}
    )
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", ["There is no failover in progress.", "当前没有进行中的故障切换（failover）。"])
def test_a_field_named_for_the_event_and_a_value_denying_it_show_no_event(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, QUIET)


@pytest.mark.parametrize("draft", ["There is no failover in progress.", "当前没有进行中的故障切换（failover）。"])
def test_a_value_saying_the_event_contradicts_its_denial(draft: str) -> None:
    assert statuses(draft, FAILED_OVER) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize("draft", ["No keys were evicted on orders-redis-1.", "orders-redis-1 没有 key 被 evicted。"])
def test_a_counter_named_for_the_event_still_shows_it(draft: str) -> None:
    assert statuses(draft, EVICTING) == [ClaimStatus.CONTRADICTED]
