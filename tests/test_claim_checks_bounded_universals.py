"""A universal bound over the records of one listing ("the top 5 tables are all above 20% dead tuples",
"排名前 5 的表死元组比例都在 20% 以上", "all checks answered under 300 ms"): each record in range must meet the
bound; one that does not, beside others that do, contradicts the claim. The first N records when the claim
counts them. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DEAD_TUPLES = (
    "     relname      | n_dead_tup | dead_pct\n"
    "------------------+------------+----------\n"
    " order_events     |  98220410  |     41.2\n"
    " carts            |  11907655  |     26.5\n"
    " coupons          |   2118093  |     22.8\n"
    " customers        |     51006  |      4.1\n"
    "(4 rows)\n"
)
CHECKS = (
    "region       status  http_code  time_ms\n"
    "us-east-1    ok      200        212\n"
    "eu-west-1    ok      200        188\n"
    "ap-south-1   ok      200        1480\n"
)


def rows() -> list[EvidenceRow]:
    return [
        EvidenceRow("sql-1", "run_sql", Outcome.DIRECT_SUPPORT, DEAD_TUPLES, {"sql": "SELECT relname ... LIMIT 4"}),
        EvidenceRow("hc-1", "http_check", Outcome.DIRECT_SUPPORT, CHECKS, {"url": "https://pay.example/health"}),
    ]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("排名前 4 的表死元组比例都在 20% 以上。", True),
        ("The top 4 tables all have over 20% dead tuples.", True),
        ("排名前 3 的表死元组比例都在 20% 以上。", False),  # the first three are
        ("The top 3 tables all have over 20% dead tuples.", False),
        ("All three regions answered in under 300 ms.", True),
        ("三个区域的拨测耗时都在 300 ms 以下。", True),
        ("All three regions answered in under 2 s.", False),
        ("三个区域的拨测耗时都在 2 秒以内。", False),
    ],
)
def test_a_universal_bound_holds_of_every_record_in_range(draft: str, contradicted: bool) -> None:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.CONTRADICTED in found) is contradicted, found
