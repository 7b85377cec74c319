"""A remainder the writer works out ("max_connections is 100 and 3 are reserved, leaving 97", "剩下 97 个") is
the writer's arithmetic: a figure after "leaving", "left", "remaining", "so", "剩", "所以" that equals the
difference of two values the claim stated before it is not a fact of its own; another figure still is. And a
record's value the claim itself states ("max_connections is 100 …, so 97 …") is no rival of the claim's other
figure. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SETTINGS = (
    " max_worker_processes | max_parallel_workers \n"
    "----------------------+----------------------\n"
    " 16                   | 12\n"
    "(1 row)\n"
)


def status(draft: str) -> ClaimStatus:
    row = EvidenceRow("sql-1", "run_sql", Outcome.INDIRECT_SUPPORT, SETTINGS, {"host": "pg-olap-1"})
    (check,) = [c for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    return check.status


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "max_worker_processes is 16 and max_parallel_workers is 12, leaving 4 workers for everything else.",
            ClaimStatus.GROUNDED,
        ),
        ("max_worker_processes 为 16，max_parallel_workers 为 12，剩下 4 个给其他后台进程。", ClaimStatus.GROUNDED),
        (
            "max_worker_processes is 16 and max_parallel_workers is 12, leaving 6 workers for everything else.",
            ClaimStatus.UNGROUNDED,
        ),
        ("max_worker_processes 为 16，max_parallel_workers 为 12，剩下 8 个给其他后台进程。", ClaimStatus.UNGROUNDED),
    ],
)
def test_a_remainder_of_two_stated_values_is_the_writer_s_arithmetic(draft: str, expected: ClaimStatus) -> None:
    assert status(draft) == expected


@pytest.mark.parametrize(
    "draft",
    [
        "max_worker_processes is 16 with 12 of them for parallel queries, so 4 is all the rest get.",
        "max_worker_processes 是 16，其中 12 个给并行查询，所以其余只有 4 个。",
    ],
)
def test_a_value_the_claim_states_itself_is_no_rival_of_its_other_figure(draft: str) -> None:
    assert status(draft) != ClaimStatus.CONTRADICTED
