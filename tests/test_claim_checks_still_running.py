"""Something said to be still running whose last record says it ended: a job's later line "Closing …", "stopped",
"exited" contradicts "it is still running" / "目前仍在运行"; a later start, or one record of it, decides nothing.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def journal(*lines: tuple[str, str]) -> EvidenceRow:
    text = "\n".join(json.dumps({"@timestamp": at, "log.level": "info", "message": message}) for at, message in lines)
    return EvidenceRow(
        "j-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        text,
        {"host": "etl-4", "command": "journalctl -u shipper -o cat | grep orders-export"},
    )


ENDED = journal(
    ("2026-05-02T03:00:01.120Z", "Harvester started for file: /data/out/orders-export.csv"),
    ("2026-05-02T03:40:01.508Z", "Closing harvester for /data/out/orders-export.csv: file was removed"),
)
RESTARTED = journal(
    ("2026-05-02T03:00:01.120Z", "Harvester started for file: /data/out/orders-export.csv"),
    ("2026-05-02T03:40:01.508Z", "Closing harvester for /data/out/orders-export.csv: file was removed"),
    ("2026-05-02T03:41:09.002Z", "Harvester started for file: /data/out/orders-export.csv"),
)


@pytest.mark.parametrize(
    "draft",
    [
        "The shipper started a harvester for /data/out/orders-export.csv at 03:00:01Z and it is still running.",
        "shipper 在 03:00:01Z 为 /data/out/orders-export.csv 启动了 harvester，目前仍在运行。",
    ],
)
def test_a_last_record_of_an_end_contradicts_still_running(draft: str) -> None:
    assert statuses(draft, ENDED) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "The shipper started a harvester for /data/out/orders-export.csv at 03:00:01Z and it is still running.",
        "shipper 在 03:00:01Z 为 /data/out/orders-export.csv 启动了 harvester，目前仍在运行。",
    ],
)
def test_a_later_start_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, RESTARTED)


def test_one_record_decides_nothing() -> None:
    one = journal(("2026-05-02T03:00:01.120Z", "Harvester started for file: /data/out/orders-export.csv"))
    draft = "The harvester for /data/out/orders-export.csv started at 03:00:01Z and is still running."
    assert ClaimStatus.CONTRADICTED not in statuses(draft, one)
