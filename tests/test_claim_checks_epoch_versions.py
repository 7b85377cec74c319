"""An epoch time is no version (rivals._NOT_A_VERSION): auditd's `msg=audit(1782807245.611:834)`.

A claim's version ("netcap-agent 2.4.0", "版本 2.4.0") is contradicted by another version a unit about its subject
shows. The epoch seconds of an audit record are dotted like a version: read as one, they contradicted a correct
claim (heldout61 apparmor_denials-07). A real other version in the record still is a rival.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.rivals import rival_value

EPOCH_ONLY = (
    'type=AVC msg=audit(1782807245.611:834): apparmor="DENIED" operation="create" profile="netcap-agent" '
    'pid=4121 comm="netcap-agent" family="packet" sock_type="raw" requested_mask="create" denied_mask="create"'
)
WITH_VERSION = EPOCH_ONLY + ' agent_version="3.1.2"'


def record(text: str):
    evidence = Evidence(
        [EvidenceRow("au-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text + "\n", {"command": "ausearch"})]
    )
    return next(u for u in evidence.units(0) if u.kind != "input")


@pytest.mark.parametrize(
    "claim", ["netcap-agent 2.4.0 is denied a packet socket.", "netcap-agent 版本 2.4.0 被拒绝创建 packet 套接字。"]
)
def test_an_epoch_time_is_no_rival_version(claim: str) -> None:
    version = next(f for f in extract_facts(claim) if f.kind == FactKind.VERSION)
    assert rival_value(version, record(EPOCH_ONLY)) == ""


@pytest.mark.parametrize(
    "claim", ["netcap-agent 2.4.0 is denied a packet socket.", "netcap-agent 版本 2.4.0 被拒绝创建 packet 套接字。"]
)
def test_another_version_in_the_record_still_is(claim: str) -> None:
    version = next(f for f in extract_facts(claim) if f.kind == FactKind.VERSION)
    assert rival_value(version, record(WITH_VERSION)) == "version 3.1.2"
