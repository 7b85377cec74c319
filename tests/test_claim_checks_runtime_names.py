"""Names a draft may write that no call printed as written, yet invent nothing: an error told as what may come
("and eventually an OutOfMemoryError", "最终抛 OutOfMemoryError"), a CamelCase name that opens a longer one
at a word's start ("EngineCPU" of `EngineCPUUtilization`, "Throttled" … of `ThrottledRequestsException`), and an
array of a JVM class named by its descriptor ("Object[]" of `[Ljava.lang.Object;`, "byte[]" of `[B`). Not shown,
each is ungrounded; a name none of these explains is still invented. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

HISTOGRAM = (
    " num     #instances         #bytes  class name (module)\n"
    "-------------------------------------------------------\n"
    "   1:        901244      612331904  [B (java.base@21.0.4)\n"
    "   2:           96       805306368  [Ljava.lang.Object; (java.base@21.0.4)\n"
    "   3:        880112       21122688  java.lang.String (java.base@21.0.4)\n"
)
METRIC = {
    "Label": "ReplicationLagSeconds",
    "Datapoints": [{"Timestamp": "2026-12-03T02:10:00Z", "Maximum": 41.0, "Unit": "Seconds"}],
}
ERRORS = {
    "logs": [
        {
            "timestamp": "2026-12-03T02:11:04Z",
            "level": "ERROR",
            "service": "quote-sync",
            "message": "PutItem failed: ProvisionedThroughputExceededException (retries exhausted)",
        }
    ],
    "total": 1,
}


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("j-1", "ssh_exec", Outcome.DIRECT_SUPPORT, HISTOGRAM, {"command": "jmap -histo:live 1 | head"}),
        EvidenceRow(
            "c-1", "aws_cli", Outcome.DIRECT_SUPPORT, json.dumps(METRIC), {"args": "cloudwatch get-metric-statistics"}
        ),
        EvidenceRow("q-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(ERRORS), {"service": "quote-sync"}),
    ]


def invented(draft: str) -> bool:
    return ClaimStatus.INVENTED in {c.status for c in check_draft(draft, rows())}


@pytest.mark.parametrize(
    "draft",
    [
        # an error told as what may come
        "The heap keeps growing; expect longer pauses and eventually an OutOfMemoryError.",
        "堆还在涨，停顿会越来越长，最终抛 OutOfMemoryError。",
        # a CamelCase name opening a longer one
        "`ReplicationLag` peaked at 41 s.",
        "`ReplicationLag` 最高 41 秒。",
        "quote-sync hit ProvisionedThroughputExceeded on PutItem.",
        "quote-sync 的 PutItem 报 ProvisionedThroughputExceeded。",
        # an array named by its JVM descriptor
        "The histogram holds 96 `Object[]` arrays of 8 MiB each.",
        "直方图里有 96 个 `Object[]`，每个 8 MiB。",
        "`byte[]` takes 612331904 bytes.",
        "`byte[]` 占了 612331904 字节。",
    ],
)
def test_these_names_invent_nothing(draft: str) -> None:
    assert not invented(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "quote-sync fails with a LedgerOverflowError.",  # no row's, and said to have happened
        "quote-sync already threw an OutOfMemoryError.",
        "`ReplicaLag` peaked at 41 s.",  # another name, not the head of the metric's
        "quote-sync 报 ProvisionedCapacityExceeded。",
        "The histogram holds 96 `Long[]` arrays.",  # no row has `[Ljava.lang.Long;`
        "直方图里有 96 个 `char[]`。",  # no row has `[C`
    ],
)
def test_a_name_none_of_these_explains_is_still_invented(draft: str) -> None:
    assert invented(draft)


def deployment() -> list[EvidenceRow]:
    revision = {"revisionType": "S3", "s3Location": {"bucket": "acme-builds", "key": "billing/billing-api-4.12.7.zip"}}
    return [
        EvidenceRow(
            "d-1",
            "aws_cli",
            Outcome.DIRECT_SUPPORT,
            json.dumps({"revision": revision}),
            {"args": "deploy get-deployment"},
        )
    ]


@pytest.mark.parametrize(
    ("draft", "invents"),
    [
        ("The deployment shipped billing-api 4.12.7 to every host.", False),  # the artifact's name gives it
        ("这次部署的是 billing-api 4.12.7。", False),
        ("The deployment shipped billing-api 4.12.8 to every host.", True),
        ("这次部署的是 billing-api 4.12.8。", True),
    ],
)
def test_a_version_in_an_artifacts_name_is_mentioned(draft: str, invents: bool) -> None:
    # another version is still flagged: invented, or contradicted by the one the artifact gives
    flagged = {c.status for c in check_draft(draft, deployment())} & {ClaimStatus.INVENTED, ClaimStatus.CONTRADICTED}
    assert bool(flagged) is invents


@pytest.mark.parametrize(
    ("draft", "invents"),
    [
        ("行键格式是 `时间戳#设备ID`，写入都落在表尾。", False),  # a shape described in words, no name
        ("The row key is `时间戳#设备ID`, so writes land at the tail.", False),
        ("行键前缀是 `ts#dev-7781`，写入都落在表尾。", True),  # a key the session never shows
        ("The row key prefix is `ts#dev-7781`, so writes land at the tail.", True),
    ],
)
def test_a_shape_described_in_chinese_invents_nothing(draft: str, invents: bool) -> None:
    assert (ClaimStatus.INVENTED in {c.status for c in check_draft(draft, deployment())}) is invents


def alarms() -> list[EvidenceRow]:
    active = {
        "hostname": "cache-03",
        "alarms": {
            "mem.available.ram_available": {"name": "ram_available", "status": "WARNING", "value_string": "8.2%"},
            "ipv4.udperrors.1m_ipv4_udp_receive_buffer_errors": {
                "name": "1m_ipv4_udp_receive_buffer_errors",
                "status": "WARNING",
                "value_string": "41 errors",
            },
        },
    }
    return [EvidenceRow("n-1", "netdata_api", Outcome.DIRECT_SUPPORT, json.dumps(active), {"path": "/api/v1/alarms"})]


@pytest.mark.parametrize(
    ("draft", "invents"),
    [
        ("cache-03 has 1m_ipv4_udp_receive_buffer_errors at WARNING.", False),
        ("cache-03 上 1m_ipv4_udp_receive_buffer_errors 处于 WARNING。", False),
        ("cache-03 also raised 10m_ipv4_udp_send_buffer_errors.", True),  # an alarm the session never shows
        ("cache-03 还触发了 10m_ipv4_udp_send_buffer_errors。", True),
    ],
)
def test_a_snake_case_name_led_by_its_window_is_a_name(draft: str, invents: bool) -> None:
    assert (ClaimStatus.INVENTED in {c.status for c in check_draft(draft, alarms())}) is invents


def activity() -> list[EvidenceRow]:
    events = [
        {"time": "2026-12-03T01:17:40Z", "op": "Microsoft.Web/sites/stop/action", "caller": "lin.qiao@contoso.com"}
    ]
    return [
        EvidenceRow("a-1", "az_cli", Outcome.DIRECT_SUPPORT, json.dumps(events), {"args": "monitor activity-log list"})
    ]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("lin.qiao@contoso.com stopped the app at 01:17:40 UTC.", ClaimStatus.GROUNDED),
        ("lin.qiao@contoso.com 在 01:17:40 UTC 停掉了应用。", ClaimStatus.GROUNDED),
        ("wang.fang@contoso.com stopped the app at 01:17:40 UTC.", ClaimStatus.INVENTED),  # another caller
        ("wang.fang@contoso.com 在 01:17:40 UTC 停掉了应用。", ClaimStatus.INVENTED),
    ],
)
def test_an_email_address_is_one_name(draft: str, status: ClaimStatus) -> None:
    names = [f.text for f in extract_facts(draft) if f.kind == FactKind.IDENTIFIER]
    assert len(names) == 1 and names[0].endswith("@contoso.com")  # the address whole, never its local part
    assert [c.status for c in check_draft(draft, activity()) if c.status != ClaimStatus.UNCHECKABLE] == [status]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The activity log shows lin.qiao@contoso.com stopped the app at 01:17:40 UTC.", True),  # a CLI's record
        ("活动日志显示 lin.qiao@contoso.com 在 01:17:40 UTC 停掉了应用。", True),
        ("The logs show lin.qiao@contoso.com stopped the app at 01:17:40 UTC.", False),  # no log search was made
        ("日志显示 lin.qiao@contoso.com 在 01:17:40 UTC 停掉了应用。", False),
    ],
)
def test_an_activity_log_is_no_citation_of_logs(draft: str, grounded: bool) -> None:
    assert ([c.status for c in check_draft(draft, activity())] == [ClaimStatus.GROUNDED]) is grounded


def ring() -> list[EvidenceRow]:
    out = (
        "Datacenter: eu-west\n===================\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n"
        "--  Address      Load       Tokens  Owns (effective)  Host ID                               Rack\n"
        "UN  10.70.1.11   412.6 GiB  256     100.0%            7c1e8f2a-3b4d-4e5f-9a0b-1c2d3e4f5a6b  r1\n"
        "DN  10.70.1.12   409.9 GiB  256     100.0%            2a3b4c5d-6e7f-4809-a1b2-c3d4e5f6a7b8  r2\n"
        "UN  10.70.1.13   415.2 GiB  256     100.0%            9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a  r3\n"
    )
    return [EvidenceRow("c-1", "ssh_exec", Outcome.DIRECT_SUPPORT, out, {"command": "nodetool status ledger_ks"})]


@pytest.mark.parametrize(
    ("draft", "invents"),
    [
        ("With 10.70.1.12 down, LOCAL_QUORUM reads still succeed on 2 of 3 replicas.", False),  # a driver's level
        ("10.70.1.12 宕机后，LOCAL_QUORUM 读写仍然可以成功。", False),
        ("With 10.70.1.12 down, 10.70.1.19 takes over its ranges.", True),  # a node the session never shows
        ("10.70.1.12 宕机后，由 10.70.1.19 接管它的数据。", True),
    ],
)
def test_a_consistency_level_invents_nothing(draft: str, invents: bool) -> None:
    assert (ClaimStatus.INVENTED in {c.status for c in check_draft(draft, ring())}) is invents


SWANCTL = EvidenceRow(
    "s-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "branch-sh: #4, ESTABLISHED, IKEv2, 8c2f5e1a9b7d3c40_i* 2d61f0c4a8e93b57_r\n"
    "  local  'vpn-gw-1' @ 198.51.100.7[4500]\n  remote 'branch-sh' @ 203.0.113.20[4500]\n"
    "  established 512s ago, rekeying in 13604s\n"
    "  branch-sh-lan: #9, reqid 2, INSTALLED, TUNNEL-in-UDP, ESP:AES_GCM_16-256\n"
    "    in  c81d2f0a,  48211 bytes,   402 packets,     3s ago\n",
    {"host": "vpn-gw-1", "command": "swanctl --list-sas"},
)


@pytest.mark.parametrize(
    ("draft", "invents"),
    [
        ("On vpn-gw-1 the branch-sh IKE_SA is ESTABLISHED and its CHILD_SA branch-sh-lan is INSTALLED.", False),
        ("vpn-gw-1 上 branch-sh 的 CHILD_SA branch-sh-lan 处于 INSTALLED 状态。", False),
        ("On vpn-gw-9 the CHILD_SA branch-sh-lan is INSTALLED.", True),  # a gateway the session never shows
        ("vpn-gw-9 上 branch-sh 的 IKE_SA 已经建立。", True),
    ],
)
def test_an_ike_security_association_invents_nothing(draft: str, invents: bool) -> None:
    assert (ClaimStatus.INVENTED in {c.status for c in check_draft(draft, [SWANCTL])}) is invents
