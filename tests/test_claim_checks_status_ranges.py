"""A universal over the records of one status ("all three 502s for /api/cart were proxied to 10.7.0.21:8080",
"/api/cart 的 3 个 502 都转发到了 10.7.0.21:8080") ranges over the records that show that status, not over
every record about the path: a 200 sent elsewhere does not contradict it, while a 502 sent elsewhere does.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def access(third_upstream: str, third_ms: str = "002") -> EvidenceRow:
    line = (
        '10.1.0.{n} - - [04/Mar/2026:07:12:{s} +0000] "GET /api/cart?u={n} HTTP/1.1" {code} {size} "-" "curl/8.5" '
        "0.{ms} 0.{ms} upstream={up}\n"
    )
    text = "".join(
        line.format(n=n, s=s, code=code, size=size, ms=ms, up=up)
        for n, s, code, size, ms, up in (
            (1, "01", 502, 157, "002", "10.7.0.21:8080"),
            (2, "02", 200, 5120, "071", "10.7.0.22:8080"),
            (3, "03", 502, 157, "002", "10.7.0.21:8080"),
            (4, "04", 502, 157, third_ms, third_upstream),
        )
    )
    return EvidenceRow("a-1", "ssh_exec", Outcome.DIRECT_SUPPORT, text, {"host": "lb-2", "command": "tail access.log"})


DRAFTS = [
    "All three 502s for /api/cart were proxied to 10.7.0.21:8080.",
    "/api/cart 的 3 个 502 都被转发到了 10.7.0.21:8080。",
]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_record_of_another_status_sent_elsewhere_contradicts_nothing(draft: str) -> None:
    found = [c.status for c in check_draft(draft, [access("10.7.0.21:8080")]) if c.kind == ClaimKind.FACT]
    assert found and ClaimStatus.CONTRADICTED not in found


@pytest.mark.parametrize(
    "draft",
    ["All three 502s for /api/cart came back in 0.002 s.", "All of the 502s for /api/cart came back in 0.002 s."],
)
def test_a_record_of_that_status_showing_another_value_contradicts_it(draft: str) -> None:
    same = [c.status for c in check_draft(draft, [access("10.7.0.21:8080", "002")]) if c.kind == ClaimKind.FACT]
    other = [c.status for c in check_draft(draft, [access("10.7.0.21:8080", "930")]) if c.kind == ClaimKind.FACT]
    assert ClaimStatus.CONTRADICTED not in same and other == [ClaimStatus.CONTRADICTED]


EDGE = EvidenceRow(
    "lk-1",
    "loki_query_range",
    Outcome.INDIRECT_SUPPORT,
    '{"status": "success", "data": {"resultType": "streams", "result": ['
    '{"stream": {"app": "edge-proxy", "stream": "stdout"}, "values": ['
    '["1789397271224000000", "10.2.0.9 - - [14/Sep/2026:14:47:51 +0000] \\"GET /v1/prices?sku=9 HTTP/1.1\\" 504 0 '
    '\\"-\\" \\"curl/8.5\\" 0.000 60.001"], '
    '["1789397218121000000", "10.2.0.9 - - [14/Sep/2026:14:46:58 +0000] \\"POST /v1/prices/bulk HTTP/1.1\\" 504 0 '
    '\\"-\\" \\"curl/8.5\\" 0.000 60.002"]]}, '
    '{"stream": {"app": "edge-proxy", "stream": "stderr"}, "values": ['
    '["1789397271224000000", "2026/09/14 14:47:51 [error] 7#7: upstream timed out (110: Connection timed out) '
    'while reading response header, request: \\"GET /v1/prices?sku=9 HTTP/1.1\\""]]}]}}',
    {"query": '{app="edge-proxy"} |~ " 504 |timed out"', "limit": "4"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("edge-proxy 返回的 504 样本都集中在 /v1/prices 相关路径。", False),
        ("edge-proxy 的 504 请求都落在 /v1/prices 上。", False),
        ("edge-proxy 返回 504 的请求都是 POST /v1/prices/bulk。", True),
        ("All 504s from edge-proxy were POST /v1/prices/bulk.", True),
    ],
)
def test_a_status_said_before_dou_is_the_range_not_what_each_shows(draft: str, contradicted: bool) -> None:
    """ "502 样本都…": the error lines of the same requests (no status of their own) are not in the range."""
    statuses = [c.status for c in check_draft(draft, [EDGE])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted
