"""A Jaeger trace's spans are units of their own: each span's service is the trace's `processes` entry its
`processID` names, and its duration is in microseconds (Zipkin's too), so "GET /checkout on frontend took
2.84 s" grounds on the span and a p95 of the same operation elsewhere never rivals it. Domain only, offline;
traces and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TRACE = {
    "data": [
        {
            "traceID": "5e7a9c1d",
            "spans": [
                {
                    "traceID": "5e7a9c1d",
                    "spanID": "01",
                    "operationName": "POST /orders",
                    "duration": 1874310,
                    "processID": "p1",
                    "tags": [{"key": "http.status_code", "type": "int64", "value": 201}],
                },
                {
                    "traceID": "5e7a9c1d",
                    "spanID": "02",
                    "operationName": "StockService/Reserve",
                    "duration": 1702993,
                    "processID": "p2",
                    "tags": [],
                },
                {
                    "traceID": "5e7a9c1d",
                    "spanID": "03",
                    "operationName": "UPDATE stock",
                    "duration": 1688120,
                    "processID": "p2",
                    "tags": [{"key": "db.system", "type": "string", "value": "postgresql"}],
                },
            ],
            "processes": {"p1": {"serviceName": "order-api"}, "p2": {"serviceName": "stock-svc"}},
        }
    ]
}
P95 = {
    "status": "success",
    "data": {"resultType": "vector", "result": [{"metric": {"span_name": "POST /orders"}, "value": [1, "1.61"]}]},
}


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("t-1", "jaeger_get_trace", Outcome.INDIRECT_SUPPORT, json.dumps(TRACE), {"traceId": "5e7a9c1d"}),
        EvidenceRow("m-1", "query_metrics", Outcome.INDIRECT_SUPPORT, json.dumps(P95), {"query": "p95 by span_name"}),
    ]


def statuses(draft: str) -> list[ClaimStatus]:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert found
    return found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("In this trace `POST /orders` on order-api took 1.87 s.", True),
        ("这条 trace 里 order-api 的 `POST /orders` 耗时 1.87 秒。", True),
        ("| UPDATE stock | stock-svc | 1.69 s |", True),
        ("stock-svc 的 `StockService/Reserve` 用了约 1.70 秒。", True),
        ("In this trace `POST /orders` on order-api took 2.4 s.", False),
        ("这条 trace 里 stock-svc 的 `UPDATE stock` 耗时 1874 毫秒。", False),  # another span's duration
    ],
)
def test_a_spans_service_and_duration_are_its_own(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert all(s == ClaimStatus.GROUNDED for s in found) is grounded, found
    assert ClaimStatus.CONTRADICTED not in found or not grounded


ZIPKIN = [
    {
        "traceId": "5e7a9c1d",
        "id": "01",
        "name": "post /orders",
        "duration": 1874310,
        "localEndpoint": {"serviceName": "order-api"},
    },
    {
        "traceId": "5e7a9c1d",
        "id": "02",
        "name": "update stock",
        "duration": 1688120,
        "localEndpoint": {"serviceName": "stock-svc"},
    },
]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Zipkin shows `update stock` on stock-svc taking 1.69 s.", True),
        ("Zipkin 里 stock-svc 的 `update stock` 耗时 1.69 秒。", True),
        ("Zipkin shows `update stock` on stock-svc taking 16.9 s.", False),
    ],
)
def test_a_zipkin_spans_duration_is_in_microseconds(draft: str, grounded: bool) -> None:
    row = EvidenceRow("z-1", "zipkin_trace", Outcome.INDIRECT_SUPPORT, json.dumps(ZIPKIN), {"traceId": "5e7a9c1d"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found


def failing_trace(error: bool) -> EvidenceRow:
    trace = json.loads(json.dumps(TRACE))
    if error:
        trace["data"][0]["spans"][1]["tags"].append({"key": "error", "type": "bool", "value": True})
    return EvidenceRow("t-2", "jaeger_get_trace", Outcome.INDIRECT_SUPPORT, json.dumps(trace), {"traceId": "5e7a9c1d"})


@pytest.mark.parametrize(
    "draft",
    [
        "The `POST /orders` trace took 1.87 s and no span reported an error.",
        "这条 trace（`POST /orders`）耗时约 1.87 秒，没有报错。",
    ],
)
def test_no_error_in_a_trace_is_contradicted_by_a_failed_span(draft: str) -> None:
    with_error = [c.status for c in check_draft(draft, [failing_trace(True)]) if c.kind == ClaimKind.FACT]
    without = [c.status for c in check_draft(draft, [failing_trace(False)]) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED in with_error
    assert without and all(s == ClaimStatus.GROUNDED for s in without), without
