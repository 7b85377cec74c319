"""Two readings of what a tool and a writer say. The lines a tool prints after a whole JSON body (curl -w's
"HTTP 503", "time_total: 2.41") are records of the call, so "returned HTTP 503" is shown by them and "returned
HTTP 200" is not. An alert state said of what would happen ("持续 5 分钟才会触发", "would only fire after 5
minutes") is no state now, so a pending or inactive alert does not leave it ungrounded.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def health() -> EvidenceRow:
    body = {"status": "DOWN", "components": {"redis": {"status": "DOWN"}, "diskSpace": {"status": "UP"}}}
    text = json.dumps(body) + "\nHTTP 503\ntime_total: 2.41\n"
    command = "curl -s -w '\\nHTTP %{http_code}\\ntime_total: %{time_total}\\n' http://10.4.1.9:8080/actuator/health"
    return EvidenceRow("c-1", "http_check", Outcome.DIRECT_SUPPORT, text, {"command": command})


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [health()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The `/actuator/health` endpoint on 10.4.1.9 returned HTTP 503 with status DOWN.", True),
        ("10.4.1.9 的 `/actuator/health` 返回 HTTP 503，整体状态 DOWN。", True),
        ("The `/actuator/health` endpoint on 10.4.1.9 returned HTTP 200 with status DOWN.", False),
        ("10.4.1.9 的 `/actuator/health` 返回 HTTP 200，整体状态 DOWN。", False),
    ],
)
def test_lines_after_a_json_body_are_records_of_the_call(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == {ClaimStatus.GROUNDED}) is grounded


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("HighErrorRate 的表达式是 `> 0.05`，持续 5 分钟才会触发。", []),
        ("HighErrorRate would only fire after 5 minutes above 5%.", []),
        ("HighErrorRate 已经触发。", ["firing"]),
        ("HighErrorRate fired at 10:02 UTC.", ["firing"]),
    ],
)
def test_a_state_of_what_would_happen_is_no_state_now(text: str, states: list[str]) -> None:
    assert [f.key for f in extract_facts(text) if f.kind == FactKind.STATE] == states
