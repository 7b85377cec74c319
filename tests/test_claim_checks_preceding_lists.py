"""A count of the items the claim names right before it ("只有 check_schema 和 notify_oncall 两个动作", "9093 和
9094 两个端口") is how many stand there: the items are checked, the count is not a fact to show of its own. A count
after anything else is still one.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.preceding_lists import preceding_counts


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def listeners() -> EvidenceRow:
    text = "listeners=TLS://0.0.0.0:9093,TLS://0.0.0.0:9094"
    return EvidenceRow(
        "l-1",
        "ssh_exec",
        Outcome.DIRECT_SUPPORT,
        text,
        {"host": "kafka-edge-1", "command": "grep ^listeners= server.properties"},
    )


@pytest.mark.parametrize(
    "draft", ["kafka-edge-1 上配置的是 9093 和 9094 两个端口。", "kafka-edge-1 的监听端口只有 9093、9094 两个。"]
)
def test_the_count_of_the_items_before_it_is_their_number(draft: str) -> None:
    assert statuses(draft, listeners()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("只有 check_schema 和 notify_oncall 两个动作", True),
        ("db-1、db-2、db-3 三台都是 Running", True),
        ("只有 check_schema 和 notify_oncall 三个动作", False),  # three counted, two named
        ("校验失败后会重试两次", False),  # nothing listed before it
    ],
)
def test_only_as_many_items_as_the_count(text: str, counted: bool) -> None:
    facts = extract_facts(text)
    assert bool(preceding_counts(text, facts)) is counted


def test_a_wrong_item_is_still_checked() -> None:
    assert ClaimStatus.GROUNDED not in statuses("kafka-edge-1 上配置的是 9093 和 9095 两个端口。", listeners())


def test_times_count_records_whose_number_is_still_a_fact() -> None:
    text = "11:02:31、11:02:34 两条 connect() failed"
    assert preceding_counts(text, extract_facts(text)) == set()


def test_another_item_after_the_count_keeps_it_a_fact() -> None:
    # "az1、az2 两个可用区之外还有 az4": the count is of the first two, and the claim goes on to another
    text = "子网分布在 az1、az2 两个可用区之外还有 az4。"
    assert preceding_counts(text, extract_facts(text)) == set()
