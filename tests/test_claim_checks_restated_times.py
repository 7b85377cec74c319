"""A time said again right after itself in another zone is the same instant: "北京时间 08:12:44（UTC 00:12:44）",
"18:31 UTC, i.e. 02:31 Beijing time". A wrong conversion (the offset added instead of taken away) shows
nothing, so the claim is not grounded; ranges pair up end to end. Domain only, offline; phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.intervals import misrestated_time


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("第一条 ERROR 出现在北京时间 09:41:05（UTC 01:41:05）。", None),
        ("第一条 ERROR 出现在北京时间 09:41:05（UTC 17:41:05）。", "17:41:05"),
        ("The first ERROR came at 01:41:05 UTC, i.e. 09:41:05 Beijing time.", None),
        ("The first ERROR came at 01:41:05 UTC, i.e. 17:41:05 Beijing time.", "17:41:05 Beijing time"),
        ("告警开始于 03:10 UTC，即北京时间 11:10。", None),
        ("告警开始于 03:10 UTC，即北京时间 19:10。", "19:10"),
        # ranges pair up end to end, and two times of one zone are two times
        ("Errors rose between 03:10–03:25 UTC (Beijing 11:10–11:25).", None),
        ("错误从 03:10 UTC 到 03:25 UTC 持续上升。", None),
    ],
)
def test_a_time_restated_in_another_zone_must_be_the_same_instant(text: str, wrong: str | None) -> None:
    found = misrestated_time(text, extract_facts(text))
    assert (found.text if found else None) == wrong
