"""Tables read as their columns name them, and "about" at the precision a number states. Domain only, offline.

A TSV, CSV or markdown row keeps the line as written and writes each cell under
its column's name, so a claim that names a column ("keys evicted", "LAG") finds
it beside its value; a column named for memory counts bytes, one named per
second is a rate. Phrasings written for these tests, both ways and in both
languages, over tables in the shapes admin tools print.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.fact_model import ABOUT_TOLERANCE, about_tolerance
from evidence_trace.server.domain.verifier.grounding import check_draft

CACHE_TSV = (
    "node\trole\tused_memory\tmaxmemory\tevicted_keys\tconnected_clients\tinstantaneous_ops_per_sec\n"
    "sess-redis-a\tmaster\t2147483648\t6442450944\t0\t230\t9120\n"
    "sess-redis-b\tmaster\t5905580032\t6442450944\t77120\t951\t27340\n"
)
LAG_MARKDOWN = (
    "| GROUP | TOPIC | PARTITION | CURRENT-OFFSET | LOG-END-OFFSET | LAG |\n"
    "|---|---|---|---|---|---|\n"
    "| billing-sink | invoices | 0 | 88120 | 88140 | 20 |\n"
    "| billing-sink | invoices | 1 | 61002 | 131977 | 70975 |\n"
)


def row(preview: str, tool: str = "db_admin") -> EvidenceRow:
    return EvidenceRow("t-1", tool, Outcome.DIRECT_SUPPORT, preview, {"command": "stats"})


def status(draft: str, preview: str) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row(preview)]) if c.kind == ClaimKind.FACT]
    return check.status


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("sess-redis-b uses 5.5 GiB of its 6 GiB maxmemory.", True),
        ("sess-redis-b 已用内存约 5.5 GiB，上限 6 GiB。", True),
        ("sess-redis-b uses 4.5 GiB of its 6 GiB maxmemory.", False),
        ("sess-redis-b 已用内存约 2 GiB。", False),  # sess-redis-a's value
        ("sess-redis-b has evicted 77,120 keys so far.", True),
        ("sess-redis-b 已经驱逐了 77120 个 key。", True),
        ("sess-redis-a has evicted 77,120 keys so far.", False),
        ("sess-redis-b serves about 27.3k ops/s.", True),
        ("sess-redis-b 每秒约处理 2.7 万次操作（27340 ops/s）。", True),
        ("sess-redis-b serves about 9.1k ops/s.", False),
    ],
)
def test_a_tsv_row_is_read_by_its_column_names(draft: str, grounded: bool) -> None:
    assert (status(draft, CACHE_TSV) == ClaimStatus.GROUNDED) is grounded


def test_a_zero_cell_names_nothing_that_happened() -> None:
    """evicted_keys=0 neither shows evictions nor contradicts "no evictions"."""
    assert status("sess-redis-a has no evictions.", CACHE_TSV) != ClaimStatus.CONTRADICTED
    assert status("sess-redis-a 没有发生驱逐。", CACHE_TSV) != ClaimStatus.CONTRADICTED
    assert status("sess-redis-a has evicted keys.", CACHE_TSV) != ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Partition 1 of invoices has a LAG of 70975 for billing-sink.", True),
        ("billing-sink 在 invoices 的 partition 1 上 LAG 为 70975。", True),
        ("Partition 0 of invoices has a LAG of 70975 for billing-sink.", False),
        ("billing-sink 在 invoices 的 partition 1 上 LAG 为 20。", False),
    ],
)
def test_a_markdown_row_is_read_by_its_column_names(draft: str, grounded: bool) -> None:
    assert (status(draft, LAG_MARKDOWN) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("stated", "decimals", "tolerance"),
    [
        (20.0, 0, 20.0 * ABOUT_TOLERANCE),  # a round number is loose
        (3000.0, -3, 500.0),  # "roughly 3k": half its last digit
        (8.2, 1, 0.1),  # "about 8.2": that digit, one step either way
        (41.9, 1, 0.1),
        (3.0, 0, 0.5),
    ],
)
def test_about_allows_what_the_number_s_precision_leaves_open(stated: float, decimals: int, tolerance: float) -> None:
    assert about_tolerance(stated, decimals) == pytest.approx(tolerance)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("sess-redis-b uses about 5.5 GiB.", True),  # 5.50 GiB
        ("sess-redis-b 已用约 5.5 GiB 内存。", True),
        ("sess-redis-b uses about 5.2 GiB.", False),  # one digit stated, and it is wrong
        ("sess-redis-b 已用约 5.8 GiB 内存。", False),
    ],
)
def test_about_a_precise_number_is_not_a_blanket_tolerance(draft: str, grounded: bool) -> None:
    assert (status(draft, CACHE_TSV) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a LAG of 70975 for billing-sink", "70975"),
        ("the queue depth was 4410 when the consumer stopped", "4410"),
        ("积压为 4410 and still growing", "4410"),
    ],
)
def test_a_value_before_a_word_that_goes_on_with_the_sentence_is_read(text: str, value: str) -> None:
    """It used to drop out of the claim, which then grounded without it."""
    from evidence_trace.server.domain.verifier.facts import extract_facts

    assert value in {f.key for f in extract_facts(text)}


def test_a_limit_named_in_words_is_checked_as_its_value() -> None:
    """ "上限 6 GiB" names no setting any row names: its value is checked, the unit's "GiB" is no config key."""
    assert status("sess-redis-b 的内存上限 6 GiB。", CACHE_TSV) == ClaimStatus.GROUNDED
    assert status("sess-redis-b 的内存上限 8 GiB。", CACHE_TSV) != ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # A value restated in a parenthesis, in another unit or precision, is one fact said twice.
        ("sess-redis-b uses 5,632 MiB (~5.5 GiB) of memory.", True),
        ("sess-redis-b 已用内存 5.5 GiB（约 5632 MiB）。", True),
        ("sess-redis-b evicted about 77k keys (77,120).", True),
        ("sess-redis-b 驱逐了约 7.7 万个 key（77120 个）。", True),
        # Two values that disagree are two facts: the wrong one is not excused by the right one.
        ("sess-redis-b uses 5,632 MiB (~4.5 GiB) of memory.", False),
        ("sess-redis-b 驱逐了约 7.7 万个 key（97120 个）。", False),
    ],
)
def test_a_value_restated_in_parentheses_is_one_fact(draft: str, grounded: bool) -> None:
    assert (status(draft, CACHE_TSV) == ClaimStatus.GROUNDED) is grounded


def minute_stats() -> EvidenceRow:
    """The Java agent's entry with its per-minute metrics map: qps 1250, p99 830 ms."""
    body = {
        "success": True,
        "logTopic": "search-gateway",
        "logs": [
            {
                "timestamp": "2026-12-21 19:15:00",
                "level": "WARN",
                "service": "search-gateway",
                "instance": "search-gateway-0",
                "message": "slow requests in the last minute",
                "metrics": {"qps": "1250", "p99Ms": "830", "slowCount": "37"},
            }
        ],
        "total": 1,
    }
    return EvidenceRow("logs-sg", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("search-gateway-0 logged a p99 of 830 ms.", True),
        ("search-gateway-0 的 p99 达到 830 ms。", True),
        ("search-gateway-0 logged a p99 of 1250 ms.", False),  # the qps, read as a latency
        ("search-gateway-0 的 p99 达到 1250 ms。", False),
    ],
)
def test_a_value_given_for_a_metric_is_that_metric_s(draft: str, grounded: bool) -> None:
    (check,) = [c for c in check_draft(draft, [minute_stats()]) if c.kind == ClaimKind.FACT]
    assert (check.status == ClaimStatus.GROUNDED) is grounded


NODES_TOP = (
    "NAME                                       CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\n"
    "ip-10-30-1-12.eu-west-1.compute.internal   3102m        39%    28711Mi         93%\n"
    "ip-10-30-1-40.eu-west-1.compute.internal   7760m        97%    14102Mi         45%\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ip-10-30-1-12 的内存用到 93%，而且它的 CPU 在 39%。", True),
        ("ip-10-30-1-12 is at 93% memory. Its CPU is at 39%.", True),
        ("ip-10-30-1-12 的内存用到 93%，而且它的 CPU 也到了 97%。", False),  # another node's CPU
        ("ip-10-30-1-12 is at 93% memory. Its CPU is at 97%.", False),
    ],
)
def test_its_value_is_the_value_of_the_thing_named_before(draft: str, grounded: bool) -> None:
    row = EvidenceRow("k-top", "kubectl", Outcome.INDIRECT_SUPPORT, NODES_TOP, {"command": "kubectl top nodes"})
    checks = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert all(c.status == ClaimStatus.GROUNDED for c in checks) is grounded


def pool_stats() -> EvidenceRow:
    body = {
        "success": True,
        "logTopic": "member",
        "logs": [
            {
                "timestamp": "2026-12-22 21:30:12",
                "level": "ERROR",
                "service": "member-api",
                "message": "HikariPool-1 - Connection is not available, request timed out after 30000ms.",
                "metrics": {"active": "20", "idle": "0", "waiting": "58", "max": "20"},
            }
        ],
        "total": 1,
    }
    return EvidenceRow("logs-pool", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("member-api's pool had 20 active connections.", True),
        ("member-api 连接池有 20 个 active 连接。", True),
        ("member-api's pool had 58 active connections.", False),  # the waiting threads' number
    ],
)
def test_a_count_binds_to_the_key_its_noun_names(draft: str, grounded: bool) -> None:
    (check,) = [c for c in check_draft(draft, [pool_stats()]) if c.kind == ClaimKind.FACT]
    assert (check.status == ClaimStatus.GROUNDED) is grounded


ROLLOUT_HISTORY = (
    "deployment.apps/ledger-api \n"
    "REVISION  CHANGE-CAUSE\n"
    "7         image bump to v3.1.9 (CHG-2210)\n"
    "8         image bump to v3.2.0 (CHG-2231)\n"
)


def rollout_history() -> EvidenceRow:
    params = {"args": "rollout history deployment/ledger-api -n ledger"}
    return EvidenceRow("ro-1", "kubectl", Outcome.DIRECT_SUPPORT, ROLLOUT_HISTORY, params, format_id="aligned_table")


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # two columns under a title naming the object: one row per revision, each the object's
        ('ledger-api is on revision 8, whose change-cause is "image bump to v3.2.0 (CHG-2231)".', True),
        ("ledger-api 当前是 revision 8，change-cause 为“image bump to v3.2.0 (CHG-2231)”。", True),
        ('ledger-api is on revision 7, whose change-cause is "image bump to v3.2.0 (CHG-2231)".', False),
        ("ledger-api 当前是 revision 8，change-cause 为“image bump to v3.1.9 (CHG-2210)”。", False),
    ],
)
def test_a_two_column_table_under_a_title_is_read_row_by_row(draft: str, grounded: bool) -> None:
    from evidence_trace.server.domain.formats.model import Preview
    from evidence_trace.server.domain.formats.registry import recognise

    assert recognise(Preview(ROLLOUT_HISTORY, "kubectl")).id == "aligned_table"
    found = [c.status for c in check_draft(draft, [rollout_history()]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a later part without an id of its own is about the record the claim opened with
        ('Revision 8 of ledger-api has change-cause "image bump to v3.2.0 (CHG-2231)".', True),
        ("ledger-api 的 revision 7，change-cause 是“image bump to v3.1.9 (CHG-2210)”。", True),
        ('Revision 7 of ledger-api, change-cause "image bump to v3.2.0 (CHG-2231)".', False),
        ("ledger-api 的 revision 8，change-cause 是“image bump to v3.1.9 (CHG-2210)”。", False),
        # ... unless it names another record
        ('ledger-api is on revision 8, replacing the "image bump to v3.1.9 (CHG-2210)" rollout.', True),
    ],
)
def test_a_later_part_is_about_the_record_the_claim_opened_with(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [rollout_history()]) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found
