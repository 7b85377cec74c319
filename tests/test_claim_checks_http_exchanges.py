"""What an HTTP client prints (curl -i, -I, -sv, -L) is read a response at a time (formats/http_exchanges.py):
a status and its headers are said of one response; after a redirect the next response answers the Location,
not the URL the call asked; and a cache's verdict in a header (`x-cache: MISS`, nginx's `cache=HIT`, a span's
`cache.hit=false`) is a state a draft's "served from the CDN cache" or "命中了缓存" is read against.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

VERBOSE = (
    "* Connected to api.northwind.example (203.0.113.5) port 443\n"
    "* Server certificate:\n"
    "*  subject: CN=api.northwind.example\n"
    "*  expire date: Apr  5 08:14:21 2027 GMT\n"
    "*  issuer: C=US; O=Let's Encrypt; CN=R11\n"
    "> GET /v2/quotes HTTP/2\n"
    "> Host: api.northwind.example\n"
    ">\n"
    "< HTTP/2 429\n"
    "< content-type: application/json\n"
    "< retry-after: 45\n"
    "< x-ratelimit-remaining: 0\n"
    "<\n"
    '{"error":"rate_limited","limit_per_minute":1200}\n'
    "* Connection #0 to host api.northwind.example left intact\n"
    "time_namelookup: 0.004\ntime_connect: 0.019\ntime_appconnect: 0.061\ntime_starttransfer: 0.188\ntime_total: 0.190\n"
)
REDIRECTS = (
    "HTTP/1.1 302 Found\n"
    "Server: nginx\n"
    "Content-Length: 0\n"
    "Location: https://ops.lakeside.example/sso/start?return=%2Freports%2Fdaily\n"
    "\n"
    "HTTP/1.1 200 OK\n"
    "Server: nginx\n"
    "Content-Type: text/html; charset=utf-8\n"
    "Content-Length: 8841\n"
)
EDGE = (
    "HTTP/2 200\n"
    "content-type: text/css\n"
    "content-length: 48120\n"
    "cache-control: public, max-age=86400\n"
    "x-cache: Miss from cloudfront\n"
    "via: 1.1 3f1a.cloudfront.net (CloudFront)\n"
    "age: 0\n"
)


def checked(draft: str, preview: str, params: dict[str, str]) -> tuple[Decision, list[ClaimStatus]]:
    row = EvidenceRow("h-1", "http_check", Outcome.INDIRECT_SUPPORT, preview, params)
    checks = check_draft(draft, [row])
    return decide(checks)[0], [c.status for c in checks if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    "draft",
    [
        "/v2/quotes answered 429 with Retry-After: 45 and x-ratelimit-remaining 0.",
        "The quotes endpoint returned HTTP 429 and asked us to retry after 45 seconds.",
        "/v2/quotes 返回 429，retry-after 为 45 秒，x-ratelimit-remaining 为 0。",
    ],
)
def test_a_status_and_its_headers_are_said_of_one_response(draft: str):
    assert checked(draft, VERBOSE, {"command": "curl -sv https://api.northwind.example/v2/quotes"}) == (
        Decision.ACCEPT,
        [ClaimStatus.GROUNDED],
    )


@pytest.mark.parametrize(
    "draft", ["/v2/quotes answered 429 with Retry-After: 60.", "/v2/quotes 返回 429，retry-after 为 60 秒。"]
)
def test_a_header_value_the_response_does_not_give_is_not_shown(draft: str):
    decision, found = checked(draft, VERBOSE, {"command": "curl -sv https://api.northwind.example/v2/quotes"})
    assert decision != Decision.ACCEPT and found != [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The certificate for api.northwind.example was issued by Let's Encrypt R11 and expires on Apr 5 2027.",
        "api.northwind.example 的证书由 Let's Encrypt R11 签发，2027 年 4 月 5 日到期。",
    ],
)
def test_the_certificate_block_is_read_whole(draft: str):
    decision, found = checked(draft, VERBOSE, {"command": "curl -sv https://api.northwind.example/v2/quotes"})
    assert (decision, found) == (Decision.ACCEPT, [ClaimStatus.GROUNDED])


ASKED = {"command": "curl -sIL https://ops.lakeside.example/reports/daily"}


@pytest.mark.parametrize(
    "draft",
    [
        "/reports/daily answered 200, so the report page is up.",
        "/reports/daily returned HTTP 200 with 8841 bytes of HTML.",
        "/reports/daily 返回了 200，报表页面正常。",
    ],
)
def test_after_a_redirect_the_final_status_is_not_the_asked_paths(draft: str):
    decision, found = checked(draft, REDIRECTS, ASKED)
    assert decision != Decision.ACCEPT and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "/reports/daily answered 302 and sent the client to /sso/start.",
        "/reports/daily 返回 302，跳转到 /sso/start。",
        "The sign-in page at /sso/start answered 200 with 8841 bytes of HTML.",
    ],
)
def test_each_response_of_a_redirect_chain_answers_its_own_url(draft: str):
    assert checked(draft, REDIRECTS, ASKED)[0] == Decision.ACCEPT


EDGE_CALL = {"command": "curl -sI https://static.lakeside.example/css/site.4c1e.css"}


@pytest.mark.parametrize(
    "draft",
    [
        "/css/site.4c1e.css came back 200 and was served from the CloudFront cache.",
        "The stylesheet /css/site.4c1e.css returned 200 and was a cache hit at the edge.",
        "/css/site.4c1e.css 返回 200，这次请求命中了 CDN 缓存。",
        "样式文件 /css/site.4c1e.css 返回 200，缓存命中。",
    ],
)
def test_a_cache_hit_is_contradicted_by_a_miss_in_the_response(draft: str):
    assert checked(draft, EDGE, EDGE_CALL) == (Decision.REJECT, [ClaimStatus.CONTRADICTED])


@pytest.mark.parametrize(
    "draft", ["The stylesheet came back 200 and was served from the CDN cache.", "样式文件返回 200，缓存命中。"]
)
def test_a_cache_hit_of_nothing_named_is_not_shown_by_a_miss(draft: str):
    assert checked(draft, EDGE, EDGE_CALL)[0] == Decision.LOW_CONFID


@pytest.mark.parametrize(
    "draft",
    [
        "site.4c1e.css came back 200 and was a cache miss, so CloudFront fetched it from the origin.",
        "The stylesheet returned 200 but was not served from the cache.",
        "site.4c1e.css 返回 200，这次请求没有命中缓存。",
        "样式文件返回 200，缓存未命中。",
    ],
)
def test_a_cache_miss_is_shown_by_the_miss_in_the_response(draft: str):
    assert checked(draft, EDGE, EDGE_CALL) == (Decision.ACCEPT, [ClaimStatus.GROUNDED])


ACCESS = (
    '10.4.7.21 - - [10/Dec/2026:14:22:07 +0800] "GET /img/hero.webp HTTP/1.1" 200 91234 "-" "curl" rt=0.003 cache=HIT\n'
    '10.4.7.30 - - [10/Dec/2026:14:22:15 +0800] "GET /api/cart HTTP/1.1" 200 512 "-" "curl" rt=0.081 cache=BYPASS\n'
)
SPAN = "span=redis.GET service=order-service duration_ms=1.2 cache.hit=false key=order:991\n"


@pytest.mark.parametrize(
    "draft, preview, expected",
    [
        ("GET /img/hero.webp returned 200 and was a cache hit.", ACCESS, Decision.ACCEPT),
        ("GET /img/hero.webp 返回 200，命中了缓存。", ACCESS, Decision.ACCEPT),
        ("GET /img/hero.webp returned 200 and was a cache miss.", ACCESS, Decision.REJECT),
        ("The order-service redis GET took 1.2 ms and was a cache miss.", SPAN, Decision.ACCEPT),
        ("order-service 的 redis GET 耗时 1.2 ms，命中了缓存。", SPAN, Decision.REJECT),
    ],
)
def test_a_cache_verdict_in_a_log_field_or_a_span_flag_is_read_too(draft: str, preview: str, expected: Decision):
    row = EvidenceRow("l-1", "query_logs", Outcome.INDIRECT_SUPPORT, preview, {"query": "edge"})
    assert decide(check_draft(draft, [row]))[0] == expected


@pytest.mark.parametrize(
    "draft",
    [
        "The dashboard query is cheap: 9.5 ms with a 99.8% cache hit ratio.",
        "看板查询很快，缓存命中率 99.8%。",
        "命中缓存时 CI 会跳过 npm ci。",
        "If the cache hits, the build skips npm ci.",
    ],
)
def test_a_hit_ratio_a_name_or_a_condition_is_no_cache_state(draft: str):
    row = EvidenceRow("h-1", "http_check", Outcome.INDIRECT_SUPPORT, EDGE, EDGE_CALL)
    assert all(c.status != ClaimStatus.CONTRADICTED for c in check_draft(draft, [row]))
