"""Members a claim enumerates by a part of their names ("controller, cainjector and webhook" of the pods
cert-manager-cainjector-…, cert-manager-webhook-…) are each read against their own rows when "all" says a state
of them: one in another state contradicts it (each_member._named_parts). Words the evidence writes as no part of
a name ("errors, timeouts and retries") are no members. Domain only, offline; rows and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def pods(*states: str) -> EvidenceRow:
    names = ("ingest-gateway-7f8d9c6b5-ab12c", "ingest-router-5c4b3a2d1-de34f", "ingest-writer-6d5e4f3a2-gh56j")
    lines = ["NAME                              READY   STATUS             RESTARTS   AGE"]
    for name, state in zip(names, states):
        ready = "1/1" if state == "Running" else "0/1"
        lines.append(f"{name}   {ready}     {state:<18} 3          2d")
    return EvidenceRow(
        "p-1", "kubectl", Outcome.INDIRECT_SUPPORT, "\n".join(lines) + "\n", {"args": "get pods -n ingest"}
    )


DRAFTS = [
    "All three pods — gateway, router and writer — are Running.",
    "The gateway, router and writer pods are all Running.",
    "gateway、router 和 writer 三个 pod 都是 Running。",
    "gateway、router 与 writer 这三个 pod 全部处于 Running。",
]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_member_named_by_a_part_in_another_state_contradicts_all(draft: str):
    checks = check_draft(draft, [pods("Running", "Running", "CrashLoopBackOff")])
    assert decide(checks)[0] == Decision.REJECT
    assert any(c.status == ClaimStatus.CONTRADICTED for c in checks)


@pytest.mark.parametrize("draft", DRAFTS)
def test_members_named_by_parts_all_in_the_state_are_not_contradicted(draft: str):
    checks = check_draft(draft, [pods("Running", "Running", "Running")])
    assert all(c.status != ClaimStatus.CONTRADICTED for c in checks)


@pytest.mark.parametrize(
    "draft",
    [
        "All three kinds of failure — errors, timeouts and retries — are Running up.",
        "errors、timeouts 和 retries 都在 Running 的 pod 上。",
    ],
)
def test_words_that_name_no_part_of_a_name_are_no_members(draft: str):
    checks = check_draft(draft, [pods("Running", "Running", "CrashLoopBackOff")])
    assert all(c.status != ClaimStatus.CONTRADICTED for c in checks)
