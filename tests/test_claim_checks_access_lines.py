"""nginx access lines give their timings and sizes in units: the short keys of NGINX's own APM log format
("rt=0.002 uct=0.001 urt=0.002", in seconds), and ingress-nginx's default "upstreaminfo" format, whose
request length, request time, upstream response length and time follow the user agent with no key. A
"分" that begins a word ("分别", "分片") is no minute, and an "every one" whose names all come after its
verb ranges over what a sentence before named, not over every line. Domain only, offline; lines and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

KEYED = "\n".join(
    [
        '10.3.7.21 - - [11/Mar/2027:09:14:02 +0000] "POST /v2/pay HTTP/1.1" 504 167 "-" "Dalvik/2.1.0" '
        "rt=45.002 uct=0.001 urt=45.001 ua=10.9.1.40:9000",
        '10.3.7.88 - - [11/Mar/2027:09:14:09 +0000] "POST /v2/pay HTTP/1.1" 504 167 "-" "Dalvik/2.1.0" '
        "rt=45.001 uct=0.000 urt=45.000 ua=10.9.1.40:9000",
        '10.3.9.5 - - [11/Mar/2027:09:14:30 +0000] "GET /v2/pay/status HTTP/1.1" 200 612 "-" "curl/8.5.0" '
        "rt=0.014 uct=0.001 urt=0.013 ua=10.9.1.41:9000",
    ]
)
UPSTREAMINFO = "\n".join(
    [
        '10.50.2.7 - - [11/Mar/2027:10:02:11 +0000] "GET /api/feed HTTP/1.1" 499 0 "-" "okhttp/4.9.3" '
        "812 15.001 [feed-feed-api-8080] [] 10.50.8.19:8080 0 15.000 - 5b0c9e7a1d2f4e6b8c0a1b2c3d4e5f60",
        '10.50.2.7 - - [11/Mar/2027:10:02:40 +0000] "GET /api/feed HTTP/1.1" 499 0 "-" "okhttp/4.9.3" '
        "790 15.002 [feed-feed-api-8080] [] 10.50.8.22:8080 0 15.001 - 9a8b7c6d5e4f30211f2e3d4c5b6a7980",
    ]
)


def row(preview: str) -> EvidenceRow:
    params = {"host": "edge-7", "command": "tail -n 3 /var/log/nginx/access.log"}
    return EvidenceRow("ngx-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, params)


def statuses(draft: str, preview: str) -> list[ClaimStatus]:
    found = [c.status for c in check_draft(draft, [row(preview)]) if c.kind == ClaimKind.FACT]
    assert found
    return found


def grounded(draft: str, preview: str) -> bool:
    return all(s == ClaimStatus.GROUNDED for s in statuses(draft, preview))


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The two 504s took about 45 s each (request time 45.001–45.002 s).", True),
        ("两条 504 的请求耗时都在 45.001–45.002 秒之间。", True),
        ("The status check answered in 14 ms.", True),
        ("状态查询 14 毫秒就返回了。", True),
        ("The two 504s took about 30 s each.", False),
        ("两条 504 的请求耗时约 30 秒。", False),
        ("The status check answered in 140 ms.", False),
    ],
)
def test_nginx_short_timing_keys_are_seconds(draft: str, expected: bool) -> None:
    assert grounded(draft, KEYED) is expected


def test_a_short_key_with_no_millisecond_figure_is_no_time() -> None:
    # "rt=45" (no decimals) is not nginx's $request_time, which prints milliseconds: no 45 s from it
    lines = "GET /x 200 rt=45 code=ok"
    assert not grounded("The request took 45 s.", lines)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Both 499s were cut off after about 15 s: request_time 15.001–15.002 s.", True),
        ("两条 499 的 request_time 都在 15.001–15.002 秒之间，约 15 秒被客户端断开。", True),
        ("The requests carried bodies of 790–812 bytes.", True),
        ("请求体 790–812 字节。", True),
        ("Both 499s were cut off after about 30 s.", False),
        ("两条 499 的请求约 60 秒被客户端断开。", False),
        ("The requests carried bodies of 1,790 bytes.", False),
    ],
)
def test_ingress_nginx_upstreaminfo_fields_have_units(draft: str, expected: bool) -> None:
    assert grounded(draft, UPSTREAMINFO) is expected


def facts(draft: str) -> list[str]:
    return [f for c in check_draft(draft, [row(UPSTREAMINFO)]) for f in c.facts]


@pytest.mark.parametrize(
    "draft", ["这两条 499 分别来自 okhttp 客户端。", "这批 499 分布在 feed-api 的两个后端上。", "共 790 分片。"]
)
def test_a_word_beginning_with_fen_is_no_minute(draft: str) -> None:
    assert not any(f.startswith("quantity:") and "分" in f for f in facts(draft))


def test_fen_after_a_number_is_still_a_minute() -> None:
    assert "quantity: 15 分 1 秒" in facts("两条 499 的请求等了 15 分 1 秒。")
    assert not grounded("两条 499 的请求等了 15 分 1 秒。", UPSTREAMINFO)  # 901 s, not 15.001 s


@pytest.mark.parametrize(
    "draft",
    [
        "Two of the three lines are 504s to 10.9.1.40:9000, and every one shows `urt` ≈ 45 s.",
        "3 条里有 2 条是 504，它们都显示 `urt` 约 45 秒。",
        "504s: 2 of the 3 lines. All of them went to 10.9.1.40:9000, and every one shows `urt` ≈ 45 s.",
        "其中 2 条是 504。它们都显示 `urt` 约 45 秒。",
    ],
)
def test_an_anaphoric_every_ranges_over_what_was_named_before(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, KEYED)


@pytest.mark.parametrize(
    "draft",
    [
        "Every line shows `urt` ≈ 45 s.",
        "每一行的 `urt` 都约 45 秒。",
        "Nginx logged three lines. All of them show `urt` ≈ 45 s.",  # no part counted before: the listing
        "nginx 记了 3 行，它们都显示 `urt` 约 45 秒。",
    ],
)
def test_every_line_still_ranges_over_every_line(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, KEYED)


@pytest.mark.parametrize(
    ("draft", "fact"),
    [
        ("近 15 分钟两个后端都有 499。", "quantity: 15 分钟"),  # 两个 read as 2个 right after the unit
        ("过去 3 小时两次扩容都失败了。", "quantity: 3 小时"),
    ],
)
def test_a_chinese_unit_right_before_a_number_word_is_read_whole(draft: str, fact: str) -> None:
    assert fact in facts(draft)


@pytest.mark.parametrize(
    ("draft", "level"),
    [
        ("从 CLUSTER INFO 看，集群状态是 ok。", False),
        ("CLUSTER INFO reports cluster_state:ok.", False),
        ("redis-cli INFO replication shows the link is up.", False),
        ("这段时间只有 INFO 日志，没有 ERROR。", True),
        ("Only INFO lines were logged in that window.", True),
    ],
)
def test_a_commands_word_is_no_log_level(draft: str, level: bool) -> None:
    assert ("log level: INFO" in facts(draft)) is level
