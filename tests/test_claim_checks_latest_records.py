"""A record told as the latest of its kind ("the most recent change is …", "最近一次变更是 …") is the latest of its
listing: a later record of the same call and subject (by the instant each states, an ISO stamp or an epoch in a
`date` field) contradicts it (latest_records.py). "the last …", several records ("the 3 most recent
requests") and a listing without instants are not judged so. Domain only, offline; rows and phrasings written
for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def audit(*entries: tuple[int, str, str]) -> EvidenceRow:
    items = [
        {"date": date, "kind": "flag", "member": {"email": who}, "titleVerb": verb, "target": {"name": "pricing-v3"}}
        for date, who, verb in entries
    ]
    return EvidenceRow(
        "au-1",
        "launchdarkly_api",
        Outcome.INDIRECT_SUPPORT,
        json.dumps({"items": items, "totalCount": len(items)}),
        {"path": "/api/v2/auditlog", "spec": "flag/pricing-v3"},
    )


# 2026-11-03 08:20 UTC and 08:55 UTC, newest first as the API lists them
TURNED_BACK_ON = audit(
    (1793696100000, "dana-lee@example.com", "turned on"), (1793694000000, "sre-oncall@example.com", "turned off")
)
ONLY_OFF = audit((1793694000000, "sre-oncall@example.com", "turned off"))


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows)]


@pytest.mark.parametrize(
    "draft",
    [
        "The most recent change to pricing-v3 is sre-oncall@example.com turning it off at 08:20 UTC.",
        "pricing-v3 最近一次变更是 sre-oncall@example.com 在 08:20 UTC 关闭了它。",
    ],
)
def test_a_record_told_as_the_latest_while_a_later_one_exists_is_contradicted(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, TURNED_BACK_ON)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("The most recent change to pricing-v3 is dana-lee@example.com turning it on at 08:55 UTC.", (TURNED_BACK_ON,)),
        ("pricing-v3 最近一次变更是 dana-lee@example.com 在 08:55 UTC 打开了它。", (TURNED_BACK_ON,)),
        ("The most recent change to pricing-v3 is sre-oncall@example.com turning it off at 08:20 UTC.", (ONLY_OFF,)),
        ("pricing-v3 最近一次变更是 sre-oncall@example.com 在 08:20 UTC 关闭了它。", (ONLY_OFF,)),
        # not told as the latest: "last" and several records
        ("The last time sre-oncall@example.com touched pricing-v3 was 08:20 UTC.", (TURNED_BACK_ON,)),
        (
            "The 2 most recent changes to pricing-v3 are by sre-oncall@example.com and dana-lee@example.com.",
            (TURNED_BACK_ON,),
        ),
    ],
)
def test_the_latest_record_or_a_claim_of_no_latest_one_is_not_contradicted(
    draft: str, rows: tuple[EvidenceRow, ...]
) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, *rows)
