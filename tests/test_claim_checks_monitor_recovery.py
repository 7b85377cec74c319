"""A monitor's state change to OK shows a recovery: Nagios and Icinga log a state only when it changes
("SERVICE ALERT: db-04;Disk /var;OK;HARD;1;…", "HOST ALERT: edge-2;UP;HARD;…"), and a Datadog monitor says its
`overall_state` is OK. "已恢复", "it recovered" ground on such a record, and not on one that is still CRITICAL. A
Nagios log line's leading epoch ("[1780131720] SERVICE ALERT: …") is the instant it states, in UTC. Domain only,
offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

# 1780131720 is 2026-05-30 09:02:00 UTC; 1780135980 is 10:13:00 UTC
NAGIOS_LOG = (
    "[1780131720] SERVICE ALERT: db-04;Disk /var;CRITICAL;HARD;3;DISK CRITICAL - free space: /var 1.2 GB (3%)\n"
    "[1780135980] SERVICE ALERT: db-04;Disk /var;{};HARD;1;DISK {} - free space: /var 14.8 GB (37%)\n"
)


def nagios(last: str) -> EvidenceRow:
    command = "grep 'db-04;Disk /var' /usr/local/nagios/var/nagios.log | grep 'SERVICE ALERT'"
    preview = NAGIOS_LOG.format(last, last)
    return EvidenceRow("n-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, {"host": "nagios-02", "command": command})


def datadog(state: str) -> EvidenceRow:
    monitor = {"id": 7731904, "name": "[orders-api] p99 latency > 800ms", "overall_state": state}
    return EvidenceRow(
        "d-1", "datadog_monitor_get", Outcome.DIRECT_SUPPORT, json.dumps(monitor), {"monitor_id": 7731904}
    )


def facts(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", ["已恢复。", "It has recovered.", "Disk /var on db-04 recovered at 10:13 UTC."])
def test_a_nagios_state_change_to_ok_is_a_recovery(draft: str) -> None:
    assert facts(draft, nagios("OK")) == [ClaimStatus.GROUNDED]
    assert ClaimStatus.GROUNDED not in facts(draft, nagios("CRITICAL"))


@pytest.mark.parametrize("draft", ["已经恢复。", "The monitor has recovered."])
def test_a_monitor_whose_overall_state_is_ok_has_recovered(draft: str) -> None:
    assert facts(draft, datadog("OK")) == [ClaimStatus.GROUNDED]
    assert ClaimStatus.GROUNDED not in facts(draft, datadog("Alert"))


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Disk /var on db-04 went CRITICAL at 09:02 UTC.", True),
        ("db-04 的 Disk /var 在北京时间 17:02 变成 CRITICAL。", True),
        ("Disk /var on db-04 went CRITICAL at 08:02 UTC.", False),
        ("db-04 的 Disk /var 在北京时间 16:02 变成 CRITICAL。", False),
    ],
)
def test_a_log_lines_leading_epoch_is_the_instant_it_states(draft: str, grounded: bool) -> None:
    assert (facts(draft, nagios("OK")) == [ClaimStatus.GROUNDED]) is grounded
