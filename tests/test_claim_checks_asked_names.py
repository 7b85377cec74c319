"""A name the user's question gives ("从 app-sh-03 到 db-bj-01 有丢包吗？") is not invented by the answer that
repeats it, though no call shows it: the claim is then merely ungrounded. A name neither the question nor
any call gives is invented, as before. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PING = (
    "PING 10.31.4.9 (10.31.4.9) 56(84) bytes of data.\n64 bytes from 10.31.4.9: icmp_seq=1 ttl=58 time=11.2 ms\n\n"
    "--- 10.31.4.9 ping statistics ---\n50 packets transmitted, 48 received, 4% packet loss, time 9811ms\n"
)


def statuses(draft: str, question: str) -> list[ClaimStatus]:
    row = EvidenceRow(
        "p-1", "ssh_exec", Outcome.DIRECT_SUPPORT, PING, {"host": "web-gz-2", "command": "ping -c 50 10.31.4.9"}
    )
    return [c.status for c in check_draft(draft, [row], question=question) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "question"),
    [
        ("From web-gz-2, pg-gz-7 (10.31.4.9) lost 2 of 50 pings.", "Is there packet loss from web-gz-2 to pg-gz-7?"),
        ("从 web-gz-2 ping pg-gz-7（10.31.4.9）50 个包丢了 2 个。", "web-gz-2 到 pg-gz-7 有丢包吗？"),
    ],
)
def test_a_name_the_question_gives_is_not_invented(draft: str, question: str) -> None:
    assert statuses(draft, question) == [ClaimStatus.UNGROUNDED]


@pytest.mark.parametrize(
    ("draft", "question"),
    [
        ("From web-gz-2, pg-gz-8 (10.31.4.9) lost 2 of 50 pings.", "Is there packet loss from web-gz-2 to pg-gz-7?"),
        ("从 web-gz-2 ping pg-gz-8（10.31.4.9）50 个包丢了 2 个。", "web-gz-2 到 pg-gz-7 有丢包吗？"),
    ],
)
def test_a_name_neither_the_question_nor_a_call_gives_is_invented(draft: str, question: str) -> None:
    assert statuses(draft, question) == [ClaimStatus.INVENTED]
