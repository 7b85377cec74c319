"""A value a claim gives every member it names ("both replicas (10.8.1.4 and 10.8.2.9) answered /healthz with
200", "两个实例的 /healthz 都返回 200") rests on no call for a member whose check of that very thing failed: the
claim is not grounded, though another member's check shows the value. With both checks answered it grounds.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def check(ip: str, ok: bool) -> EvidenceRow:
    url = f"http://{ip}:8080/healthz"
    if not ok:
        return EvidenceRow(
            f"hc-{ip}",
            "http_check",
            Outcome.FAILED,
            "",
            {"url": url, "method": "GET"},
            error_message=f"GET {url}: context deadline exceeded",
            error_kind=ErrorKind.TIMEOUT,
        )
    body = {"url": url, "status_code": 200, "response_time_ms": 7, "body": '{"status":"UP"}'}
    return EvidenceRow(
        f"hc-{ip}", "http_check", Outcome.DIRECT_SUPPORT, json.dumps(body), {"url": url, "method": "GET"}
    )


DRAFTS = [
    "Both quote-api replicas (10.8.1.4 and 10.8.2.9) answered /healthz with HTTP 200.",
    "quote-api 的两个副本（10.8.1.4 和 10.8.2.9）的 /healthz 都返回了 HTTP 200。",
]


PODS = (
    "NAME                         READY   STATUS    RESTARTS   AGE   IP         NODE\n"
    "quote-api-6c9d8b7f5-k4m2p    1/1     Running   0          4d    10.8.1.4   pool-a-1\n"
    "quote-api-6c9d8b7f5-w7n3q    1/1     Running   0          4d    10.8.2.9   pool-b-2\n"
)


def statuses(draft: str, second_ok: bool) -> list[ClaimStatus]:
    pods = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -l app=quote-api -o wide"})
    rows = [pods, check("10.8.1.4", True), check("10.8.2.9", second_ok)]
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_member_whose_check_failed_leaves_the_value_of_all_ungrounded(draft: str) -> None:
    assert statuses(draft, second_ok=False) == [ClaimStatus.UNGROUNDED]


@pytest.mark.parametrize("draft", DRAFTS)
def test_with_every_member_s_check_answered_the_claim_grounds(draft: str) -> None:
    assert statuses(draft, second_ok=True) == [ClaimStatus.GROUNDED]
