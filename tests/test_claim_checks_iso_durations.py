"""Durations a record writes the ISO 8601 way ("PT1M", "P14D", "PT2H30M", "PT0.25S") are read as durations.

Azure's settings, Java's Duration and .NET's TimeSpan in XML write them so; a claim's "1 minute", "14 天" or
"2.5 hours" is shown by them, another figure is not, and the figures inside are no plain numbers.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.iso_durations import iso_durations


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def queue() -> EvidenceRow:
    """`az servicebus queue show`'s settings of one queue."""
    body = {
        "name": "invoices-in",
        "lockDuration": "PT1M",
        "defaultMessageTimeToLive": "P14D",
        "duplicateDetectionHistoryTimeWindow": "PT10M",
        "autoDeleteOnIdle": "P10675199DT2H48M5.4775807S",
        "maxDeliveryCount": 10,
        "status": "Active",
    }
    return EvidenceRow(
        "q-1", "az_cli", Outcome.DIRECT_SUPPORT, json.dumps(body, indent=2), {"args": "servicebus queue show"}
    )


def pool_settings() -> EvidenceRow:
    """A Spring Boot service's bound connection-pool settings (Duration.toString())."""
    body = {"prefix": "app.pool", "properties": {"connectTimeout": "PT0.25S", "maxLifetime": "PT2H30M"}}
    return EvidenceRow("c-1", "http_get", Outcome.DIRECT_SUPPORT, json.dumps(body), {"url": "/actuator/configprops"})


@pytest.mark.parametrize(
    "draft",
    [
        "invoices-in holds a message lock for 1 minute.",
        "invoices-in 的消息锁定时长是 60 秒。",
        "Messages on invoices-in expire after 14 days.",
        "invoices-in 的消息 TTL 为 14 天，重复检测窗口是 10 分钟。",
        "The pool's connect timeout is 250 ms and connections live at most 2.5 hours.",
        "连接池的 connect timeout 是 250 毫秒。",
    ],
)
def test_an_iso_duration_shows_the_duration_it_writes(draft: str) -> None:
    assert statuses(draft, queue(), pool_settings()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "invoices-in holds a message lock for 5 minutes.",
        "invoices-in 的消息锁定时长是 30 秒。",
        "Messages on invoices-in expire after 7 days.",
        "The pool's connect timeout is 25 ms.",
        "连接池的 maxLifetime 是 4 小时。",
    ],
)
def test_another_figure_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, queue(), pool_settings())


@pytest.mark.parametrize("draft", ["invoices-in has 14 messages.", "invoices-in 上有 10 条消息。"])
def test_its_figures_are_no_plain_numbers(draft: str) -> None:
    # "P14D" and "PT10M" are no count of 14 or 10 (maxDeliveryCount's 10 is a setting's, not a message count)
    assert (
        statuses(draft, EvidenceRow("q-2", "az_cli", Outcome.DIRECT_SUPPORT, '{"ttl": "P14D", "window": "PT10M"}'))[0]
        != ClaimStatus.GROUNDED
    )


@pytest.mark.parametrize(
    ("text", "seconds"), [("PT30S", [30.0]), ("P1DT12H", [129600.0]), ("P2W", [1209600.0]), ("PT1.5S", [1.5])]
)
def test_the_parts_are_summed(text: str, seconds: list[float]) -> None:
    assert [s for _, _, s in iso_durations(f'"{text}"')] == seconds


@pytest.mark.parametrize("text", ["APT30S", "P", "PT", "P1DT", "PTR record", "P1Y2M", "OPT-IN"])
def test_what_is_no_duration_is_not_read(text: str) -> None:
    assert list(iso_durations(text)) == []
