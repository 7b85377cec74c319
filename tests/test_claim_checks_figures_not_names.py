"""Three readings that made correct answers REJECTed.

A figure in parentheses after a name ("broker 1（960）", "broker 2 (953)") is that name's value, not a name the
session must mention: shown or not, it invents nothing (it must still be shown to ground the claim).

A name written with quotes (a PromQL selector `up{namespace="orders"}`) is mentioned where the session gives it
inside a JSON string, its quotes escaped (`"query": "up{namespace=\\"orders\\"}"`); another selector is still
invented.

A unit whose value for a count is another figure the claim states ("1,842 of 1,845 rows" where the unit gives
1842 rows) does not contradict the count. Domain only, offline; rows and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT]


PARTITIONS = EvidenceRow(
    "k-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "broker 1: 812 partitions\nbroker 2: 790 partitions\nbroker 3: 805 partitions\n",
    {"command": "kafka-broker-api-versions | partition counts"},
)


@pytest.mark.parametrize(
    "draft",
    ["broker 1（960）和 broker 2（953）会超过上限。", "broker 1 (960) and broker 2 (953) would be over the limit."],
)
def test_a_figure_in_parentheses_after_a_name_invents_nothing(draft: str) -> None:
    found = statuses(draft, PARTITIONS)
    assert found and ClaimStatus.INVENTED not in found and ClaimStatus.GROUNDED not in found


def up_series() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": {}, "value": [1790000000, "2"]}]},
    }
    return EvidenceRow(
        "m-1", "query_metrics", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": 'sum(up{namespace="orders"})'}
    )


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ('Targets (`up{namespace="orders"}`): 2 are up.', False),
        ('目标（`up{namespace="orders"}`）：2 个 up。', False),
        ('Targets (`up{namespace="billing"}`): 2 are up.', True),
        ('目标（`up{namespace="billing"}`）：2 个 up。', True),
    ],
)
def test_a_quoted_name_is_mentioned_by_the_json_string_that_escapes_it(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, up_series())) is invented


def dlq(rows: int) -> EvidenceRow:
    body = {"jobs": [{"reason": "promo_code_invalid", "rows": rows}, {"reason": "schema_mismatch", "rows": 3}]}
    return EvidenceRow(
        "q-1", "bq_query", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": "select reason, count(*) rows"}
    )


@pytest.mark.parametrize(
    "draft",
    ["1,842 of 1,845 DLQ rows are promo_code_invalid.", "1,845 条 DLQ rows 中有 1,842 条是 promo_code_invalid。"],
)
def test_a_units_value_the_claim_states_as_its_part_is_no_rival(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, dlq(1842))


@pytest.mark.parametrize(
    "draft", ["promo_code_invalid accounts for 1,900 DLQ rows.", "promo_code_invalid 有 1,900 DLQ rows。"]
)
def test_another_count_is_still_a_rival(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, dlq(1842))
