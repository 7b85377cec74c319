"""A "nothing" the claim tells of its subject, not of a call ("refund-api 没有返回 5xx", "checkout returned no
5xx"), is no finding of a failed call when another call about that subject answered (a metric of its 5xx that
came back 0): the failed call does not contradict it. A "nothing" told of a call ("the 5xx query came back
empty", "查询返回了空结果") still is, and so is one no answering call stands behind. A claim that cites
the metrics ("from the metrics", "从指标看") rests on metric calls only. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def failed_logs() -> EvidenceRow:
    return EvidenceRow(
        "lg-f",
        "query_logs",
        Outcome.FAILED,
        "",
        {
            "service": "refund-api",
            "level": "ERROR",
            "startTime": "2026-10-11T08:00:00Z",
            "endTime": "2026-10-11T08:30:00Z",
        },
        error_message="查询失败: SocketTimeoutException: Read timed out",
        error_kind=ErrorKind.TIMEOUT,
    )


def zero_5xx() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": {}, "value": [1791707400, "0"]}]},
    }
    query = 'sum(increase(http_requests_total{service="refund-api",code=~"5.."}[30m]))'
    return EvidenceRow("mt-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows))]


NOTHING_OF_THE_SUBJECT = [
    "refund-api 没有返回 5xx。",
    "refund-api 的 5xx 没有查到记录。",
    "Nothing was found for refund-api 5xx.",
]


@pytest.mark.parametrize("draft", NOTHING_OF_THE_SUBJECT)
def test_a_nothing_of_the_subject_is_no_finding_of_the_failed_call_beside_an_answer(draft: str) -> None:
    found = statuses(draft, failed_logs(), zero_5xx())
    assert found and ClaimStatus.CONTRADICTED not in found


@pytest.mark.parametrize("draft", NOTHING_OF_THE_SUBJECT)
def test_a_nothing_no_answering_call_stands_behind_is_contradicted_by_the_failed_call(draft: str) -> None:
    assert statuses(draft, failed_logs()) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft", ["refund-api 的错误日志查询返回了空结果。", "The error-log query for refund-api came back empty."]
)
def test_a_nothing_told_of_a_call_is_contradicted_by_its_failure(draft: str) -> None:
    assert statuses(draft, failed_logs(), zero_5xx()) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    ("draft", "rows", "grounded"),
    [
        ("从指标看，refund-api 过去 30 分钟的 5xx 增量为 0。", "metrics", True),
        ("From the metrics, refund-api had 0 5xx over the last 30m.", "metrics", True),
        ("从日志看，refund-api 过去 30 分钟的 5xx 增量为 0。", "metrics", False),
        ("Per the logs, refund-api had 0 5xx over the last 30m.", "metrics", False),
        # the logs cited with "also" / "也": still a citation of the logs
        ("访问日志也确认：refund-api 过去 30 分钟的 5xx 增量为 0。", "metrics", False),
        ("The gateway logs also confirm refund-api had 0 5xx over the last 30m.", "metrics", False),
        ("refund-api 过去 30 分钟的 5xx 增量为 0，指标也确认了这一点。", "metrics", True),
        ("refund-api had 0 5xx over the last 30m, and the metrics confirm it.", "metrics", True),
    ],
)
def test_a_claim_citing_a_family_rests_on_its_calls(draft: str, rows: str, grounded: bool) -> None:
    found = statuses(draft, zero_5xx())
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded
