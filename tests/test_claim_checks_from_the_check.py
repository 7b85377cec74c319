"""A duration counted from when the session looked ("expires Nov 20 06:00 UTC, about 9 days after this check",
"距今约 9 天后到期") is the gap between the date-time the claim states and a call's start time: the writer's
arithmetic, no fact of its own; a gap no call's time gives stays a fact, and a bound ("under 9 days left") is
never derived so. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import datetime

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

OPENSSL = "subject=CN = pay.example.net\nnotBefore=Aug 22 06:00:00 2026 GMT\nnotAfter=Nov 20 06:00:00 2026 GMT\n"
CHECKED = int(datetime.datetime(2026, 11, 11, 6, 0, tzinfo=datetime.timezone.utc).timestamp() * 1_000_000)


def cert() -> EvidenceRow:
    command = "echo | openssl s_client -connect pay.example.net:443 2>/dev/null | openssl x509 -noout -subject -dates"
    return EvidenceRow("t-1", "ssh_exec", Outcome.DIRECT_SUPPORT, OPENSSL, {"command": command}, start_us=CHECKED)


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [cert()]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("pay.example.net's certificate expires Nov 20 06:00:00 GMT, about 9 days after this check.", True),
        ("pay.example.net 的证书 11-20 06:00:00（GMT）到期，距今约 9 天。", True),
        ("pay.example.net's certificate expires Nov 20 06:00:00 GMT, about 19 days after this check.", False),
        ("pay.example.net 的证书 11-20 06:00:00（GMT）到期，距今约 19 天。", False),
    ],
)
def test_a_duration_from_the_check_is_the_gap_to_a_calls_start(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == {ClaimStatus.GROUNDED}) is grounded


@pytest.mark.parametrize(
    "draft",
    [
        "pay.example.net's certificate expires Nov 20 06:00:00 GMT, under 19 days after this check.",
        "pay.example.net 的证书 11-20 06:00:00（GMT）到期，距今不到 19 天。",
    ],
)
def test_a_bound_counted_from_the_check_is_never_derived(draft: str) -> None:
    # 9 days is under 19, yet a bound is no duration the writer worked out: it stays a fact to show
    assert statuses(draft) != {ClaimStatus.GROUNDED}


ALERT = (
    '[{"labels": {"alertname": "QueueBacklogHigh", "severity": "warning"}, "startsAt": "2026-11-11T05:39:12Z", '
    '"status": {"state": "active", "silencedBy": [], "inhibitedBy": []}}]'
)
LOOKED = int(datetime.datetime(2026, 11, 11, 6, 0, 30, tzinfo=datetime.timezone.utc).timestamp() * 1_000_000)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a clock of the day before the check, and how long since: "until now", "到现在", "至今"
        ("QueueBacklogHigh has been active since 05:39:12 UTC, about 21 minutes until now.", True),
        ("QueueBacklogHigh 从 05:39:12 UTC 起一直是 active，到现在已经 21 分钟左右。", True),
        ("QueueBacklogHigh 自 05:39:12 UTC 起 active，至今约 21 分钟。", True),
        ("QueueBacklogHigh has been active since 05:39:12 UTC, about 45 minutes until now.", False),
        ("QueueBacklogHigh 从 05:39:12 UTC 起一直是 active，到现在已经 45 分钟左右。", False),
    ],
)
def test_a_duration_until_now_is_the_gap_from_a_clock_to_the_check(draft: str, grounded: bool) -> None:
    row = EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, ALERT, {"active": True}, start_us=LOOKED)
    found = {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}
    assert (found == {ClaimStatus.GROUNDED}) is grounded, found
