"""A claim of two clauses, each opening with a subject of its own ("3 peers answered the ping (a, b, c), and d
has restarted 14 times", "…（a、b、c），d 处于 CrashLoopBackOff"), is grounded clause by clause when no unit
shows it whole: before, the names of the first clause's list were split from what it says of them, and the
claim waited for one unit naming all four pods. A list in parentheses after a count ends at such a clause, so
the count is the list's number only ("4 peers (a, b, c), and d …" is still a count to show). A member swapped
between the clauses, a wrong figure in either, and a list of names ("A, B and C, and all three …") are not
cut into clauses. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.subject_clauses import clause_end, subject_clauses

PING = """PING sweep of the raft peers
-> ledger-7f9c-kq2mv: pong (3 ms)
-> ledger-7f9c-w8z4d: pong (4 ms)
-> ledger-7f9c-p0x7s: pong (2 ms)
3 peers answered.
"""
PODS = """NAME                READY   STATUS             RESTARTS      AGE
ledger-7f9c-kq2mv   1/1     Running            0             2d
ledger-7f9c-w8z4d   1/1     Running            0             2d
ledger-7f9c-p0x7s   1/1     Running            0             2d
ledger-7f9c-t5n6b   0/1     CrashLoopBackOff   14 (2m ago)   2d
"""
ROWS = [
    EvidenceRow("p-1", "shell_exec", Outcome.INDIRECT_SUPPORT, PING, {"command": "raftctl ping --all"}),
    EvidenceRow("k-1", "kubectl", Outcome.INDIRECT_SUPPORT, PODS, {"args": "get pods -n ledger"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Only 3 peers answered the raft ping (kq2mv, w8z4d, p0x7s), and t5n6b has restarted 14 times.",
        "The raft ping got 3 answers (kq2mv, w8z4d, p0x7s), and t5n6b is in CrashLoopBackOff.",
        "raft ping 只有 3 个 peer 应答（kq2mv、w8z4d、p0x7s），t5n6b 已重启 14 次。",
        "raft ping 有 3 个应答（kq2mv、w8z4d、p0x7s），t5n6b 处于 CrashLoopBackOff。",
    ],
)
def test_each_clause_with_its_own_subject_is_grounded_on_its_own(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "Only 3 peers answered the raft ping (kq2mv, w8z4d, t5n6b), and p0x7s has restarted 14 times.",
        "Only 3 peers answered the raft ping (kq2mv, w8z4d, p0x7s), and t5n6b has restarted 41 times.",
        "Only 4 peers answered the raft ping (kq2mv, w8z4d, p0x7s), and t5n6b has restarted 14 times.",
        "raft ping 有 3 个应答（kq2mv、w8z4d、t5n6b），p0x7s 处于 CrashLoopBackOff。",
        "raft ping 只有 3 个 peer 应答（kq2mv、w8z4d、p0x7s），t5n6b 已重启 41 次。",
        "raft ping 有 4 个 peer 应答（kq2mv、w8z4d、p0x7s），t5n6b 处于 CrashLoopBackOff。",
    ],
)
def test_a_swapped_member_a_wrong_figure_or_a_wrong_count_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


def names(*texts: str) -> tuple[Fact, ...]:
    return tuple(Fact(FactKind.INSTANCE, t, t.lower()) for t in texts)


@pytest.mark.parametrize(
    "text",
    [
        "replicas in use1-a, euw1-b and apse1-c, and all three report ACTIVE",
        "db-01, db-02 and db-03 are all primary-eligible",
        "副本分布在 zk-1、zk-2、zk-3，三个都在线",
        "The ping reached kv-1 and kv-2",  # one clause
    ],
)
def test_a_list_of_names_or_one_clause_is_not_cut(text: str) -> None:
    facts = names("use1-a", "euw1-b", "apse1-c", "db-01", "db-02", "db-03", "zk-1", "zk-2", "zk-3", "kv-1", "kv-2")
    assert subject_clauses(text, tuple(f for f in facts if f.text in text)) == []


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("kv-1 answered in 3 ms, and kv-2 timed out", ["kv-1 answered in 3 ms", "kv-2 timed out"]),
        ("kv-1 的延迟是 3 ms，而 kv-2 超时了", ["kv-1 的延迟是 3 ms", "kv-2 超时了"]),
    ],
)
def test_clauses_that_open_with_their_own_subject(text: str, clauses: list[str]) -> None:
    assert subject_clauses(text, names("kv-1", "kv-2")) == clauses


@pytest.mark.parametrize(
    ("after", "end"),
    [
        (" peers (kv-1, kv-2), and kv-3 timed out", len(" peers (kv-1, kv-2)")),
        (" 个副本（kv-1、kv-2），kv-3 超时", len(" 个副本（kv-1、kv-2）")),
        # a list told name by name goes on: each name has a clause of its own
        (
            " replicas: kv-1 at 212 s (about 3.5 min), kv-2 at 0.8 s",
            len(" replicas: kv-1 at 212 s (about 3.5 min), kv-2 at 0.8 s"),
        ),
    ],
)
def test_a_parenthesised_list_ends_at_the_next_subject_clause(after: str, end: int) -> None:
    assert clause_end(after, names("kv-1", "kv-2", "kv-3")) == end
