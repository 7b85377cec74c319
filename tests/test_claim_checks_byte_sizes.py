"""A size printed in bytes without a unit ("clickstream.raw-7	443026153472" from kafka-log-dirs, du -b,
Elasticsearch's size_in_bytes) is that many bytes: a claim's "412.6 GiB" or "约 39 GiB" holds when it is the
number read in the claim's unit, at the precision the claim states it in. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def log_dirs() -> EvidenceRow:
    out = "events.raw-4\t512361824256\nevents.raw-11\t96702431232\naudit.log-0\t3221225472\n"
    params = {"host": "broker-2", "command": "kafka-log-dirs.sh --describe | jq -r '...' | sort -k2 -nr"}
    return EvidenceRow("ssh-1", "ssh_exec", Outcome.DIRECT_SUPPORT, out, params)


def index_stats() -> EvidenceRow:
    body = {"indices": {"logs-web-2026.12.01": {"total": {"store": {"size_in_bytes": 289910292480}}}}}
    return EvidenceRow("es-1", "es_stats", Outcome.DIRECT_SUPPORT, json.dumps(body), {"path": "_stats/store"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("events.raw-4 takes 477.2 GiB on broker-2.", True),  # 512361824256 / 1024^3 = 477.17
        ("| events.raw-11 | 约 90.1 GiB |", True),
        ("audit.log-0 只有 3 GiB。", True),
        ("events.raw-4 takes 467.2 GiB on broker-2.", False),
        ("| events.raw-11 | 约 91.1 GiB |", False),
        ("audit.log-0 只有 5 GiB。", False),
    ],
)
def test_a_unitless_size_is_bytes_at_the_claims_precision(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [log_dirs()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("logs-web-2026.12.01 stores about 270 GiB.", True),  # 289910292480 bytes: 270.0 GiB, 289.9 GB
        ("logs-web-2026.12.01 索引占用约 289.9 GB。", True),
        ("logs-web-2026.12.01 stores about 250 GiB.", False),
        ("logs-web-2026.12.01 索引占用约 298.9 GB。", False),
    ],
)
def test_a_size_in_bytes_field_reads_in_either_byte_unit(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [index_stats()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found
