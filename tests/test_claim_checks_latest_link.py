"""A link said to hold a state now ("it is still disconnected", "目前仍然断开", "is now connected again") is the
state the subject's latest record of its link says: a log line "connected" after "connection lost" makes
"still disconnected" stale, and the reverse. Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LOST = "2026-11-02 09:40:11,204 WARNING amqp.client: connection lost to rabbit-2.mq:5672 (ConnectionResetError)\n"
RETRY = "2026-11-02 09:40:13,210 INFO amqp.client: retrying rabbit-2.mq:5672 in 2s (attempt 1)\n"
BACK = "2026-11-02 09:40:15,388 INFO amqp.client: connected to rabbit-2.mq:5672, channel 1 open\n"


def statuses(draft: str, log: str) -> list[ClaimStatus]:
    row = EvidenceRow("l-1", "kubectl", Outcome.DIRECT_SUPPORT, log, {"args": "logs deploy/billing-worker --since=15m"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


STILL_DOWN = [
    "billing-worker lost its connection to rabbit-2.mq:5672 and is still disconnected.",
    "billing-worker 与 rabbit-2.mq:5672 的连接丢失了，目前仍然断开。",
]
NOW_UP = [
    "billing-worker lost rabbit-2.mq:5672 once and is now connected again.",
    "billing-worker 与 rabbit-2.mq:5672 断开过一次，现在已连接。",
]


@pytest.mark.parametrize("draft", STILL_DOWN)
def test_still_down_is_stale_after_a_later_connected(draft: str) -> None:
    assert statuses(draft, LOST + RETRY + BACK) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize("draft", STILL_DOWN)
def test_still_down_stands_when_the_last_word_is_down(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, LOST + RETRY)


@pytest.mark.parametrize("draft", NOW_UP)
def test_now_up_is_stale_after_a_later_loss(draft: str) -> None:
    assert statuses(draft, BACK + LOST + RETRY) == [ClaimStatus.CONTRADICTED]


JOURNAL = (
    "Mar 03 04:10:21 api-gw-7 systemd[1]: haproxy.service: Failed with result 'exit-code'.\n"
    "Mar 03 04:10:21 api-gw-7 systemd[1]: Failed to start HAProxy Load Balancer.\n"
    "Mar 03 04:11:02 api-gw-7 systemd[1]: Starting HAProxy Load Balancer...\n"
    "Mar 03 04:11:03 api-gw-7 systemd[1]: Started HAProxy Load Balancer.\n"
)


@pytest.mark.parametrize(
    "draft",
    [
        "haproxy on api-gw-7 failed at 04:10:21 and is still in a failed state.",
        "api-gw-7 上的 haproxy 在 04:10:21 启动失败，目前仍然是 failed 状态。",
    ],
)
def test_a_unit_still_failed_is_stale_after_a_later_start(draft: str) -> None:
    row = EvidenceRow(
        "j-1", "ssh_exec", Outcome.DIRECT_SUPPORT, JOURNAL, {"host": "api-gw-7", "command": "journalctl -u haproxy"}
    )
    assert [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT] == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft",
    [
        "haproxy on api-gw-7 failed at 04:10:21 and is still in a failed state.",
        "api-gw-7 上的 haproxy 在 04:10:21 启动失败，目前仍然是 failed 状态。",
    ],
)
def test_a_unit_still_failed_stands_when_no_start_followed(draft: str) -> None:
    log = "".join(JOURNAL.splitlines(keepends=True)[:2])
    row = EvidenceRow(
        "j-1", "ssh_exec", Outcome.DIRECT_SUPPORT, log, {"host": "api-gw-7", "command": "journalctl -u haproxy"}
    )
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found and ClaimStatus.CONTRADICTED not in found
