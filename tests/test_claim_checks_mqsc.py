"""IBM MQ: what `runmqsc` prints for a DISPLAY command is read one record an object (formats/mqsc.py), so a
queue's name and its depth are one unit; and an upper-case dotted name (`GW.REPLY.CARDS`,
`SYSTEM.DEAD.LETTER.QUEUE`, a topic `ORDERS.IN`) is a name the session must show. Before, such a name was no
fact, and a queue's depth could be told of any queue. Domain only, offline; output and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DEPTHS = """5724-H72 (C) Copyright IBM Corp. 1994, 2024.
Starting MQSC for queue manager QM_PAY01.


     1 : DISPLAY QLOCAL(PAY.REQ.*) CURDEPTH MAXDEPTH
AMQ8409I: Display Queue details.
   QUEUE(PAY.REQ.EU)                       TYPE(QLOCAL)
   CURDEPTH({eu})                          MAXDEPTH(5000)
AMQ8409I: Display Queue details.
   QUEUE(PAY.REQ.US)                       TYPE(QLOCAL)
   CURDEPTH({us})                          MAXDEPTH(5000)
One MQSC command read.
No commands have a syntax error.
All valid MQSC commands were processed.
"""


def statuses(draft: str, eu: int = 4870, us: int = 2) -> list[ClaimStatus]:
    text = DEPTHS.format(eu=eu, us=us)
    row = EvidenceRow("mq-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, text, {"command": "runmqsc QM_PAY01"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft", ["PAY.REQ.EU is backing up with a CURDEPTH of 4870.", "PAY.REQ.EU 的 CURDEPTH 为 4870，快到 MAXDEPTH 了。"]
)
def test_a_queues_name_and_depth_are_one_record(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]
    assert statuses(draft, eu=2, us=4870) != [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["PAY.REQ.APAC is backing up with a CURDEPTH of 4870.", "PAY.REQ.APAC 的 CURDEPTH 为 4870。"]
)
def test_a_queue_the_session_never_shows_is_no_grounded_claim(draft: str) -> None:
    assert statuses(draft) != [ClaimStatus.GROUNDED]


def test_an_mq_error_log_stays_log_lines() -> None:
    # the docs' promise: messages followed by prose (AMQERR01.LOG) are no runmqsc output
    from evidence_trace.server.domain.formats.model import Preview
    from evidence_trace.server.domain.formats.registry import recognise

    log = (
        "10/02/2026 11:02:14 - Process(4182.7) User(mqm) Program(amqrmppa)\n"
        "AMQ9999E: Channel 'TO.QM_SH' to host '10.88.12.40(1414)' ended abnormally.\n"
        "EXPLANATION:\n"
        "The channel program running under process ID 4182 for channel 'TO.QM_SH' ended abnormally.\n"
    )
    assert recognise(Preview(log, "ssh_exec")).id != "mqsc"
    assert recognise(Preview(DEPTHS.format(eu=1, us=2), "ssh_exec")).id == "mqsc"
