"""What is shaped like a name but names nothing of the incident: a statistic's label after a full-width colon
("p50：412 ms"), a quoted timestamp or pattern (`2026-05-19T12:24:51Z`, `*phone*`), the CLI a command ran
with (`redis-cli -h …`), and what a "not checked" section lists. Domain only, offline; phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def slowlog() -> EvidenceRow:
    hits = [
        {
            "_source": {
                "@timestamp": "2026-05-19T12:24:51.482Z",
                "node": "es-hot-02",
                "took_millis": 412,
                "source": '{"query":{"wildcard":{"title":"*phone*"}}}',
            }
        }
    ]
    body = {"hits": {"total": {"value": 1, "relation": "eq"}, "hits": hits}}
    return EvidenceRow("es-1", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), {"index": "slowlog-*"})


def queue() -> EvidenceRow:
    return EvidenceRow(
        "sh-1",
        "shell",
        Outcome.INDIRECT_SUPPORT,
        "(integer) 18342",
        {"host": "redis-reports", "command": "LLEN celery"},
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (slowlog(), queue())) if c.kind in (ClaimKind.FACT,)]


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The slowest query on es-hot-02 took 412 ms (p50：412 ms).", False),
        ("es-hot-02 上最慢的查询耗时 412 ms（p50：412 ms）。", False),
        ("At `2026-05-19T12:24:51Z` es-hot-02 logged a `*phone*` wildcard query.", False),
        ("`2026-05-19T12:24:51Z` 时 es-hot-02 记录了一条 `*phone*` 通配符查询。", False),
        ("`redis-cli -h redis-reports LLEN celery` returned 18342.", False),
        ("`redis-cli -h redis-reports LLEN celery` 返回 18342。", False),
        # a literal body quoted from a response, an address with a wildcard part: no names to invent
        ('es-hot-02 answered the slow query with `{"timed_out":false}`.', False),
        ('es-hot-02 的响应体是 `{"took":412}`。', False),
        ("es-hot-02 was upgraded to 8.13.4.", True),  # a version no call names is still invented
        # a rank or a window written with a hyphen ("the top-5", "last-24h") names nothing
        ("Of the top-5 slow queries, the slowest on es-hot-02 took 412 ms.", False),
        ("top-3 慢查询里最慢的一条在 es-hot-02 上，耗时 412 ms。", False),
        ("In the last-24h window es-hot-02 logged a 412 ms query.", False),
        ("The slowest query in the top-5 came from es-hot-09.", True),
        # an address, a node or a host no call names is still invented
        ("The slowest query came from search-gw:9200.", True),
        ("最慢的查询在 es-hot-07 上。", True),
        ("`redis-cli -h redis-sessions LLEN celery` 返回 18342。", True),
    ],
)
def test_what_is_shaped_like_a_name_but_names_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft)) is invented


def test_a_statistic_label_is_no_address() -> None:
    assert not [f for f in extract_facts("p50：412 ms，p99：1.9 s") if f.kind == FactKind.INSTANCE]
    assert [f for f in extract_facts("连到 es-hot-02:9200 超时") if f.kind == FactKind.INSTANCE]


@pytest.mark.parametrize(
    ("draft", "gap"),
    [
        ("### 没查的\n- search-api 侧的 p99 变化。", True),
        ("### Not checked yet\n- search-api's own p99.", True),
        ("### 待确认\n- 慢查询是不是 search-api 发出来的。", True),
        ("### 已确认\n- search-api 的 p99 是 1.9 s。", False),
        ("### Checked\n- search-api's p99 is 1.9 s.", False),
    ],
)
def test_what_a_not_checked_section_lists_is_a_gap(draft: str, gap: bool) -> None:
    item = [c for c in split_claims(draft) if "search-api" in c.text][0]
    assert (item.kind in (ClaimKind.GAP, ClaimKind.HEDGE)) is gap, item.kind


def curl_and_oom() -> tuple[EvidenceRow, EvidenceRow]:
    curl = EvidenceRow(
        "curl-1",
        "http_check",
        Outcome.DIRECT_SUPPORT,
        "GET https://api.shop.example/health -> 10.20.4.40:443 status=503 time_total=1.204s",
        {"url": "https://api.shop.example/health"},
    )
    kernel = EvidenceRow(
        "dmesg-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        "[Wed Apr 22 03:17:44 2026] Out of memory: Killed process 28811 (postgres) total-vm:18876520kB, "
        "anon-rss:14820112kB, file-rss:0kB, shmem-rss:2104400kB",
        {"command": "dmesg -T"},
    )
    return curl, kernel


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("This time curl connected to .40 and got a 503.", True),
        ("curl 这次连的是 .40，返回 503。", True),
        ("This time curl connected to .41 and got a 503.", False),
        ("curl 这次连的是 .41，返回 503。", False),
        ("postgres 28811 was killed with anon-rss 14820112 kB (~14.1 GiB).", True),
        ("postgres 28811 被内核杀掉，anon-rss 14820112 kB（约 14.1 GiB）。", True),
        ("postgres 28811 was killed with anon-rss 14820112 kB (~16.1 GiB).", False),
        ("postgres 28811 被内核杀掉，anon-rss 14820112 kB（约 16.1 GiB）。", False),
    ],
)
def test_an_address_by_its_last_part_and_kilobytes_restated(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, curl_and_oom()) if c.kind == ClaimKind.FACT]
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


def cert_probe() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [{"metric": {"instance": "api.shop.example:443"}, "value": [1767225600, "6.41"]}],
        },
    }
    query = "(probe_ssl_earliest_cert_expiry - time()) / 86400"
    return EvidenceRow("prom-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("`(probe_ssl_earliest_cert_expiry - time()) / 86400` = 6.41 days for api.shop.example:443.", True),
        ("api.shop.example:443 的证书还剩 6.41 天（`(probe_ssl_earliest_cert_expiry - time()) / 86400`）。", True),
        ("`(probe_ssl_earliest_cert_expiry - time()) / 86400` = 9.41 days for api.shop.example:443.", False),
        ("api.shop.example:443 的证书还剩 9.41 天（`(probe_ssl_earliest_cert_expiry - time()) / 86400`）。", False),
    ],
)
def test_a_quoted_querys_own_figures_are_what_it_asked(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [cert_probe()]) if c.kind == ClaimKind.FACT]
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


def test_a_port_is_never_followed_by_a_unit() -> None:
    assert not [f for f in extract_facts("挂在 /var/lib/containerd：493G，用了 478G") if f.kind == FactKind.INSTANCE]
    assert [f.text for f in extract_facts("redis-01:6379 is down") if f.kind == FactKind.INSTANCE] == ["redis-01:6379"]


@pytest.mark.parametrize(
    "draft",
    [
        "`redis-cli -h redis-reports LLEN celery` returned 18342.",
        "再用 `redis-cli --bigkeys` 看了 redis-reports，LLEN 返回 18342。",
    ],
)
def test_the_cli_a_command_ran_with_is_no_fact_to_show(draft: str) -> None:
    checks = [c for c in check_draft(draft, curl_and_oom() + (queue(),)) if c.kind == ClaimKind.FACT]
    assert checks and all("redis-cli" not in " ".join(c.facts) or c.status == ClaimStatus.GROUNDED for c in checks)


def test_a_level_and_its_count_are_no_address() -> None:
    """ "error：37 条", "warn:412 lines": a level's count, never the host "error" on port 37."""
    for text in ("error：37 条", "**warn:412** 条", "ERROR: 37 lines"):
        assert not [f for f in extract_facts(text) if f.kind == FactKind.INSTANCE], text
    assert [f.text for f in extract_facts("errors-db:5432 refused") if f.kind == FactKind.INSTANCE] == [
        "errors-db:5432"
    ]


def access_log() -> EvidenceRow:
    line = '10.20.4.17 - - [19/May/2026:12:24:51 +0000] "POST /api/v1/quote HTTP/1.1" 504 167 "-" "okhttp/4.12.0"'
    return EvidenceRow("ng-1", "ssh_exec", Outcome.DIRECT_SUPPORT, line, {"command": "tail access.log"})


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # an address with a wildcard part names a network some address of the evidence must be in
        ("The 504s came from okhttp clients in 10.20.4.x.", ClaimStatus.GROUNDED),
        ("504 都来自 10.20.4.x 网段的 okhttp 客户端。", ClaimStatus.GROUNDED),
        ("The 504s came from okhttp clients in 10.20.5.x.", ClaimStatus.INVENTED),
        ("504 都来自 10.30.4.x 网段的 okhttp 客户端。", ClaimStatus.INVENTED),
    ],
)
def test_an_address_with_a_wildcard_is_its_network(draft: str, status: ClaimStatus) -> None:
    assert [c.status for c in check_draft(draft, [access_log()]) if c.kind == ClaimKind.FACT] == [status]
