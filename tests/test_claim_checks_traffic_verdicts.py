"""What a sensor, firewall or WAF did with the traffic: "blocked", "dropped", "拦截", "丢弃" or "allowed", "let
through", "放行" is the verdict its record gives in a field of its own (`"action": "allowed"`, `"action":
"BLOCK"`, `"verdict": "DROPPED"`). A record naming the claim's names with the other verdict contradicts it; a
denied verb ("was not blocked") is not read. Domain only, offline; records and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

EVE = {
    "timestamp": "2027-02-11T06:14:52.118+0000",
    "event_type": "alert",
    "src_ip": "10.20.7.31",
    "dest_ip": "192.0.2.140",
    "dest_port": 8443,
    "alert": {"action": "allowed", "signature_id": 2027865, "signature": "ET POLICY Suspicious outbound TLS"},
}
WAF = {
    "timestamp": 1801203311000,
    "action": "BLOCK",
    "terminatingRuleId": "RateLimit-Login",
    "httpRequest": {"clientIp": "203.0.113.50", "uri": "/api/login", "httpMethod": "POST"},
}
FLOW = (
    "Feb 11 06:20:03.114: default/cart-6f8d9b7c5-x2kqp:41822 -> 10.0.4.12:5432 policy-verdict:none verdict: DROPPED\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("eve-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, json.dumps(EVE), {"command": "tail -1 eve.json"}),
        EvidenceRow(
            "waf-1", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(WAF), {"query": "clientIp=203.0.113.50"}
        ),
        EvidenceRow("flow-1", "hubble_observe", Outcome.INDIRECT_SUPPORT, FLOW, {"pod": "cart-6f8d9b7c5-x2kqp"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "At 06:14:52 UTC the sensor blocked the connection from 10.20.7.31 to 192.0.2.140:8443.",
        "10.20.7.31 到 192.0.2.140 的连接在 06:14:52 UTC 被 Suricata 拦截了。",
        "The WAF let through the POST /api/login requests from 203.0.113.50.",
        "来自 203.0.113.50 的 /api/login 请求被 WAF 放行了。",
        "Hubble shows the connection from cart-6f8d9b7c5-x2kqp to 10.0.4.12:5432 was allowed.",
    ],
)
def test_the_other_verdict_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "At 06:14:52 UTC the sensor allowed the connection from 10.20.7.31 to 192.0.2.140:8443; it only alerted.",
        "Suricata 只告警，06:14:52 UTC 放行了 10.20.7.31 到 192.0.2.140 的连接。",
        "The WAF blocked the POST /api/login requests from 203.0.113.50.",
        "来自 203.0.113.50 的 /api/login 请求被 WAF 拦截了。",
        "Hubble shows the connection from cart-6f8d9b7c5-x2kqp to 10.0.4.12:5432 was dropped.",
        "The connection from 10.20.7.31 to 192.0.2.140:8443 was not blocked.",
        "10.20.7.31 到 192.0.2.140 的连接并未被拦截。",
    ],
)
def test_the_record_s_verdict_is_not_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
