"""A call's flags are not states ("silenced=false"), what a silence or rule will do is a prediction ("will be
silenced", "都会被静默"), and a success one record shows is not contradicted by another record's failure.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft


def alerts() -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": name, "severity": "critical", "service": "quote-api"},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "startsAt": "2026-04-02T08:1%d:00Z" % i,
        }
        for i, name in enumerate(("QuoteApiErrors", "QuoteApiLatency", "QuoteApiSaturation"))
    ]
    params = {"url": "/api/v2/alerts", "active": True, "silenced": False, "inhibited": False}
    return EvidenceRow("am-1", "alertmanager_api", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("draft", "rejected"),
    [
        (
            "Alertmanager (`active=true, silenced=false, inhibited=false`) returned QuoteApiErrors, which is active.",
            False,
        ),
        ("Alertmanager（`silenced=false`, `inhibited: false`）返回的 QuoteApiErrors 处于 active 状态。", False),
        # a state asserted in words is still checked
        ("QuoteApiErrors is silenced.", True),
        ("QuoteApiErrors 已被静默。", True),
    ],
)
def test_a_calls_flags_are_not_states(draft: str, rejected: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, alerts())) is rejected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("During the window every alert of the cluster will be silenced.", ClaimKind.HEDGE),
        ("窗口内该集群的所有告警都会被静默。", ClaimKind.HEDGE),
        ("During the window every alert of the cluster was silenced.", ClaimKind.FACT),
        ("窗口内该集群的所有告警都已被静默。", ClaimKind.FACT),
    ],
)
def test_what_a_silence_will_do_is_a_prediction(text: str, kind: ClaimKind) -> None:
    (claim,) = split_claims(text)
    assert claim.kind == kind


def rollout(succeeded: bool) -> EvidenceRow:
    text = (
        'deployment "order-api" successfully rolled out'
        if succeeded
        else 'error: deployment "order-api" exceeded its progress deadline'
    )
    return EvidenceRow("kc-1", "kubectl", Outcome.INDIRECT_SUPPORT, text, {"command": "kubectl rollout status"})


def app_errors() -> EvidenceRow:
    entries = [{"level": "ERROR", "service": "order-api", "message": "payment call failed: upstream timeout"}]
    body = {"success": True, "logs": entries, "total": 1}
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "order-api"})


@pytest.mark.parametrize(
    ("draft", "succeeded", "contradicted"),
    [
        ("The order-api rollout completed successfully.", True, False),
        ("order-api 的发布已经成功完成。", True, False),
        ("The order-api rollout completed successfully.", False, True),
        ("order-api 的发布已经成功完成。", False, True),
    ],
)
def test_a_success_one_record_shows_is_not_contradicted_by_another_records_failure(
    draft: str, succeeded: bool, contradicted: bool
) -> None:
    found = statuses(draft, rollout(succeeded), app_errors())
    assert (ClaimStatus.CONTRADICTED in found) is contradicted, found


def test_an_event_named_successful_is_no_success() -> None:
    """ "SuccessfulCreate" (the job was created) says nothing of how the job ended."""
    events = (
        "LAST SEEN   TYPE      REASON                 OBJECT                      MESSAGE\n"
        "12m         Normal    SuccessfulCreate       job/rollup-28491780         Created pod: rollup-28491780-x7k2p\n"
        "3m          Warning   BackoffLimitExceeded   job/rollup-28491780         Job has reached the specified backoff limit"
    )
    row = EvidenceRow("kc-2", "kubectl", Outcome.DIRECT_SUPPORT, events, {"command": "kubectl get events"})
    assert ClaimStatus.CONTRADICTED in statuses("rollup-28491780 completed successfully.", row)
    assert ClaimStatus.CONTRADICTED in statuses("rollup-28491780 已成功完成。", row)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The vendor was in a maintenance window, which is why the calls returned 503.", ClaimKind.CAUSAL),
        ("供应商当时在维护窗口内，这就是为什么调用返回了 503。", ClaimKind.CAUSAL),
        ("The vendor was in a maintenance window, and the calls returned 503.", ClaimKind.FACT),
        ("供应商当时在维护窗口内，调用返回了 503。", ClaimKind.FACT),
    ],
)
def test_which_is_why_states_a_cause(text: str, kind: ClaimKind) -> None:
    (claim,) = split_claims(text)
    assert claim.kind == kind
