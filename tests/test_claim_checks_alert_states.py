"""An alert's state in a claim. "Active" is Alertmanager's word for an alert that fires and is held back by
no silence or inhibition, so a suppressed alert contradicts it (a suppressed alert still fires); a claim that
says the alert is held back as well uses "active" for firing. A state of nothing named ("some alerts are
firing") is vague. amtool's Title Case table lists alerts with their states. Domain only, offline;
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.evidence import classify
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Invocation, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def alertmanager(state: str, inhibited_by: tuple[str, ...] = ()) -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "NodeUnreachable", "severity": "critical", "instance": "cache-4.internal:9100"},
            "status": {"state": state, "silencedBy": [], "inhibitedBy": list(inhibited_by)},
            "receivers": [{"name": "oncall-infra"}],
            "startsAt": "2026-03-09T21:40:05Z",
        },
        {
            "labels": {"alertname": "RackPduFeedLost", "severity": "critical", "rack": "fra2-r07"},
            "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},
            "receivers": [{"name": "oncall-dc"}],
            "startsAt": "2026-03-09T21:39:41Z",
        },
    ]
    return EvidenceRow("am-7", "alertmanager_api", Outcome.DIRECT_SUPPORT, json.dumps(body), {"active": True})


def checks(draft: str, *rows: EvidenceRow) -> list[tuple[ClaimKind, ClaimStatus]]:
    return [(c.kind, c.status) for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [status for _, status in checks(draft, *rows)]


SUPPRESSED = alertmanager("suppressed", ("f00dfeed",))
ACTIVE = alertmanager("active")


@pytest.mark.parametrize(
    "draft",
    [
        "NodeUnreachable for cache-4.internal is also active.",
        "NodeUnreachable has been active since 21:40:05 UTC.",
        "NodeUnreachable (cache-4.internal) is still active and pages oncall-infra.",
        "cache-4.internal 的 NodeUnreachable 目前仍是 active 状态。",
        "NodeUnreachable 告警状态为 active。",
    ],
)
def test_active_is_contradicted_by_a_suppressed_alert_and_shown_by_an_active_one(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, SUPPRESSED)
    assert statuses(draft, ACTIVE) == [ClaimStatus.GROUNDED] * len(statuses(draft, ACTIVE))


@pytest.mark.parametrize(
    "draft",
    [
        "NodeUnreachable is firing for cache-4.internal.",
        "NodeUnreachable is still active (inhibited by RackPduFeedLost).",
        "NodeUnreachable 仍是 active 状态（已被抑制）。",
    ],
)
def test_firing_and_active_but_held_back_agree_with_a_suppressed_alert(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, SUPPRESSED)


@pytest.mark.parametrize(
    "draft",
    [
        "The worker pool of cache-4.internal had all 64 threads active.",
        "cache-4.internal 上 64 个线程全部 active，NodeUnreachable 告警也在。",
    ],
)
def test_active_after_a_noun_is_no_alert_state(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, SUPPRESSED)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("Some alerts are firing right now.", ClaimStatus.UNCHECKABLE),
        ("目前有告警正在触发。", ClaimStatus.UNCHECKABLE),
        # a state of nothing named is still contradicted by what every alert shows
        ("The alerts have all resolved by now.", ClaimStatus.CONTRADICTED),
        ("告警都已恢复。", ClaimStatus.CONTRADICTED),
        # named, it is checked
        ("RackPduFeedLost is firing.", ClaimStatus.GROUNDED),
        ("RackPduFeedLost 告警正在触发。", ClaimStatus.GROUNDED),
    ],
)
def test_a_state_of_nothing_named_is_vague(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, ACTIVE) == [status]


AMTOOL = (
    "Alertname              Starts At                Summary                                          State\n"
    "QueueBacklogGrowing    2026-08-02 04:11:52 UTC  backlog on mq-1 above 50k for 10m                 active\n"
    "QueueConsumerStalled   2026-08-02 04:13:20 UTC  no acks from consumer group billing on mq-1       active\n"
    "DiskFillingUp          2026-08-01 22:05:09 UTC  /var/lib/rabbitmq on mq-3 will fill in 6h          suppressed\n"
)


def amtool() -> EvidenceRow:
    params = {"command": "amtool alert query -s -i cluster=mq"}
    reading = classify(Invocation("amt-1", "s", "shell", params, success=True, output_preview=AMTOOL))
    return EvidenceRow("amt-1", "shell", reading.outcome, AMTOOL, params, format_id=reading.format_id)


def test_amtools_title_case_table_is_a_table_of_alerts_with_states() -> None:
    row = amtool()
    assert row.format_id == "aligned_table"
    assert row.outcome == Outcome.DIRECT_SUPPORT  # an active alert is a direct hit


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("Two alerts are active on mq-1.", ClaimStatus.GROUNDED),
        ("mq-1 上有 2 条告警处于 active 状态。", ClaimStatus.GROUNDED),
        ("DiskFillingUp on mq-3 is suppressed.", ClaimStatus.GROUNDED),
        ("DiskFillingUp on mq-3 is active.", ClaimStatus.CONTRADICTED),
        ("mq-3 的 DiskFillingUp 仍是 active 状态。", ClaimStatus.CONTRADICTED),
        ("Three alerts are active on mq-1.", ClaimStatus.UNGROUNDED),
    ],
)
def test_states_read_from_amtools_table(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, amtool()) == [status]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("NodeUnreachable pages nobody. Its state is suppressed, inhibited by RackPduFeedLost.", False),
        ("NodeUnreachable 没有通知任何人。它的状态是 suppressed，`inhibitedBy` 指向 RackPduFeedLost 那条告警。", False),
        ("NodeUnreachable 没有通知任何人。它被 RackPduFeedLost 抑制了，状态是 suppressed。", False),
        # the holder named as the subject is still checked
        ("RackPduFeedLost is suppressed.", True),
        ("RackPduFeedLost 处于 suppressed 状态。", True),
    ],
)
def test_the_alert_holding_another_back_is_not_the_claims_subject(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, SUPPRESSED)) is contradicted


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("ElasticsearchPendingTasksHigh is firing with 37 pending cluster tasks.", False),
        ("ElasticsearchPendingTasksHigh 在 firing，有 37 个 pending 的集群任务。", False),
        ("The alert ElasticsearchPendingTasksHigh is still pending.", True),
        ("ElasticsearchPendingTasksHigh 告警目前仍是 pending。", True),
    ],
)
def test_a_counted_things_pending_is_no_alert_state(text: str, state: bool) -> None:
    from evidence_trace.server.domain.verifier.facts import extract_facts

    assert any(f.kind.name == "STATE" and f.key == "pending" for f in extract_facts(text)) is state


def silenced_alert() -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "NodeUnreachable", "severity": "critical", "instance": "cache-4.internal:9100"},
            "status": {"state": "suppressed", "silencedBy": ["5d1c0e3a"], "inhibitedBy": []},
            "receivers": [{"name": "oncall-infra"}],
            "startsAt": "2026-03-09T21:40:05Z",
        }
    ]
    return EvidenceRow("am-8", "alertmanager_api", Outcome.DIRECT_SUPPORT, json.dumps(body), {"active": True})


@pytest.mark.parametrize(
    "draft",
    [
        # "nobody has silenced it", "no one has silenced it": the alert is not silenced
        "NodeUnreachable for cache-4.internal is still paging: nobody has silenced it.",
        "No one has silenced the NodeUnreachable alert for cache-4.internal.",
        "cache-4.internal 的 NodeUnreachable 告警没有被静默。",
    ],
)
def test_nobody_silenced_it_is_denied_by_a_silenced_alert(draft: str) -> None:
    assert not all(s == ClaimStatus.GROUNDED for s in statuses(draft, silenced_alert()))
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ACTIVE)


def alerts_series(result_type: str, *series: tuple[str, str]) -> EvidenceRow:
    """Prometheus' ALERTS series for NodeDiskPressure, one per (instance, alertstate): an instant vector's
    sample, or a range's samples that stop at 04:10 UTC."""
    key = "value" if result_type == "vector" else "values"
    samples: list = [1796875800, "1"] if result_type == "vector" else [[1796874000, "1"], [1796875800, "1"]]
    result = [
        {
            "metric": {"__name__": "ALERTS", "alertname": "NodeDiskPressure", "alertstate": s, "instance": i},
            key: samples,
        }
        for i, s in series
    ]
    body = {"status": "success", "data": {"resultType": result_type, "result": result}}
    query = 'ALERTS{alertname="NodeDiskPressure"}'
    return EvidenceRow("prom-alerts", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


NOW = alerts_series("vector", ("ip-10-0-1-21", "firing"), ("ip-10-0-2-44", "pending"))
RANGE = alerts_series("matrix", ("ip-10-0-1-21", "firing"))


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("NodeDiskPressure is firing on ip-10-0-1-21.", ClaimStatus.GROUNDED),
        ("ip-10-0-1-21 上的 NodeDiskPressure 正在 firing。", ClaimStatus.GROUNDED),
        ("NodeDiskPressure is firing on ip-10-0-2-44.", ClaimStatus.CONTRADICTED),
        ("ip-10-0-2-44 上的 NodeDiskPressure 正在 firing。", ClaimStatus.CONTRADICTED),
        ("NodeDiskPressure on ip-10-0-2-44 is still pending.", ClaimStatus.GROUNDED),
        ("ip-10-0-1-21 的 NodeDiskPressure 已经恢复了。", ClaimStatus.CONTRADICTED),
        ("NodeDiskPressure on ip-10-0-1-21 has been resolved.", ClaimStatus.CONTRADICTED),
        # a denied recovery is a firing alert
        ("ip-10-0-1-21 的 NodeDiskPressure 并非已经恢复。", ClaimStatus.GROUNDED),
        ("NodeDiskPressure on ip-10-0-1-21 is not resolved.", ClaimStatus.GROUNDED),
    ],
)
def test_an_instant_alerts_series_states_the_alert_state_by_its_alertstate_label(
    draft: str, status: ClaimStatus
) -> None:
    assert checks(draft, NOW) == [(ClaimKind.FACT, status)]


@pytest.mark.parametrize(
    "draft",
    ["NodeDiskPressure on ip-10-0-1-21 has stopped firing.", "ip-10-0-1-21 的 NodeDiskPressure 已经不再 firing 了。"],
)
def test_a_range_of_alerts_samples_says_nothing_of_the_state_now(draft: str) -> None:
    # the series' samples stop at 04:10: it fired then; whether it fires now is another query's to say
    assert checks(draft, RANGE) != [(ClaimKind.FACT, ClaimStatus.CONTRADICTED)]
