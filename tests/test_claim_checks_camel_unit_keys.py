"""A key whose CamelCase name ends in its unit (unit_numbers._NAME_HINTS): softDeleteRetentionPeriodInDays,
maxAgeHours, timeoutInMinutes.

snake_case keys already gave their unit (retention_days, max_age_hours); a CamelCase key's unit, glued to the word
before it, was not read, so "a 14-day retention period" did not find `"softDeleteRetentionPeriodInDays": 14`. A unit
of work (`SlotHours`, `NodeHours`) is still no duration.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.unit_numbers import _name_hint

VAULT = EvidenceRow(
    "v-1",
    "az_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "name": "rsv-ops-weu",
            "properties": {"softDeleteRetentionPeriodInDays": 21, "recoveryPointMaxAgeHours": 36},
            "job": {"timeoutInMinutes": 45},
        },
        indent=2,
    ),
    {"command": "az backup vault backup-properties show -n rsv-ops-weu -g rg-ops"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [VAULT]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "rsv-ops-weu keeps soft-deleted items for a 21-day retention period.",
        "rsv-ops-weu 的软删除保留期是 21 天。",
        "rsv-ops-weu allows recovery points up to 36 hours old.",
        "rsv-ops-weu 的备份作业超时时间为 45 分钟。",
    ],
)
def test_the_value_in_the_unit_the_key_names_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "rsv-ops-weu keeps soft-deleted items for 21 hours.",
        "rsv-ops-weu 的软删除保留期是 21 小时。",
        "rsv-ops-weu allows recovery points up to 36 days old.",
        "rsv-ops-weu 的恢复点最多可以是 36 天前的。",
    ],
)
def test_another_unit_does_not_ground(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    ("key", "seconds"),
    [
        ("softDeleteRetentionPeriodInDays", 86400),
        ("maxAgeHours", 3600),
        ("timeoutInMinutes", 60),
        ("SlotHours", None),
        ("holidays", None),
    ],
)
def test_the_unit_a_key_names(key: str, seconds: int | None) -> None:
    dimension, factor = _name_hint(key)
    assert (factor / 1000 if dimension is not None else None) == seconds
