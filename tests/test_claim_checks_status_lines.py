"""A state said of every member, read against a tool's status lines (one member per line, its state last or in
a column of its own): a line giving another state contradicts "all programs are RUNNING", "所有组件都是 Running".

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def supervisor(third: str = "FATAL     Exited too quickly (process log may have details)") -> EvidenceRow:
    """`supervisorctl status` on a worker host."""
    text = (
        "billing-worker:billing-worker_00   RUNNING   pid 4121, uptime 2:01:07\n"
        "billing-worker:billing-worker_01   RUNNING   pid 4122, uptime 2:01:07\n"
        f"billing-worker:billing-worker_02   {third}\n"
        "billing-beat                       RUNNING   pid 4090, uptime 2:01:09\n"
    )
    return EvidenceRow(
        "s-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "jobs-3", "command": "supervisorctl status"}
    )


def components() -> EvidenceRow:
    """A mail platform's per-component status on one host."""
    text = "Host mbx-2.example.net\n\tamavis                  Running\n\tantispam                Running\n\tmailbox                 Stopped\n\tmta                     Running\n\tproxy                   Running\n"
    return EvidenceRow(
        "z-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "mbx-2", "command": "zmcontrol status"}
    )


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("On jobs-3 all billing-worker programs are RUNNING.", supervisor),
        ("supervisorctl 显示 jobs-3 上所有进程都是 RUNNING。", supervisor),
        ("All components on mbx-2 are Running.", components),
        ("mbx-2 上的组件全部为 Running。", components),
        ("All 5 components on mbx-2 are Running.", components),
    ],
)
def test_a_line_giving_another_state_contradicts_the_universal(draft: str, row) -> None:
    assert statuses(draft, row()) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        (
            "On jobs-3 all billing-worker programs are RUNNING.",
            lambda: supervisor("RUNNING   pid 4123, uptime 2:01:07"),
        ),
        ("mbx-2 上除 mailbox 外的组件都是 Running。", components),  # the exception is named
        ("On mbx-2 every component except mailbox is Running.", components),
        ("Not all components on mbx-2 are Running: mailbox is Stopped.", components),
        ("mbx-2 上 5 个组件里 4 个都是 Running。", components),  # a part, not all
        ("mbx-2 上 4 个组件都是 Running。", components),  # four of the five: a count other than the block's
        ("billing-worker_00 和 billing-worker_01 都是 RUNNING。", supervisor),  # 都 over the names before it
        ("On jobs-3 every program except billing-worker_02 is RUNNING.", supervisor),
    ],
)
def test_what_the_lines_do_not_refute_is_not_contradicted(draft: str, row) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, row())


def test_log_levels_are_no_states() -> None:
    text = (
        "sync-agent  ERROR  upload of part 7 failed\n"
        "sync-agent  ERROR  upload of part 9 failed\n"
        "sync-agent  WARN   retrying part 9\n"
        "sync-agent  ERROR  upload of part 9 failed\n"
    )
    row = EvidenceRow("l-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"command": "tail agent.log"})
    assert ClaimStatus.CONTRADICTED not in statuses("All ERROR lines come from sync-agent.", row)
    assert ClaimStatus.CONTRADICTED not in statuses("所有 ERROR 都来自 sync-agent。", row)


def links() -> EvidenceRow:
    """`ip -br link show master bond0`: one leg down."""
    text = (
        "ens1f0           UP             3c:fd:fe:11:20:a0 <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP>\n"
        "ens1f1           DOWN           3c:fd:fe:11:20:a0 <NO-CARRIER,BROADCAST,MULTICAST,SLAVE,UP>\n"
    )
    return EvidenceRow(
        "l-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "gw-7", "command": "ip -br link show master bond0"}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "ens1f0 has lost carrier (state DOWN), so bond0 runs on ens1f1 alone.",
        "bond0 的 ens1f0 目前是 DOWN，只剩 ens1f1 在工作。",
        "On gw-7, ens1f0 is DOWN and ens1f1 carries all the traffic.",
    ],
)
def test_a_member_said_in_another_state_than_its_line_gives_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, links(), supervisor())


@pytest.mark.parametrize(
    "draft",
    [
        "ens1f1 has lost carrier (state DOWN), so bond0 runs on ens1f0 alone.",
        "bond0 的 ens1f1 是 DOWN，ens1f0 是 UP。",
        "ens1f0 is not DOWN.",
        "ens1f0 was DOWN earlier this morning.",  # a past state: the line shows the present
        "billing-worker_02 之前是 RUNNING。",
    ],
)
def test_a_member_said_in_its_lines_state_or_in_the_past_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, links(), supervisor())
