"""A setting the draft restates in other units, in words rather than in parentheses, is one value:
"the ttl is 2592000 s, i.e. 30 days", "超时 300000 ms，即 5 分钟" (arithmetic._in_parentheses_after). The
restatement is the writer's arithmetic: dropped when it equals the setting, checked like any figure when it
does not. A setting written with a Chinese unit after it ("default-ttl=2592000 秒") carries that unit
(fact_patterns._SETTING). Domain only, offline; rows and phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

CONFIG = EvidenceRow(
    "c-1",
    "read_config",
    Outcome.INDIRECT_SUPPORT,
    '{"namespace": "sessions", "default-ttl": 2592000, "nsup-period": 120, "timeout": 300000}',
    {"host": "as-3", "path": "/etc/aerospike/aerospike.conf"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [CONFIG]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The sessions namespace has a ttl of 2592000 s, i.e. 30 days.",
        "The sessions namespace's timeout is 300000 ms, that is 5 minutes.",
        "sessions 的 default-ttl=2592000 秒，即 30 天。",
        "sessions 的超时为 300000 ms，也就是 5 分钟。",
        "sessions 的 default-ttl=2592000 秒，换算成 720 小时。",
    ],
)
def test_a_setting_restated_in_words_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The sessions namespace has a ttl of 2592000 s, i.e. 3 days.",
        "The sessions namespace's timeout is 300000 ms, that is 50 minutes.",
        "sessions 的 default-ttl=2592000 秒，即 20 天。",
        "sessions 的超时为 300000 ms，也就是 30 分钟。",
    ],
)
def test_a_wrong_restatement_is_still_checked(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


@pytest.mark.parametrize(("text", "seconds"), [("default-ttl=2592000 秒", 2592000.0), ("timeout=5 分钟", 300.0)])
def test_a_setting_carries_the_chinese_unit_after_it(text: str, seconds: float) -> None:
    (fact,) = extract_facts(text)
    assert fact.kind == FactKind.SETTING and fact.quantity is not None
    assert fact.quantity.dimension == Dimension.TIME
    assert fact.quantity.value * fact.quantity.factor == seconds * 1000


@pytest.mark.parametrize("draft", ["sessions 的 default-ttl=2592000 秒。", "sessions 的 default-ttl 为 2592000 秒。"])
def test_a_setting_with_a_chinese_unit_after_it_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


def test_a_setting_with_another_value_is_not_grounded() -> None:
    assert ClaimStatus.GROUNDED not in statuses("sessions 的 default-ttl=259200 秒。")
