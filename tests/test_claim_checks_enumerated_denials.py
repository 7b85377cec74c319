"""A denial of an event said of several members enumerated before it ("pay-db-1 and pay-db-2 have never
restarted", "pay-db-1 和 pay-db-2 都没有重启过") is a denial for each: one member's row showing the event
contradicts it, though no row names them all. A member named in another clause, or a place ("pod-a on node-7"),
is no member of the list (special_checks._each_member). Domain only, offline; rows and phrasings written for
these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

PODS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME       READY   STATUS    RESTARTS      AGE\n"
    "pay-db-0   1/1     Running   4 (2h ago)    9d\n"
    "pay-db-1   1/1     Running   0             9d\n"
    "pay-db-2   1/1     Running   2 (6h ago)    9d\n"
    "pay-db-3   1/1     Running   0             9d\n",
    {"args": "get pods -n pay -o wide"},
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [PODS]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "pay-db-1 and pay-db-2 have never restarted.",
        "pay-db-1, pay-db-2 and pay-db-3 have not restarted.",
        "pay-db-1 和 pay-db-2 都没有重启过。",
        "pay-db-1、pay-db-2、pay-db-3 都没有重启。",
    ],
)
def test_one_enumerated_member_showing_the_event_contradicts_the_denial(draft: str):
    assert decision(draft) == Decision.REJECT


@pytest.mark.parametrize(
    "draft",
    [
        "pay-db-1 and pay-db-3 have never restarted.",
        "pay-db-1 和 pay-db-3 都没有重启过。",
        "pay-db-0 restarted 4 times; pay-db-1 has never restarted.",
        "pay-db-2 重启过 2 次，pay-db-3 没有重启。",
    ],
)
def test_members_without_the_event_or_in_another_clause_are_not_contradicted(draft: str):
    assert decision(draft) == Decision.ACCEPT
