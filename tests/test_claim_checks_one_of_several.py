"""Three readings of a member among several. A pod crash-looping shows Running between its restarts
("0/1 Running 14 (3m ago)"), so Running is no rival of "crash-looping" there, while a pod Running with no
restart still is. A claim of one unnamed member ("one of the two replicas is …", "其中一个 …") is contradicted
only when every member shows otherwise. A success told with the outcome a unit of it shows ("dig succeeded:
NOERROR") is not contradicted by a warning in the same output. Domain only, offline; rows and phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = (
    "NAME                      READY   STATUS    RESTARTS      AGE\n"
    "ingest-7c9d5b8f6-b2kqz    1/1     Running   0             6d\n"
    "ingest-7c9d5b8f6-x7lmn    0/1     Running   9 (2m ago)    6d\n"
)
STEADY = (
    "NAME                      READY   STATUS    RESTARTS   AGE\n"
    "ingest-7c9d5b8f6-b2kqz    1/1     Running   0          6d\n"
    "ingest-7c9d5b8f6-x7lmn    1/1     Running   0          6d\n"
)
DIG = (
    "; <<>> DiG 9.18.24 <<>> ledger.internal.example +tries=1\n;; global options: +cmd\n;; Got answer:\n"
    ";; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 5120\n"
    ";; WARNING: recursion requested but not available\n\n;; ANSWER SECTION:\n"
    "ledger.internal.example. 30 IN A 10.40.2.18\n\n;; Query time: 2 msec\n"
)


def statuses(draft: str, preview: str, tool: str = "kubectl") -> list[ClaimStatus]:
    row = EvidenceRow("k-1", tool, Outcome.DIRECT_SUPPORT, preview, {"args": "get pods -n ingest"})
    return [c.status for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("draft", "preview", "contradicted"),
    [
        ("ingest-7c9d5b8f6-x7lmn is crash-looping.", PODS, False),
        ("ingest-7c9d5b8f6-x7lmn 处于 CrashLoopBackOff。", PODS, False),
        ("ingest-7c9d5b8f6-b2kqz is crash-looping.", PODS, True),
        ("ingest-7c9d5b8f6-b2kqz 处于 CrashLoopBackOff。", PODS, True),
    ],
)
def test_running_between_restarts_is_no_rival_of_a_crash_loop(draft: str, preview: str, contradicted: bool) -> None:
    found = statuses(draft, preview)
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted


@pytest.mark.parametrize(
    ("draft", "preview", "contradicted"),
    [
        ("One of the two ingest-7c9d5b8f6 pods is crash-looping.", PODS, False),
        ("两个 ingest-7c9d5b8f6 pod 中有一个在 crash-loop。", PODS, False),
        ("One of the two ingest-7c9d5b8f6 pods is crash-looping.", STEADY, True),
        ("两个 ingest-7c9d5b8f6 pod 中有一个处于 Pending。", STEADY, True),
    ],
)
def test_one_unnamed_member_is_contradicted_only_by_all_of_them(draft: str, preview: str, contradicted: bool) -> None:
    found = statuses(draft, preview)
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted


@pytest.mark.parametrize("draft", ["The dig succeeded: NOERROR.", "dig 查询成功，返回 NOERROR。"])
def test_a_success_told_with_the_outcome_a_unit_shows_stands(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, DIG, tool="dig")


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("Terminating it with pg_terminate_backend(48122) would release the locks.", None),
        ("Running the rollout again would not help.", None),
        ("ingest-7c9d5b8f6-x7lmn is Terminating.", "Terminating"),
        ("The pod ingest-7c9d5b8f6-b2kqz is Running.", "Running"),
        ("ingest-7c9d5b8f6-x7lmn 一直处于 Terminating。", "Terminating"),
    ],
)
def test_a_gerund_with_its_object_is_no_state(text: str, state: str | None) -> None:
    from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts

    states = [f.key for f in extract_facts(text) if f.kind == FactKind.WORKLOAD_STATE]
    assert states == ([state] if state else [])
