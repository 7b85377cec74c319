"""curl's -w timings are cumulative (from the request's start to each mark), so a draft that speaks of one
phase ("the TCP connect took ~29 ms", "TLS 握手约 87 ms", "等首字节约 213 ms") gives the difference of two
consecutive timings; the handshake's length is never the cumulative time_appconnect. Domain only, offline;
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def text_timings() -> EvidenceRow:
    out = "dns=0.018204 connect=0.061733 tls=0.158410 ttfb=0.702951 total=0.731188 code=200"
    params = {
        "host": "edge-fra-2",
        "command": "curl -o /dev/null -s -w 'dns=%{time_namelookup} ...' https://shop.example/",
    }
    return EvidenceRow("curl-1", "ssh_exec", Outcome.DIRECT_SUPPORT, out, params)


def json_timings() -> EvidenceRow:
    body = {
        "url": "https://api.example/health",
        "http_code": 200,
        "time_namelookup": 0.004,
        "time_connect": 0.0221,
        "time_appconnect": 0.0843,
        "time_starttransfer": 0.3119,
        "time_total": 0.3125,
    }
    return EvidenceRow("curl-2", "http_check", Outcome.DIRECT_SUPPORT, json.dumps(body), {"url": body["url"]})


def grounded(draft: str, row: EvidenceRow) -> bool:
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found
    return all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # connect 61.7 - 18.2 = 43.5 ms; TLS 158.4 - 61.7 = 96.7 ms; server wait 703.0 - 158.4 = 544.5 ms
        ("The TCP connect took about 43 ms and the TLS handshake about 97 ms.", True),
        ("TCP 建连约 43 ms，TLS 握手约 97 ms，等首字节约 545 ms。", True),
        ("The TLS handshake took about 158 ms.", False),  # the cumulative time_appconnect
        ("TLS 握手约 158 ms。", False),
        ("The TCP connect took about 62 ms.", True),  # the connect mark itself: 61.7 ms from the start
        ("The server took about 900 ms to send the first byte.", False),
    ],
)
def test_a_phase_is_the_difference_of_two_timings(draft: str, expected: bool) -> None:
    assert grounded(draft, text_timings()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # connect 18.1 ms, TLS 62.2 ms, server wait 227.6 ms
        ("The TLS handshake took ~62 ms; the server then waited ~228 ms before the first byte.", True),
        ("TLS 握手约 62 ms，服务端等首字节约 228 ms。", True),
        ("The TLS handshake took ~84 ms.", False),
        ("TLS 握手约 84 ms。", False),
    ],
)
def test_json_timings_have_phases_too(draft: str, expected: bool) -> None:
    assert grounded(draft, json_timings()) is expected


def three_probes() -> list[EvidenceRow]:
    timings = {
        "probe-ams": "dns=0.004100 connect=0.030200 tls=0.094700 ttfb=0.130100 total=0.130500 code=200",
        "probe-sin": "dns=0.003900 connect=0.028100 tls=0.081300 ttfb=1.640200 total=1.641000 code=200",
    }
    return [
        EvidenceRow(f"curl-{host}", "ssh_exec", Outcome.DIRECT_SUPPORT, out, {"host": host, "command": "curl -w ..."})
        for host, out in timings.items()
    ]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # a measure named before a list is each value's: handshakes 64.5 ms and 53.2 ms
        ("TLS handshake times: Amsterdam 64.5 ms, Singapore 53.2 ms.", True),
        ("TLS 握手耗时分别为：阿姆斯特丹 64.5 ms、新加坡 53.2 ms。", True),
        ("TLS handshake times: Amsterdam 64.5 ms, Singapore 81.3 ms.", False),  # Singapore's cumulative appconnect
        ("TLS 握手耗时分别为：阿姆斯特丹 64.5 ms、新加坡 81.3 ms。", False),
        # the time to the first byte, said as a point in time, is curl's own cumulative figure
        ("首字节 1.64 s 才返回。", True),
        ("The first byte arrived only after 1.64 s.", True),
    ],
)
def test_a_measure_named_before_a_list_is_each_values(draft: str, expected: bool) -> None:
    found = [c.status for c in check_draft(draft, three_probes()) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is expected
