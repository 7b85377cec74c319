"""What `systemctl status` prints is read one record a unit (formats/systemd_status.py): a unit's header and
fields are one thing, so its state, start time, uptime and memory are said of it together; two units of one
call never combine, and the journal lines after them stay lines. A field's size keeps its suffix ("Memory:
8.6G" is 8.6 GiB), and a size is no version. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.evidence import classify
from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Invocation, Outcome, OutputState
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

RUNNING = (
    "● ledger-api.service - Ledger API (Spring Boot)\n"
    "     Loaded: loaded (/etc/systemd/system/ledger-api.service; enabled; vendor preset: enabled)\n"
    "     Active: active (running) since Thu 2026-11-05 07:41:26 UTC; 4h 18min ago\n"
    "   Main PID: 20417 (java)\n"
    "      Tasks: 63 (limit: 18945)\n"
    "     Memory: 8.6G\n"
    "        CPU: 1h 2min 41.802s\n"
    "     CGroup: /system.slice/ledger-api.service\n"
    "             └─20417 /usr/bin/java -Xmx10g -jar /opt/ledger-api/ledger-api.jar\n"
)
TWO_UNITS = (
    "● ledger-api.service - Ledger API (Spring Boot)\n"
    "     Loaded: loaded (/etc/systemd/system/ledger-api.service; enabled; vendor preset: enabled)\n"
    "     Active: active (running) since Thu 2026-11-05 07:41:26 UTC; 4h 18min ago\n"
    "   Main PID: 20417 (java)\n"
    "\n"
    "× ledger-sync.service - Ledger sync worker\n"
    "     Loaded: loaded (/etc/systemd/system/ledger-sync.service; enabled; vendor preset: enabled)\n"
    "     Active: failed (Result: exit-code) since Thu 2026-11-05 11:52:03 UTC; 7min ago\n"
    "   Main PID: 20988 (code=exited, status=1/FAILURE)\n"
    "        CPU: 2.117s\n"
    "\n"
    "Nov 05 11:52:03 ledger-2 ledger-sync[20988]: ERROR cannot reach postgres at 10.30.1.7:5432: connection refused\n"
    "Nov 05 11:52:03 ledger-2 systemd[1]: ledger-sync.service: Failed with result 'exit-code'.\n"
)
EXPORTER = (
    "● node_exporter.service - Prometheus Node Exporter\n"
    "     Loaded: loaded (/etc/systemd/system/node_exporter.service; enabled; vendor preset: enabled)\n"
    "     Active: active (running) since Sat 2026-10-31 22:05:13 UTC; 5 days ago\n"
    "   Main PID: 811 (node_exporter)\n"
    "     Memory: 17.3M\n"
    "\n"
    'Oct 31 22:05:13 mon-7 node_exporter[811]: ts=2026-10-31T22:05:13.402Z level=info msg="Starting node_exporter" '
    'version="(version=1.8.2, branch=HEAD)"\n'
)


def row(preview: str, host: str = "ledger-2", invocation_id: str = "st-1") -> EvidenceRow:
    params = {"host": host, "command": "systemctl status --no-pager"}
    found = classify(
        Invocation(
            invocation_id,
            "s",
            "ssh_exec",
            params,
            success=True,
            output_state=OutputState.CAPTURED,
            output_preview=preview,
        )
    )
    return EvidenceRow(invocation_id, "ssh_exec", found.outcome, preview, params, format_id=found.format_id)


def decision(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


def test_a_unit_is_one_record_and_a_failed_unit_is_direct() -> None:
    assert row(RUNNING).format_id == "systemd_status"
    assert row(RUNNING).outcome == Outcome.INDIRECT_SUPPORT
    assert row(TWO_UNITS).outcome == Outcome.DIRECT_SUPPORT


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api.service on ledger-2 has been active (running) since 07:41:26 UTC, about 4h 18min, with 8.6G of memory.",
        "ledger-2 上的 ledger-api.service 从 07:41:26 UTC 起一直是 active (running)，已运行约 4 小时 18 分钟，内存 8.6G。",
        "ledger-api.service has run for 4h 18min and uses about 8.6 GiB of memory (Main PID 20417).",
    ],
)
def test_a_units_fields_are_said_of_it_together(draft: str) -> None:
    assert decision(draft, row(RUNNING)) == Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api.service on ledger-2 has been active (running) since 08:41:26 UTC.",
        "ledger-2 上的 ledger-api.service 已运行约 6 小时 18 分钟。",
        "ledger-api.service has run for 4h 18min and uses about 8.6 MB of memory.",
    ],
)
def test_a_wrong_field_of_the_unit_is_not_accepted(draft: str) -> None:
    assert decision(draft, row(RUNNING)) != Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-sync.service failed at 11:52:03 UTC, 7 minutes ago. ledger-api.service is still active (running).",
        "ledger-sync.service 在 11:52:03 UTC 进入 failed 状态，ledger-api.service 仍在运行，主进程 20417。",
    ],
)
def test_each_unit_of_one_call_grounds_on_its_own_record(draft: str) -> None:
    assert decision(draft, row(TWO_UNITS)) == Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api.service has been in failed state since 11:52:03 UTC.",
        "ledger-sync.service 从 07:41:26 UTC 起一直在运行。",
    ],
)
def test_two_units_of_one_call_never_combine(draft: str) -> None:
    assert decision(draft, row(TWO_UNITS)) != Decision.ACCEPT


def test_a_size_in_a_unit_is_no_version() -> None:
    for draft in (
        "node_exporter.service on mon-7 runs version 1.8.2.",
        "mon-7 上的 node_exporter.service 版本是 1.8.2。",
    ):
        checks = check_draft(draft, [row(EXPORTER, host="mon-7")])
        assert not any(c.status == ClaimStatus.CONTRADICTED for c in checks), draft
    assert decision("node_exporter on mon-7 uses 17.3M of memory.", row(EXPORTER, host="mon-7")) == Decision.ACCEPT
    assert decision("mon-7 上的 node_exporter 占用内存 173M。", row(EXPORTER, host="mon-7")) != Decision.ACCEPT
