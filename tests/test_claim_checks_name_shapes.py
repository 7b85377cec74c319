"""Shapes in which a claim writes a name the session holds, which invent nothing: a name given by its end
after an ellipsis ("`...A1F20000003C`"), addresses by a pattern ("10.41.3.2x:443"), a string quoted as a
program prints it (`"7,25"`, which JSON escapes), Kafka's name of a topic's partition ("ledger.v3-4"), a
Kafka setting (`min.insync.replicas`), an event a prediction names ("will be OOMKilled", "会碰到 limit 被
OOMKill"), and a figure after "端口" that counts ports ("可用端口 28,232 个"). A name the session never
writes, in any of these shapes, is still INVENTED. Domain only, offline; rows and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ARCHIVER = (
    " archived_count | last_archived_wal        | failed_count | last_failed_wal\n"
    "----------------+--------------------------+--------------+--------------------------\n"
    "          91822 | 0000000300000B2E0000004F |        51277 | 0000000300000B2E00000050\n"
    "(1 row)\n"
)
DIALS = "\n".join(
    [
        "2027-02-11T06:12:09Z ERROR gateway dial tcp 10.41.3.20:443: connect: cannot assign requested address",
        "2027-02-11T06:12:10Z ERROR gateway dial tcp 10.41.3.21:443: connect: cannot assign requested address",
    ]
)
PARSE = json.dumps(
    {
        "success": True,
        "logs": [
            {
                "timestamp": "2027-02-11T06:12:09Z",
                "level": "ERROR",
                "service": "billing-consumer",
                "message": 'Cannot deserialize value of type `java.math.BigDecimal` from String "7,25"',
            }
        ],
        "total": 1,
    }
)
TOPICS = (
    "\tTopic: ledger.v3\tPartition: 4\tLeader: 2\tReplicas: 2,0,1\tIsr: 2,1\n"
    "\tTopic: ledger.v3\tPartition: 9\tLeader: 0\tReplicas: 0,1,2\tIsr: 0,2\n"
)
MEMORY = json.dumps(
    {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [{"metric": {"pod": "render-7c9d-x2kq"}, "value": [1797500000, "1610612736"]}],
        },
    }
)


def statuses(draft: str, tool: str, preview: str, params: dict | None = None) -> list[ClaimStatus]:
    row = EvidenceRow("n-1", tool, Outcome.INDIRECT_SUPPORT, preview, params or {"command": "check"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found
    return found


def invents(draft: str, tool: str, preview: str, params: dict | None = None) -> bool:
    return ClaimStatus.INVENTED in statuses(draft, tool, preview, params)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The last failure was on segment `...B2E00000050`.", False),
        ("最近一次失败的是 `…B2E00000050` 这个段。", False),
        ("The last failure was on segment `...B2E00000077`.", True),
        ("最近一次失败的是 `…B2E00000077` 这个段。", True),
    ],
)
def test_a_name_given_by_its_end(draft: str, expected: bool) -> None:
    assert invents(draft, "run_sql", ARCHIVER) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The gateway keeps failing to dial 10.41.3.2x:443.", False),
        ("gateway 连 10.41.3.2x:443 一直报 cannot assign requested address。", False),
        ("The gateway keeps failing to dial 10.41.9.2x:443.", True),
        ("gateway 连 10.41.9.2x:443 一直报错。", True),
    ],
)
def test_addresses_written_as_a_pattern(draft: str, expected: bool) -> None:
    assert invents(draft, "query_logs", DIALS) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ('The consumer cannot parse the amount `"7,25"` as a BigDecimal.', False),
        ('消费者无法把金额 `"7,25"` 解析成 BigDecimal。', False),
        ('The consumer cannot parse the amount `"9,99"` as a BigDecimal.', True),
        ('消费者无法把金额 `"9,99"` 解析成 BigDecimal。', True),
    ],
)
def test_a_quoted_string_as_a_program_prints_it(draft: str, expected: bool) -> None:
    assert invents(draft, "query_logs", PARSE, {"service": "billing-consumer"}) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("ledger.v3-4 and ledger.v3-9 are under-replicated.", False),
        ("ledger.v3-4 和 ledger.v3-9 两个分区副本不足。", False),
        ("ledger.v3-7 is under-replicated.", True),
        ("ledger.v3-7 这个分区副本不足。", True),
        ("ledger.v3's `min.insync.replicas` is larger than its ISR.", False),
        ("ledger.v3 的 `min.insync.replicas` 比 ISR 还大。", False),
    ],
)
def test_kafka_partition_names_and_settings(draft: str, expected: bool) -> None:
    assert invents(draft, "kafka_cli", TOPICS) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("At this rate render-7c9d-x2kq will be OOMKilled within two hours.", False),
        ("按这个速度，render-7c9d-x2kq 大约 2 小时后会碰到 limit 被 OOMKill。", False),
        ("render-7c9d-x2kq was OOMKilled an hour ago.", True),
        ("render-7c9d-x2kq 一小时前被 OOMKilled 了。", True),
    ],
)
def test_a_prediction_names_an_event_that_has_not_happened(draft: str, expected: bool) -> None:
    assert invents(draft, "query_metrics", MEMORY, {"query": "container_memory_working_set_bytes"}) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("`ip_local_port_range` 为 32768–60999，可用临时端口 28,232 个。", False),
        ("ledger.v3 的 leader 端口 9093 已经被占用。", True),
    ],
)
def test_a_figure_after_port_that_counts_ports(draft: str, expected: bool) -> None:
    sysctl = "net.ipv4.ip_local_port_range = 32768\t60999\n"
    assert invents(draft, "ssh_exec", sysctl + TOPICS) is expected
