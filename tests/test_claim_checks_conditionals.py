"""What a draft says would happen, what it would take to know, and what it did not verify are not
assertions (claim_patterns.py); two values of one dimension describe two things (rivals.py). Domain only,
offline. Phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft

CELERY = EvidenceRow(
    "worker-log",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    "[2026-12-02 07:34:04,311: WARNING/MainProcess] Soft time limit (240s) exceeded for reports.tasks.nightly[3f9c]\n"
    "[2026-12-02 07:35:04,311: ERROR/MainProcess] Hard time limit (300s) exceeded for reports.tasks.nightly[3f9c]\n",
    {"query": "reports.tasks.nightly"},
)


def kinds(draft: str) -> list[ClaimKind]:
    return [c.kind for c in split_claims(draft)]


@pytest.mark.parametrize(
    "draft",
    [
        "If the two racks stay powered off, TargetDown will fire for node-exporter.",
        "如果两台机器到时候还没恢复，TargetDown 告警就会发出来。",
        "一旦磁盘写满，NodeDiskFull 就会触发。",
        "Unless the cert is renewed, the probe will start failing.",
    ],
)
def test_what_would_happen_is_a_hedge_not_an_assertion(draft: str) -> None:
    assert ClaimKind.FACT not in kinds(draft)
    assert all(c.status != ClaimStatus.INVENTED for c in check_draft(draft, [CELERY]))


@pytest.mark.parametrize(
    "draft",
    [
        "TargetDown is firing for node-exporter.",  # asserted: names nothing the session mentions
        "TargetDown 告警已经在 node-exporter 上触发了。",
    ],
)
def test_the_same_names_asserted_are_still_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in [c.status for c in check_draft(draft, [CELERY])]


@pytest.mark.parametrize(
    "draft",
    ["要用 _cat/shards 和 _cat/allocation 才能确认。", "You would need the shard allocation API to confirm it."],
)
def test_what_it_would_take_to_know_is_advice(draft: str) -> None:
    assert kinds(draft) == [ClaimKind.ADVICE]


@pytest.mark.parametrize(
    "draft",
    [
        "我没有逐条验证这 412 条是否都是 503。",
        "按状态码没有再拆分，所以这一点未验证。",
        "说明软超时没有被处理，或者任务卡在阻塞调用里。",
        "Either the handler swallowed SoftTimeLimitExceeded or the task was blocked on I/O.",
    ],
)
def test_what_was_not_verified_and_alternatives_are_hedges(draft: str) -> None:
    assert kinds(draft) == [ClaimKind.HEDGE]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("reports.tasks.nightly has a soft limit of 240s and a hard limit of 300s.", False),
        ("reports.tasks.nightly 配的是 soft 240s / hard 300s 的时间限制。", False),
        ("reports.tasks.nightly hit its hard time limit of 200s.", True),
    ],
)
def test_two_durations_of_one_claim_are_two_values_not_a_rival(draft: str, contradicted: bool) -> None:
    checks = [c for c in check_draft(draft, [CELERY]) if c.kind == ClaimKind.FACT]
    assert (checks[0].status == ClaimStatus.CONTRADICTED) is contradicted


def test_a_wrong_duration_is_never_grounded() -> None:
    checks = [
        c
        for c in check_draft("reports.tasks.nightly 的 hard time limit 是 200s。", [CELERY])
        if c.kind == ClaimKind.FACT
    ]
    assert checks[0].status != ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "I haven't identified which application is holding the connections yet — that's step 1.",
        "We have not determined which client opened them.",
    ],
)
def test_what_the_writer_has_not_found_out_is_a_hedge(draft: str) -> None:
    assert ClaimKind.FACT not in kinds(draft)


SESSION_TARGETS = EvidenceRow(
    "targets",
    "query_metrics",
    Outcome.INDIRECT_SUPPORT,
    '{"status":"success","data":{"resultType":"vector","result":['
    '{"metric":{"instance":"session-redis-node-0:9121"},"value":[1,"1"]},'
    '{"metric":{"instance":"session-redis-node-1:9121"},"value":[1,"1"]},'
    '{"metric":{"instance":"session-redis-node-2:9121"},"value":[1,"1"]}]}}',
    {"query": 'up{service="session-redis-metrics"}'},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The exporter scrapes session-redis-node-0/1/2.", False),
        ("exporter 抓的是 session-redis-node-0/1/2 三个实例。", False),
        ("The exporter scrapes session-redis-node-0/1/3.", True),
        ("exporter 抓的是 session-redis-node-1/2/4 三个实例。", True),
    ],
)
def test_names_joined_by_their_numbers_are_each_named(draft: str, invented: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [SESSION_TARGETS])]
    assert (ClaimStatus.INVENTED in statuses) is invented


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("So reports.tasks.nightly hit its hard time limit of 300s.", ClaimKind.FACT),
        ("所以 reports.tasks.nightly 触发了 300s 的 hard time limit。", ClaimKind.FACT),
        ("So the hard limit was hit because the export query ran long.", ClaimKind.CAUSAL),
        ("所以是因为导出查询太慢才触发了 hard limit。", ClaimKind.CAUSAL),
    ],
)
def test_a_consequence_asserts_what_follows_unless_it_gives_a_cause(draft: str, kind: ClaimKind) -> None:
    assert kinds(draft) == [kind]


SILENCES = EvidenceRow(
    "amtool-silences",
    "run_shell",
    Outcome.INDIRECT_SUPPORT,
    "ID                                    Matchers                                                   Ends At                  Created By  Comment\n"
    '5c1e2f7a-3b4d-4e6f-8a9b-0c1d2e3f4a5b  alertname="BrokerDown" cluster="kafka-prod" severity="warning"  2026-12-27 20:00:00 UTC  zhao.min    disk swap\n'
    '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a  alertname="UnderReplicated" cluster="kafka-prod"            2026-12-27 20:00:00 UTC  zhao.min    disk swap\n',
    {"command": "amtool silence query"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The silence covers BrokerDown alerts of every severity on kafka-prod.", True),
        ("这个静默覆盖了 kafka-prod 上所有级别的 BrokerDown 告警。", True),
        ("The silence covers UnderReplicated alerts of every severity on kafka-prod.", False),
        ("这个静默覆盖了 kafka-prod 上所有级别的 UnderReplicated 告警。", False),
    ],
)
def test_every_severity_is_contradicted_by_a_matcher_that_pins_one(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [SILENCES])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted
