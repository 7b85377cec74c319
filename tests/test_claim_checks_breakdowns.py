"""A count broken down by subject or level ("6 errors, 4 on -k2m4n and 2 on -p9q8r", "共 1,189 次，k2m4n 812 次、
p9q8r 377 次", "5 entries: 4 ERROR and 1 WARN") holds when one call's records number the total and each part's
count shows its label, or when each part's label and count are one record's (a bucket) and they add up to
the total. A miss by one, swapped parts, a listing its limit may have cut, or a log line's own numbers never
ground it.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def _entry(minute: int, pod: str, level: str = "ERROR") -> dict:
    return {
        "timestamp": f"2026-11-03T09:{minute:02d}:17Z",
        "level": level,
        "service": "billing-sync",
        "instance": f"billing-sync-7d9f6c-{pod}",
        "message": "ledger export failed: upstream returned 503",
    }


ENTRIES = [
    _entry(4, "k2m4n"),
    _entry(7, "p9q8r"),
    _entry(11, "k2m4n"),
    _entry(15, "k2m4n", "WARN"),
    _entry(19, "p9q8r"),
    _entry(23, "k2m4n"),
    _entry(26, "k2m4n"),
]  # 6 ERROR entries (4 on k2m4n, 2 on p9q8r) and one WARN


def logs(limit: int = 200, entries: list[dict] = ENTRIES, total: bool = True) -> EvidenceRow:
    body = {"success": True, "logs": entries, **({"total": len(entries)} if total else {})}
    params = {"service": "billing-sync", "startTime": "2026-11-03T09:00:00Z", "endTime": "2026-11-03T09:30:00Z"}
    return EvidenceRow("ql-7", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {**params, "limit": limit})


def buckets() -> EvidenceRow:
    body = {
        "took": 41,
        "timed_out": False,
        "hits": {"total": {"value": 1189, "relation": "eq"}, "hits": []},
        "aggregations": {
            "by_pod": {
                "buckets": [{"key": "web-5f7c-k2m4n", "doc_count": 812}, {"key": "web-5f7c-p9q8r", "doc_count": 377}]
            }
        },
    }
    params = {"index": "logs-web-*", "query": "message:timeout", "size": 0}
    return EvidenceRow("es-4", "es_search", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def grounded(draft: str, row: EvidenceRow) -> bool:
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found, draft
    return all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "Between 09:00 and 09:30 UTC billing-sync logged 6 errors, 4 on billing-sync-7d9f6c-k2m4n and 2 on -p9q8r.",
            True,
        ),
        ("billing-sync had 6 errors in that half hour: 4 from `-k2m4n` and 2 from `-p9q8r`.", True),
        ("09:00 到 09:30（UTC）之间 billing-sync 共 6 条 ERROR，k2m4n 4 条、p9q8r 2 条。", True),
        ("billing-sync 这半小时一共 6 次报错，其中 k2m4n 上 4 次，p9q8r 上 2 次。", True),
        # a part off by one, the parts swapped, a total that is not the records'
        (
            "Between 09:00 and 09:30 UTC billing-sync logged 6 errors, 5 on billing-sync-7d9f6c-k2m4n and 1 on -p9q8r.",
            False,
        ),
        ("billing-sync had 6 errors in that half hour: 2 from `-k2m4n` and 4 from `-p9q8r`.", False),
        ("09:00 到 09:30（UTC）之间 billing-sync 共 6 条 ERROR，k2m4n 3 条、p9q8r 3 条。", False),
        ("billing-sync 这半小时一共 7 次报错，其中 k2m4n 上 4 次，p9q8r 上 2 次。", False),
    ],
)
def test_a_count_broken_down_by_pod_is_checked_on_the_records(draft: str, expected: bool) -> None:
    assert grounded(draft, logs()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The query returned 7 entries: 6 ERROR and 1 WARN.", True),
        ("查询返回 7 条日志：6 条 ERROR、1 条 WARN。", True),
        ("The query returned 7 entries: 5 ERROR and 2 WARN.", False),
        ("查询返回 7 条日志：4 条 ERROR、3 条 WARN。", False),
    ],
)
def test_a_count_broken_down_by_level_is_checked_on_the_records(draft: str, expected: bool) -> None:
    assert grounded(draft, logs()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # the listing is as long as the limit the call asked for: the hour may hold more
        ("Over the last half hour billing-sync logged 6 errors, 4 on -k2m4n and 2 on -p9q8r.", False),
        ("过去半小时 billing-sync 共 6 条报错，k2m4n 4 条、p9q8r 2 条。", False),
        # of the records the call returned, the count is a fact
        ("The query returned 6 errors, 4 on -k2m4n and 2 on -p9q8r.", True),
        ("查询返回了 6 条报错，k2m4n 4 条、p9q8r 2 条。", True),
    ],
)
def test_a_total_of_a_listing_its_limit_may_have_cut_is_not_shown(draft: str, expected: bool) -> None:
    errors_only = [e for e in ENTRIES if e["level"] == "ERROR"]
    assert grounded(draft, logs(limit=6, entries=errors_only, total=False)) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("1,189 timeouts in total: 812 from web-5f7c-k2m4n and 377 from web-5f7c-p9q8r.", True),
        ("共 1,189 次超时，web-5f7c-k2m4n 812 次、web-5f7c-p9q8r 377 次。", True),
        ("1,189 timeouts in total: 377 from web-5f7c-k2m4n and 812 from web-5f7c-p9q8r.", False),
        ("共 1,189 次超时，web-5f7c-k2m4n 377 次、web-5f7c-p9q8r 812 次。", False),
        ("1,200 timeouts in total: 812 from web-5f7c-k2m4n and 388 from web-5f7c-p9q8r.", False),
    ],
)
def test_a_count_broken_down_by_buckets_takes_each_part_from_its_bucket(draft: str, expected: bool) -> None:
    assert grounded(draft, buckets()) is expected


def test_a_log_lines_own_numbers_are_no_count_of_its_records() -> None:
    lines = "\n".join(
        f"2026-11-03T09:{m:02d}:05Z {pod} ERROR retry attempt={n} of 3 failed"
        for m, pod, n in ((2, "worker-a1b2c", 3), (9, "worker-d3e4f", 2), (14, "worker-a1b2c", 3))
    )
    row = EvidenceRow("ll-2", "ssh_exec", Outcome.DIRECT_SUPPORT, lines, {"cmd": "grep ERROR /var/log/worker.log"})
    # the lines say 3 and 2, but there are 2 records of one pod and 1 of the other
    assert not grounded("5 failed retries in all: 3 on worker-a1b2c and 2 on worker-d3e4f.", row)
    assert not grounded("一共 5 次重试失败：worker-a1b2c 3 次、worker-d3e4f 2 次。", row)
    assert grounded("3 failed retries in all: 2 on worker-a1b2c and 1 on worker-d3e4f.", row)
    assert grounded("一共 3 次重试失败：worker-a1b2c 2 次、worker-d3e4f 1 次。", row)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # a window inside one minute, its ends stated to the second, holds the records between them
        ("Between 09:04:10 and 09:04:55 UTC there were 2 errors, 1 on -k2m4n and 1 on -p9q8r.", True),
        ("09:04:10 到 09:04:55（UTC）之间共 2 条报错，k2m4n 1 条、p9q8r 1 条。", True),
        ("Between 09:04:20 and 09:04:55 UTC there were 2 errors, 1 on -k2m4n and 1 on -p9q8r.", False),
        ("09:04:20 到 09:04:55（UTC）之间共 2 条报错，k2m4n 1 条、p9q8r 1 条。", False),
    ],
)
def test_a_window_to_the_second_holds_the_records_between_its_ends(draft: str, expected: bool) -> None:
    same_minute = [
        {**_entry(4, "k2m4n"), "timestamp": "2026-11-03T09:04:17Z"},
        {**_entry(4, "p9q8r"), "timestamp": "2026-11-03T09:04:41Z"},
        {**_entry(9, "p9q8r"), "timestamp": "2026-11-03T09:09:03Z"},
    ]
    assert grounded(draft, logs(entries=same_minute)) is expected
