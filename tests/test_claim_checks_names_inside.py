"""Names the session writes inside another token, or names of the platform itself, invent nothing: a pod in an
event source joined by underscores, a service in SkyWalking's base64 service id, a network written as a CIDR
block some address of the session falls in, a part of the platform by its project's name ("cert-manager").
A name the session never writes, plainly or so, is still INVENTED.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import base64
import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

EVENTS = (
    "LAST SEEN   TYPE      REASON               OBJECT                        MESSAGE\n"
    "2m          Warning   ProvisioningFailed   persistentvolumeclaim/data-0  failed to provision volume "
    "(source: efs.csi.aws.com_efs-csi-controller-7f9d8c6b5-q4w2r_9c1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6)\n"
)


def events() -> EvidenceRow:
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, EVENTS, {"args": "get events -n data"})


def traces() -> EvidenceRow:
    service_id = base64.b64encode(b"voucher-service").decode() + ".1"
    body = {
        "data": {
            "queryBasicTraces": {
                "traces": [{"endpointNames": ["POST:/api/voucher/redeem"], "duration": 3010, "isError": True}]
            }
        }
    }
    params = {"query": "queryBasicTraces", "condition": {"serviceId": service_id, "traceState": "ERROR"}}
    return EvidenceRow("sw-1", "skywalking_query", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def logins() -> EvidenceRow:
    lines = (
        "2026-11-06T08:10:02Z WARN auth login failed user=ops1 ip=203.0.113.41 reason=invalid_grant\n"
        "2026-11-06T08:10:03Z WARN auth login failed user=ops2 ip=203.0.113.77 reason=invalid_grant\n"
    )
    return EvidenceRow("l-1", "loki_query_range", Outcome.DIRECT_SUPPORT, lines, {"query": '{app="auth"} |= "failed"'})


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)}


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The failure was reported by `efs-csi-controller-7f9d8c6b5-q4w2r`.", events()),
        ("这个失败是 `efs-csi-controller-7f9d8c6b5-q4w2r` 报出来的。", events()),
        ("voucher-service has error traces on POST:/api/voucher/redeem.", traces()),
        ("voucher-service 在 POST:/api/voucher/redeem 上有错误链路。", traces()),
        ("Both failing logins came from `203.0.113.0/24`.", logins()),
        ("两次失败登录都来自 `203.0.113.0/24` 网段。", logins()),
        ("cert-manager has not renewed the certificate yet.", logins()),
        ("cert-manager 还没有续签证书。", logins()),
    ],
)
def test_a_name_written_inside_another_token_or_the_platforms_invents_nothing(draft: str, row: EvidenceRow) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, row)


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The failure was reported by `efs-csi-controller-5c4b3a291-zz9yx`.", events()),
        ("这个失败是 `efs-csi-controller-5c4b3a291-zz9yx` 报出来的。", events()),
        ("coupon-service has error traces on POST:/api/voucher/redeem.", traces()),
        ("coupon-service 在 POST:/api/voucher/redeem 上有错误链路。", traces()),
        ("Both failing logins came from `198.51.100.0/24`.", logins()),
        ("两次失败登录都来自 `198.51.100.0/24` 网段。", logins()),
    ],
)
def test_a_name_the_session_never_writes_is_still_invented(draft: str, row: EvidenceRow) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, row)
