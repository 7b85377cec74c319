"""An epoch time is no version, and an exit code no HTTP status (rivals): auditd's `msg=audit(1782807245.611:834)`.

A claim's version ("netcap-agent 2.4.0", "版本 2.4.0") is contradicted by another version a unit about its subject
shows. The epoch seconds of an audit record are dotted like a version: read as one, they contradicted a correct
claim (heldout61 apparmor_denials-07). A real other version in the record still is a rival.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.rivals import rival_value

EPOCH_ONLY = (
    'type=AVC msg=audit(1782807245.611:834): apparmor="DENIED" operation="create" profile="netcap-agent" '
    'pid=4121 comm="netcap-agent" family="packet" sock_type="raw" requested_mask="create" denied_mask="create"'
)
WITH_VERSION = EPOCH_ONLY + ' agent_version="3.1.2"'


def record(text: str, holding: str = ""):
    """The record of `text` (its unit holding `holding`, when it is read as several)."""
    row = EvidenceRow("au-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text + "\n", {"command": "ausearch"})
    return next(u for u in Evidence([row]).units(0) if u.kind != "input" and holding in u.text)


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


# A process's exit code is no HTTP status either (rivals._STATUS_IN_UNIT): kubectl's "Exit Code: 137" against "返回 502".
DESCRIBE = "Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
PROBE = 'probe GET /healthz status=503 upstream="10.2.7.14:8080"'


@pytest.mark.parametrize("claim", ["The gateway then returned 502.", "于是网关返回 502。"])
def test_an_exit_code_is_no_rival_status(claim: str) -> None:
    status = next(f for f in extract_facts(claim) if f.kind == FactKind.HTTP_STATUS)
    assert rival_value(status, record(DESCRIBE, "137")) == ""


@pytest.mark.parametrize("claim", ["The gateway then returned 502.", "于是网关返回 502。"])
def test_another_http_status_still_is(claim: str) -> None:
    status = next(f for f in extract_facts(claim) if f.kind == FactKind.HTTP_STATUS)
    assert rival_value(status, record(PROBE)) != ""


# The claim's own figure under a key whose unit only the key's name suggests is no rival either: Harbor's robot
# `"duration": 301` is days, and read as seconds it contradicted "a 301-day duration" (rivals.rival_value).
ROBOT = EvidenceRow(
    "h-1",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    '[{"id": 14, "name": "robot$ci-push", "level": "system", "duration": 301, "expires_at": 1788167560}]',
    {"url": "https://harbor.example.com/api/v2.0/robots?q=name%3Dci-push"},
)


def robot_statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [ROBOT]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    ["The robot account ci-push has a 301-day duration.", "ci-push 这个 robot 账号的有效期（duration）是 301 天。"],
)
def test_the_claims_own_figure_under_a_unitless_key_is_no_rival(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in robot_statuses(draft)


@pytest.mark.parametrize(
    "draft",
    ["The robot account ci-push has a 30-day duration.", "ci-push 这个 robot 账号的有效期（duration）是 30 天。"],
)
def test_another_figure_under_it_still_is(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in robot_statuses(draft)
