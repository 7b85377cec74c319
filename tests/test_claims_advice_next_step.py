"""Advice goes on past its comma: the step after it and what that step will do ("Ask the owner why it was stopped,
then `svcctl start billing` will bring it back", "先确认谁改了配置，然后重启网关就能恢复") is advice too, and so is what
it would take ("you'd need a hard delete", "you'll need the audit log"). A fact told after a "then" is still a fact
when nothing before it advised ("the pod restarted at 10:02, then the errors stopped") or when it tells what
happened ("…，然后错误率就降下来了"); a verb with the time it happened at ("回滚在 14:20 完成") tells what happened, it
advises nothing. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft


def kinds(draft: str) -> list[ClaimKind]:
    return [c.kind for c in split_claims(draft)]


@pytest.mark.parametrize(
    "draft",
    [
        "Ask the owner why it was stopped, then `svcctl start billing` will bring it back.",
        "Drain node-7 first, and then the scheduler should place the pods elsewhere.",
        "Raise max_connections to 400. Then the pool will stop timing out.",
        "先确认谁改了网关配置，然后重启 api-gw 就能恢复。",
        "建议先扩容到 6 个副本，之后队列积压会慢慢消化掉。",
        "To drop the old versions for good you'd need a permanent delete.",
        "You'll need the CloudTrail events to confirm who paused it.",
    ],
)
def test_the_step_after_advice_is_advice(draft: str) -> None:
    found = set(kinds(draft))  # what the step will do may be read as a hedge, a prediction: never a fact
    assert ClaimKind.ADVICE in found and found <= {ClaimKind.ADVICE, ClaimKind.HEDGE}


@pytest.mark.parametrize(
    "draft",
    [
        "The pod restarted at 10:02, then the errors stopped.",
        "The job was retried at 04:10 and then it failed again with exit code 137.",
        "网关在 10:02 重启，然后错误率就降下来了。",
        "回滚在 14:20 完成，之后 5xx 比例回到 0.1% 以下。",
    ],
)
def test_a_fact_after_then_is_still_a_fact(draft: str) -> None:
    assert ClaimKind.FACT in kinds(draft) and ClaimKind.ADVICE not in kinds(draft)


def test_a_command_in_the_next_step_is_not_an_invented_name() -> None:
    row = EvidenceRow(
        "st-1",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        "billing.service - Billing worker\n   Active: inactive (dead) since Tue 2027-02-02 22:14:36 UTC\n",
        {"host": "bill-01", "command": "systemctl status billing"},
    )
    draft = "billing is inactive (dead) since 22:14:36 UTC. Ask the owner why, then `svcctl start billing` will bring it back."
    checks = check_draft(draft, (row,))
    assert [c.status for c in checks if c.kind == ClaimKind.FACT] == [ClaimStatus.GROUNDED]
    assert all(c.status != ClaimStatus.INVENTED for c in checks)
