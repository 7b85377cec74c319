"""A field's value is read under its name ("expired_keys:91304"), a count names what was done to it ("evicted
91,304 keys" is evicted_keys), and an error code is shown in any of the forms a tool writes it ("OOM" as
OOMKilled, OutOfMemoryError, "Out of memory"). Domain only, offline; phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

INFO = """# Stats
total_connections_received:2204118
rejected_connections:0
expired_keys:64210
evicted_keys:0
keyspace_hits:7710094412
keyspace_misses:990441203
total_error_replies:12404
errorstat_OOM:count=12391
"""


def info() -> EvidenceRow:
    return EvidenceRow("redis-1", "redis_info", Outcome.INDIRECT_SUPPORT, INFO, {"host": "sessions-02"})


def java_oom() -> EvidenceRow:
    entries = [
        {
            "timestamp": "2026-12-20 03:49:57",
            "level": "ERROR",
            "service": "indexer",
            "instance": "10.4.1.17",
            "message": "java.lang.OutOfMemoryError: Java heap space while merging segments",
        }
    ]
    body = {"success": True, "logs": entries, "total": 1}
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "indexer"})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("sessions-02 has expired 64,210 keys so far.", True),
        ("sessions-02 目前 expired_keys 为 64210。", True),
        ("sessions-02 has evicted 0 keys.", True),
        # a figure of another field: 64,210 keys expired, none was evicted
        ("sessions-02 has already evicted 64,210 keys.", False),
        ("sessions-02 的 evicted_keys 是 64210。", False),
    ],
)
def test_a_fields_value_is_read_under_its_name(draft: str, grounded: bool) -> None:
    assert (statuses(draft, info()) == [ClaimStatus.GROUNDED]) is grounded, statuses(draft, info())


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("indexer 10.4.1.17 hit an OOM at 03:49:57 while merging segments.", True),
        ("indexer 10.4.1.17 在 03:49:57 合并 segment 时 OOM。", True),
        ("sessions-02 answered 12,391 OOM errors.", True),
        ("indexer 10.4.1.17 hit an OOM at 04:49:57 while merging segments.", False),
        ("indexer 10.4.1.18 在 03:49:57 合并 segment 时 OOM。", False),
    ],
)
def test_an_error_code_is_shown_in_any_of_its_forms(draft: str, grounded: bool) -> None:
    found = statuses(draft, java_oom(), info())
    assert (found == [ClaimStatus.GROUNDED]) is grounded, found


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("sessions-02 expired_keys is 64210.", True),
        ("sessions-02 的 expired_keys 为 64210。", True),
        ("sessions-02 evicted_keys is 64210.", False),
        ("sessions-02 的 evicted_keys 为 64210。", False),
    ],
)
def test_a_figure_said_of_a_field_is_that_fields_value_in_a_section_of_many(draft: str, grounded: bool) -> None:
    # Redis INFO is read one record a section: the figure must be the named field's, not a neighbour's
    assert (statuses(draft, info()) == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("used_memory_human is 11.62G", "11.62G"),
        ("根盘用了 45G，总共 50G", "45G"),
        ("the array holds 1.2T", "1.2T"),
        ("we weighed 5g of it", None),
        ("a 3t truck", None),
    ],
)
def test_a_size_with_a_capital_letter_is_read_in_binary_units(text: str, size: str | None) -> None:
    from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts

    sizes = [
        f.text for f in extract_facts(text) if f.kind == FactKind.QUANTITY and f.quantity.dimension.name == "BYTES"
    ]
    assert sizes[:1] == ([size] if size else [])
