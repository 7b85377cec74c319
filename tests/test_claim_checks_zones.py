"""Times match only in the same zone (zones.py): no blanket tolerance. Domain only, offline.

A draft's explicit zone is converted; naive evidence timestamps are read as
written unless the operator names their zone per tool or topic.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.zones import NO_ZONES, EvidenceZones, declared_zone, offset_of, with_zone
from evidence_trace.server.settings import SettingsError, load

SHANGHAI = EvidenceZones.parse(("query_logs=Asia/Shanghai",))


def naive_logs() -> EvidenceRow:
    """The Java agent's entries: Asia/Shanghai wall-clock time, no zone."""
    body = {
        "success": True,
        "logTopic": "payments",
        "logs": [
            {"timestamp": "2026-12-20 10:42:18", "level": "ERROR", "service": "pay-gw", "message": "acquirer timeout"}
        ],
        "total": 1,
    }
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {"logTopic": "payments"})


def utc_alert() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "alerts": [
                {"labels": {"alertname": "PayGwTimeouts"}, "state": "firing", "activeAt": "2026-12-20T02:41:00Z"}
            ]
        },
    }
    return EvidenceRow("alerts-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


def status(draft: str, row: EvidenceRow, zones: EvidenceZones = NO_ZONES) -> ClaimStatus:
    (check,) = check_draft(draft, [row], zones)
    return check.status


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("PayGwTimeouts has been firing since 02:41 UTC.", True),
        ("PayGwTimeouts has been firing since 10:41 (UTC+8).", True),
        ("PayGwTimeouts 从北京时间 10:41 开始 firing。", True),
        ("PayGwTimeouts 从 10:41 Singapore time 开始 firing。", True),
        ("PayGwTimeouts has been firing since 10:41 UTC.", False),  # the hour of another zone
        ("PayGwTimeouts 从北京时间 02:41 开始 firing。", False),
        ("PayGwTimeouts has been firing since 03:41 UTC.", False),  # a wrong hour: no tolerance
    ],
)
def test_a_draft_s_zone_is_converted_against_times_in_utc(draft: str, grounded: bool) -> None:
    assert (status(draft, utc_alert()) == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("draft", "unconfigured", "configured"),
    [
        ("pay-gw logged an acquirer timeout at 10:42.", True, True),  # as written, in either reading
        ("pay-gw 在北京时间 10:42 记录了 acquirer timeout 的 ERROR。", True, True),
        ("pay-gw logged an acquirer timeout at 02:42 UTC.", False, True),  # needs the tool's zone
        ("pay-gw 在 UTC 02:42 记录了 acquirer timeout 的 ERROR。", False, True),
        ("pay-gw logged an acquirer timeout at 10:42 UTC.", True, False),  # unknown zone: taken at its word
        ("pay-gw logged an acquirer timeout at 18:42 UTC.", False, False),
    ],
)
def test_naive_evidence_times_are_as_written_unless_their_zone_is_configured(
    draft: str, unconfigured: bool, configured: bool
) -> None:
    assert (status(draft, naive_logs()) == ClaimStatus.GROUNDED) is unconfigured
    assert (status(draft, naive_logs(), SHANGHAI) == ClaimStatus.GROUNDED) is configured


def test_zone_words_and_offsets_are_data() -> None:
    assert offset_of("UTC+8") == 480 and offset_of("gmt-05:30") == -330 and offset_of("北京时间") == 480
    assert offset_of("-04") is None  # a bare number after a date is no zone


def test_a_topic_may_name_the_zone_too() -> None:
    zones = EvidenceZones.parse(("payments=Asia/Shanghai",))
    assert status("pay-gw logged an acquirer timeout at 02:42 UTC.", naive_logs(), zones) == ClaimStatus.GROUNDED


@pytest.mark.parametrize("entry", ["query_logs", "query_logs=Mars/Olympus", "=UTC"])
def test_a_bad_zone_setting_fails_at_start_up(entry: str) -> None:
    with pytest.raises(SettingsError, match="evidence_zones"):
        load({"evidence_zones": entry}, env={})
    assert load({"evidence_zones": "query_logs=Asia/Shanghai, nginx=UTC"}, env={}).evidence_zones == (
        "query_logs=Asia/Shanghai",
        "nginx=UTC",
    )


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    """The statuses of the draft's factual claims (headings and table headers are context)."""
    return [c.status for c in check_draft(draft, [row]) if c.kind.name == "FACT"]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # A heading, a line or a column header declares the zone of the times under it.
        ("## Alert timeline (UTC)\n\n- PayGwTimeouts went firing at 02:41.", True),
        ("## Alert timeline (UTC)\n\n- PayGwTimeouts went firing at 10:41.", False),
        ("All times below are in UTC.\n\nPayGwTimeouts went firing at 02:41.", True),
        ("All times below are in UTC.\n\nPayGwTimeouts went firing at 10:41.", False),
        ("## 告警时间线（北京时间）\n\n- PayGwTimeouts 在 10:41 开始 firing。", True),
        ("## 告警时间线（北京时间）\n\n- PayGwTimeouts 在 02:41 开始 firing。", False),
        ("以下时间均为北京时间。\n\nPayGwTimeouts 在 10:41 开始 firing。", True),
        ("以下时间均为北京时间。\n\nPayGwTimeouts 在 02:41 开始 firing。", False),
        ("| Alert | Since (UTC) |\n|---|---|\n| PayGwTimeouts | 02:41 |", True),
        ("| Alert | Since (UTC) |\n|---|---|\n| PayGwTimeouts | 10:41 |", False),
        ("| 告警 | 开始时间（北京时间） |\n|---|---|\n| PayGwTimeouts | 12-20 10:41 |", True),
        ("| 告警 | 北京时间 |\n|---|---|\n| PayGwTimeouts | 12-20 02:41 |", False),
        # ... and so does a zone given as one item of a heading's or a line's parenthesis.
        ("## Alerts by time (latest first, UTC)\n\n- PayGwTimeouts went firing at 02:41.", True),
        ("## Alerts by time (latest first, UTC)\n\n- PayGwTimeouts went firing at 10:41.", False),
        ("Firing alerts (UTC; from amtool):\n\n- PayGwTimeouts went firing at 02:41.", True),
        ("Firing alerts (UTC; from amtool):\n\n- PayGwTimeouts went firing at 10:41.", False),
        ("### 告警时间（按开始时间排序，北京时间）\n\n- PayGwTimeouts 在 10:41 开始 firing。", True),
        ("### 告警时间（按开始时间排序，北京时间）\n\n- PayGwTimeouts 在 02:41 开始 firing。", False),
        ("### 告警时间（北京时间、来自 amtool）\n\n| 告警 | 开始 |\n|---|---|\n| PayGwTimeouts | 10:41 |", True),
        ("### 告警时间（北京时间、来自 amtool）\n\n| 告警 | 开始 |\n|---|---|\n| PayGwTimeouts | 02:41 |", False),
        # A range's end takes the zone its other end names, not the declared one.
        ("## Alerts (北京时间)\n\n- PayGwTimeouts firing from 10:30 to 10:41 (UTC 02:30–02:41).", True),
        ("## 告警（北京时间）\n\n- PayGwTimeouts 在 10:30–10:41 之间开始 firing（对应 UTC 02:30–02:41）。", True),
        # A time's own zone wins over the declared one.
        ("## Alert timeline (北京时间)\n\n- PayGwTimeouts went firing at 02:41 UTC.", True),
    ],
)
def test_a_declared_zone_applies_to_the_times_under_it(draft: str, grounded: bool) -> None:
    (fact,) = statuses(draft, utc_alert())
    assert (fact == ClaimStatus.GROUNDED) is grounded


def test_a_declared_zone_ends_at_the_next_heading_of_its_level() -> None:
    draft = "## Timeline (UTC)\n\n- PayGwTimeouts went firing at 02:41.\n\n## Later\n\n- PayGwTimeouts was still firing at 02:41."
    first, second = statuses(draft, utc_alert())
    assert first == second == ClaimStatus.GROUNDED  # the second reads as written, which matches too
    draft = "## Timeline (北京时间)\n\n### Alerts\n\n- PayGwTimeouts 在 10:41 开始 firing。\n\n## 其他\n\n- PayGwTimeouts 在 10:41 开始 firing。"
    first, second = statuses(draft, utc_alert())
    assert first == ClaimStatus.GROUNDED  # a sub-heading keeps its parent's zone
    assert second != ClaimStatus.GROUNDED  # a peer heading ends it: 10:41 as written is not 02:41Z


def test_a_ranges_end_keeps_the_zone_its_other_end_names() -> None:
    assert with_zone("（对应 UTC 06:12:03–06:17:48）", "北京时间") == "（对应 UTC 06:12:03–06:17:48）"
    assert with_zone("between 02:40 and 02:55 UTC", "CST") == "between 02:40 and 02:55 UTC"
    assert with_zone("at 10:30, then 10:41 UTC", "北京时间") == "at 10:30 (北京时间), then 10:41 UTC"


@pytest.mark.parametrize(
    "heading",
    [
        "## Timeline (UTC; Beijing time in brackets)",
        "## Timeline (UTC, local times in brackets)",
        "## 时间线（UTC；括号内为北京时间）",
        "## 时间线（UTC，括号里是本地时间）",
    ],
)
def test_a_parenthesis_naming_two_zones_declares_neither(heading: str) -> None:
    # the bracketed times are the other zone's: declaring UTC for them would read 10:41 as 10:41Z
    assert declared_zone(heading) == ""
    assert declared_zone("## Timeline (UTC; from amtool)") == declared_zone("## 时间线（UTC；来自 amtool）") == "UTC"


def test_a_zone_beside_a_time_declares_nothing_for_the_lines_after_it() -> None:
    draft = "PayGwTimeouts went firing at 02:41 (UTC).\n\nIt was still firing at 10:41."
    assert statuses(draft, utc_alert())[0] == ClaimStatus.GROUNDED
    assert statuses(draft, utc_alert())[1] != ClaimStatus.GROUNDED
