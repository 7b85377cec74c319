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
        # a few words between the time and its restatement ("开始报警，也就是", "on May 3, i.e.")
        ("PagerQueueStuck 从 21:05:40 UTC 开始报警，也就是北京时间 5 月 4 日 05:05 左右。", None),
        ("PagerQueueStuck 从 21:05:40 UTC 开始报警，也就是北京时间 5 月 3 日 13:05 左右。", "13:05"),
        ("It began paging at 21:05 UTC on May 3, i.e. 05:05 Beijing time on May 4.", None),
        ("It began paging at 21:05 UTC on May 3, i.e. 13:05 Beijing time.", "13:05 Beijing time"),
        # two events at two times are no restatement
        ("At 21:05 UTC it paged, and at 13:05 Beijing time it resolved.", None),
    ],
)
def test_a_time_restated_in_another_zone_must_be_the_same_instant(text: str, wrong: str | None) -> None:
    found = misrestated_time(text, extract_facts(text))
    assert (found.text if found else None) == wrong
