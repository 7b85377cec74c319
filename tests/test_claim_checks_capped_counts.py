"""A count the tool says it capped is a lower bound, never an exact figure. AWS Config gives a rule's
non-compliant resources as {"CappedCount": 100, "CapExceeded": true}: there are at least 100, maybe thousands;
GitHub's search gives {"total_count": 1000, "incomplete_results": true}. "exactly 100 buckets" and "有 100 个"
are not shown by it; "at least 100", "100+", "至少 100 个", "超过 100 个" are. The same count with the flag false
is exact. Chinese bounds read both ways too: "至少 / 不少于 / 不低于" is at least, "至多 / 不超过 / 不多于" at most
("不超过" holds "超过", and the longer cue is the one said).

Domain only, offline; payloads and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.fact_model import Comparison
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def config_rule(exceeded: bool) -> EvidenceRow:
    body = {
        "ComplianceByConfigRules": [
            {
                "ConfigRuleName": "s3-bucket-logging-enabled",
                "Compliance": {
                    "ComplianceType": "NON_COMPLIANT",
                    "ComplianceContributorCount": {"CappedCount": 100, "CapExceeded": exceeded},
                },
            }
        ]
    }
    return EvidenceRow("cfg-1", "aws_cli", Outcome.INDIRECT_SUPPORT, json.dumps(body, indent=4), {})


def code_search(incomplete: bool) -> EvidenceRow:
    body = {
        "total_count": 1000,
        "incomplete_results": incomplete,
        "items": [{"name": "settings.py", "path": "billing/settings.py", "repository": {"full_name": "acme/billing"}}],
    }
    return EvidenceRow("gh-1", "github_api", Outcome.INDIRECT_SUPPORT, json.dumps(body, indent=2), {})


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    (check,) = [c for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    return check.status


EXACT = [
    "s3-bucket-logging-enabled is NON_COMPLIANT for exactly 100 buckets.",
    "s3-bucket-logging-enabled flags 100 non-compliant buckets.",
    "s3-bucket-logging-enabled 有 100 个不合规的桶。",
    "s3-bucket-logging-enabled 正好 100 个桶不合规。",
    "s3-bucket-logging-enabled is NON_COMPLIANT with exactly 100 unlogged S3 buckets.",  # a bare figure
]
AT_LEAST = [
    "s3-bucket-logging-enabled is NON_COMPLIANT for at least 100 buckets.",
    "s3-bucket-logging-enabled flags more than 100 non-compliant buckets.",
    "s3-bucket-logging-enabled flags 100+ buckets.",
    "s3-bucket-logging-enabled 至少有 100 个不合规的桶。",
    "s3-bucket-logging-enabled 有超过 100 个桶不合规。",
    "s3-bucket-logging-enabled has at least 100 unlogged S3 buckets.",
    "s3-bucket-logging-enabled 有 100 多个没开日志的 S3 桶。",
]


@pytest.mark.parametrize("draft", EXACT)
def test_an_exact_count_is_not_shown_by_a_capped_one(draft: str) -> None:
    assert status(draft, config_rule(exceeded=True)) == ClaimStatus.UNGROUNDED


@pytest.mark.parametrize("draft", AT_LEAST)
def test_a_lower_bound_is_shown_by_a_capped_count(draft: str) -> None:
    assert status(draft, config_rule(exceeded=True)) == ClaimStatus.GROUNDED


@pytest.mark.parametrize("draft", EXACT[:3])
def test_a_count_below_its_cap_is_exact(draft: str) -> None:
    assert status(draft, config_rule(exceeded=False)) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    ("draft", "incomplete", "expected"),
    [
        ("The code search found 1000 results.", True, ClaimStatus.UNGROUNDED),
        ("代码搜索共找到 1000 条结果。", True, ClaimStatus.UNGROUNDED),
        ("The code search found more than 1000 results.", True, ClaimStatus.GROUNDED),
        ("代码搜索找到了不少于 1000 条结果。", True, ClaimStatus.GROUNDED),
        ("The code search found 1000 results.", False, ClaimStatus.GROUNDED),
        ("代码搜索共找到 1000 条结果。", False, ClaimStatus.GROUNDED),
    ],
)
def test_a_search_total_with_incomplete_results_is_a_lower_bound(
    draft: str, incomplete: bool, expected: ClaimStatus
) -> None:
    assert status(draft, code_search(incomplete)) == expected


@pytest.mark.parametrize(
    ("text", "comparison"),
    [
        ("队列里至少有 40 条消息", Comparison.ABOVE),
        ("延迟不低于 250 ms", Comparison.ABOVE),
        ("重试不少于 3 次", Comparison.ABOVE),
        ("延迟不超过 250 ms", Comparison.BELOW),
        ("重试不多于 3 次", Comparison.BELOW),
        ("每个分片至多 2 个副本", Comparison.BELOW),
        ("延迟超过 250 ms", Comparison.ABOVE),
        ("延迟低于 250 ms", Comparison.BELOW),
        ("错误最多，有 30 条", Comparison.EQUAL),  # "the most", no bound
    ],
)
def test_chinese_bounds_read_both_ways(text: str, comparison: Comparison) -> None:
    quantities = [f for f in extract_facts(text) if f.quantity is not None and f.kind != FactKind.TIME]
    assert [f.quantity.comparison for f in quantities] == [comparison]
