"""A label that gives its unit in parentheses before its value ("Up Delay (ms): 200", "Hold Time (sec): 9",
"Buffer (KiB): 512") states the value in that unit: "200 ms", "9 秒" are shown, another figure is not. A unit
of counts ("CPU(cores)") is no duration, size or share.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def bonding() -> EvidenceRow:
    text = (
        "Bonding Mode: fault-tolerance (active-backup)\n"
        "Currently Active Slave: enp3s0f1\n"
        "MII Status: up\n"
        "MII Polling Interval (ms): 250\n"
        "Up Delay (ms): 200\n"
        "Down Delay (ms): 0\n"
    )
    return EvidenceRow(
        "b-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "db-12", "command": "cat /proc/net/bonding/bond2"}
    )


def peer() -> EvidenceRow:
    text = "BGP neighbor is 192.0.2.61, remote AS 64620\n  Hold Time (sec): 9\n  Keepalive Interval (sec): 3\n"
    return EvidenceRow(
        "p-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        text,
        {"host": "tor-4", "command": "vtysh -c 'show bgp neighbors 192.0.2.61'"},
    )


@pytest.mark.parametrize(
    "draft",
    [
        "bond2 on db-12 polls MII every 250 ms, with an up delay of 200 ms.",
        "db-12 上 bond2 的 MII 轮询间隔是 250 毫秒。",
        "The session with 192.0.2.61 uses a 9 s hold time and 3 s keepalives.",
        "与 192.0.2.61 的会话 hold time 为 9 秒。",
    ],
)
def test_a_value_is_read_in_the_unit_its_label_gives(draft: str) -> None:
    assert statuses(draft, bonding(), peer()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "bond2 on db-12 polls MII every 100 ms.",
        "与 192.0.2.61 的会话 hold time 为 90 秒。",
        "The hold time toward 192.0.2.61 is 9 minutes.",
    ],
)
def test_another_figure_or_unit_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, bonding(), peer())
