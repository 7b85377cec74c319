"""Names a claim takes from knowledge of a product, not from the incident: a function a query language or a
library names (`rate()`, `DATE()`), a product's default setting and what it would do. They invent no entity
(no REJECT); a pod, host or service the session never mentions still does.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def loki() -> EvidenceRow:
    values = [["1762424100000000000", "0.62"], ["1762424160000000000", "0.71"]]
    body = {
        "status": "success",
        "data": {"resultType": "matrix", "result": [{"metric": {"app": "quote-api"}, "values": values}]},
    }
    params = {
        "query": 'sum(rate({app="quote-api"} |= "ERROR" [1m]))',
        "start": "2026-11-06T10:15:00Z",
        "end": "2026-11-06T10:16:00Z",
    }
    return EvidenceRow("l-1", "loki_query_range", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def redis() -> EvidenceRow:
    text = "cluster_state:ok\ncluster_slots_assigned:16384\ncluster_slots_fail:0\ncluster_known_nodes:6\n"
    return EvidenceRow("r-1", "redis_cli", Outcome.DIRECT_SUPPORT, text, {"command": "CLUSTER INFO"})


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)}


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The LogQL `rate()` over quote-api's ERROR lines is about 0.71 per second.", loki()),
        ("quote-api 的 ERROR 日志用 LogQL 的 `rate()` 算出来约每秒 0.71 条。", loki()),
        (
            "With the default `cluster-allow-reads-when-down no`, replicas would refuse reads while the cluster is down.",
            redis(),
        ),
        ("按默认的 `cluster-allow-reads-when-down no`，集群 down 时副本会拒绝读请求。", redis()),
    ],
)
def test_a_function_or_a_products_default_invents_nothing(draft: str, row: EvidenceRow) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, row)


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The LogQL `rate()` over quote-worker-7d9f's ERROR lines is about 0.71 per second.", loki()),
        ("quote-worker-7d9f 的 ERROR 日志用 LogQL 的 `rate()` 算出来约每秒 0.71 条。", loki()),
        ("redis-node-07 failed over after the default `cluster-node-timeout 15000`.", redis()),
        ("redis-node-07 在默认的 `cluster-node-timeout 15000` 之后完成了切换。", redis()),
    ],
)
def test_a_name_the_session_never_mentions_is_still_invented(draft: str, row: EvidenceRow) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, row)
