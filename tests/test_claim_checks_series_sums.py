"""A total the claim gives of what one query's series add up to ("一共 39 条", "412 errors across the three
pods"): grounded when one call's instant-vector series add up to it, every other fact being what the call
asked or what every series shows. Domain only, offline; phrasings written for these tests, both ways and
both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

_QUERY = 'sum by (channel) (count_over_time({app="payment-callback"} |= "signature verify failed" [1h]))'


def vector(values: dict[str, str], result_type: str = "vector") -> EvidenceRow:
    if result_type == "vector":
        result = [{"metric": {"channel": k}, "value": [1778554800, v]} for k, v in values.items()]
    else:  # a range query: the same figures as samples of one series each
        result = [{"metric": {"channel": k}, "values": [[1778554800, v]]} for k, v in values.items()]
    body = {"status": "success", "data": {"resultType": result_type, "result": result}}
    params = {"query": _QUERY, "time": "2026-05-12T03:00:00Z"}
    return EvidenceRow("lk-1", "loki_query", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def rates() -> EvidenceRow:
    result = [
        {"metric": {"pod": "api-gw-6fd8b7c94-fl2rk"}, "value": [1778554800, "0.31"]},
        {"metric": {"pod": "api-gw-6fd8b7c94-q8m2x"}, "value": [1778554800, "0.09"]},
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    params = {"query": 'sum by (pod) (rate(http_requests_total{job="api-gw",code=~"5.."}[5m]))'}
    return EvidenceRow("pm-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


def grounded(draft: str, row: EvidenceRow) -> bool:
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found
    return found == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("过去 1 小时一共 39 条 signature verify failed。", True),
        ("过去 1 小时一共 41 条 signature verify failed。", False),
        ("There were 39 signature verify failed lines in the hour up to 03:00 UTC.", True),
        ("There were 37 signature verify failed lines in the hour up to 03:00 UTC.", True),  # alipay's own
        ("There were 40 signature verify failed lines in the hour up to 03:00 UTC.", False),
    ],
)
def test_a_total_is_the_sum_of_one_querys_series(draft: str, expected: bool) -> None:
    assert grounded(draft, vector({"alipay": "37", "wechatpay": "2"})) is expected


@pytest.mark.parametrize(
    "draft",
    ["过去 1 小时一共 39 条 signature verify failed。", "There were 39 signature verify failed lines in the hour."],
)
def test_samples_of_a_range_query_are_never_summed(draft: str) -> None:
    assert not grounded(draft, vector({"alipay": "37", "wechatpay": "2"}, result_type="matrix"))


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("api-gw is returning about 0.4 5xx/s in total.", True),
        ("api-gw 目前 5xx 总共约 0.4 次/秒。", True),
        ("api-gw is returning about 0.5 5xx/s in total.", False),
        ("api-gw 目前 5xx 总共约 0.6 次/秒。", False),
    ],
)
def test_a_rate_summed_over_pods_is_stated_at_its_precision(draft: str, expected: bool) -> None:
    assert grounded(draft, rates()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # an error rate is a rate: "0.31 5xx/s" is read, never left unread
        ("api-gw-6fd8b7c94-fl2rk serves 0.31 5xx/s.", True),
        ("api-gw-6fd8b7c94-fl2rk 的 5xx 速率是 0.31 errors/s。", True),
        ("api-gw-6fd8b7c94-fl2rk serves 0.09 5xx/s.", False),
        ("api-gw-6fd8b7c94-fl2rk 的 5xx 速率是 0.9 errors/s。", False),
    ],
)
def test_errors_per_second_are_a_rate(draft: str, expected: bool) -> None:
    assert grounded(draft, rates()) is expected


def three_rates() -> EvidenceRow:
    result = [
        {"metric": {"pod": f"api-gw-6fd8b7c94-{suffix}"}, "value": [1778554800, value]}
        for suffix, value in (("fl2rk", "1.2"), ("q8m2x", "0.5"), ("t7c4d", "0.3"))
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    params = {"query": 'sum by (pod) (rate(http_requests_total{job="api-gw",code=~"5.."}[5m]))'}
    return EvidenceRow("pm-3", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # 1.2 + 0.5 + 0.3 is 2.0: a figure written to the tenth is their sum, a whole "2" is not
        ("The other two pods are fine.", False),
        ("另外两个实例正常。", False),
        ("api-gw returns 2.0 5xx/s in total.", True),
        ("api-gw 的 5xx 合计 2.0 次/秒。", True),
    ],
)
def test_a_whole_number_is_never_a_sum_of_fractions(draft: str, expected: bool) -> None:
    assert grounded(draft, three_rates()) is expected


def probes() -> EvidenceRow:
    regions = {"us-east-1": "0", "us-west-2": "1", "eu-west-1": "1", "ap-southeast-1": "1"}
    result = [
        {"metric": {"job": "blackbox-https", "region": region}, "value": [1791293880.2, up]}
        for region, up in regions.items()
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    return EvidenceRow(
        "pm-probe",
        "query_metrics",
        Outcome.DIRECT_SUPPORT,
        json.dumps(body),
        {"query": 'probe_success{job="blackbox-https"}'},
    )


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # "N of M" out of the M series the call lists: the sum of their 0s and 1s
        ("The site is reachable from 3 of 4 probe regions.", True),
        ("4 个探测区域中有 3 个成功。", True),
        ("The site is reachable from 2 of 4 probe regions.", False),
        ("4 个探测区域中有 2 个成功。", False),
        ("The site is reachable from 3 of 5 probe regions.", False),  # the call lists four
    ],
)
def test_n_of_m_series_is_their_sum_out_of_them(draft: str, expected: bool) -> None:
    assert grounded(draft, probes()) is expected
