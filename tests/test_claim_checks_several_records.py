"""What no single record stands against: a release a unit names beside another ("canary 1.20.0, stable
1.19.0"), two ids in one claim ("shard1 … shard0"), counts of alerts in two states; and what is no rival at
all: a time's seconds read as a release ("08:14:51.204Z"). Also a path with a date in it, and what a query
"would tell us". Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

ROLLOUT = """Name:            quote-api
Status:          ✖ Degraded
Message:         RolloutAborted: Rollout aborted update to revision 12: analysis run quote-api-12 failed
Images:          registry.local/quote-api:1.19.0 (stable)
                 registry.local/quote-api:1.20.0 (canary)"""


def rollout() -> EvidenceRow:
    return EvidenceRow("argo-1", "kubectl", Outcome.DIRECT_SUPPORT, ROLLOUT, {"command": "kubectl argo rollouts get"})


def app_log() -> EvidenceRow:
    line = 'logger=sqlstore t=2026-12-02T08:14:51.204Z level=error msg="failed to connect to database" host=10.40.8.15:5432'
    return EvidenceRow("logs-1", "read_pod_log", Outcome.DIRECT_SUPPORT, line, {"pod": "grafana-0"})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The quote-api canary on 1.20.0 was aborted by Argo Rollouts.", False),
        ("quote-api 这次金丝雀（镜像 quote-api:1.20.0）被 Argo Rollouts 中止了。", False),
        ("The quote-api canary on 1.21.0 was aborted by Argo Rollouts.", True),
        ("quote-api 这次金丝雀（镜像 quote-api:1.21.0）被 Argo Rollouts 中止了。", True),
    ],
)
def test_a_release_the_unit_names_beside_another_is_not_contradicted(draft: str, contradicted: bool) -> None:
    """A release the session never names is rejected (contradicted or invented); one the unit names is not."""
    found = statuses(draft, rollout())
    assert bool({ClaimStatus.CONTRADICTED, ClaimStatus.INVENTED} & set(found)) is contradicted, found


@pytest.mark.parametrize(
    "draft",
    [
        "grafana-0 runs Grafana 11.3.1 and failed to connect to 10.40.8.15:5432.",
        "grafana-0 上的 Grafana 11.3.1 连不上 10.40.8.15:5432。",
    ],
)
def test_a_times_seconds_are_no_release(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, app_log())


def alerts() -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "GatewayErrors", "namespace": "payments"},
            "status": {"state": "active", "silencedBy": []},
        },
        {
            "labels": {"alertname": "GatewayLatency", "namespace": "payments"},
            "status": {"state": "active", "silencedBy": []},
        },
        {
            "labels": {"alertname": "LedgerLag", "namespace": "payments"},
            "status": {"state": "suppressed", "silencedBy": ["a1"]},
        },
    ]
    return EvidenceRow(
        "am-1", "alertmanager_api", Outcome.DIRECT_SUPPORT, json.dumps(body), {"filter": "namespace=payments"}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "The payments namespace has 2 active alerts, and 1 more is suppressed by a silence.",
        "payments 命名空间当前有 2 条 active 告警，另有 1 条处于 suppressed。",
    ],
)
def test_counts_of_alerts_in_two_states_are_no_single_alerts_claim(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, alerts())


def test_two_ids_in_one_claim_name_two_records() -> None:
    listing = (
        "NAME                      STATUS   STORAGECLASS   CAPACITY\n"
        "data-shard0-0             Bound    gp3            500Gi\n"
        "data-shard1-0             Bound    gp2            500Gi\n"
    )
    row = EvidenceRow("kc-1", "kubectl", Outcome.INDIRECT_SUPPORT, listing, {"command": "kubectl get pvc"})
    for draft in ("shard1 uses gp2 while shard0 uses gp3.", "shard1 的 StorageClass 是 gp2，shard0 是 gp3。"):
        assert ClaimStatus.CONTRADICTED not in statuses(draft, row)


def test_a_date_inside_a_path_is_part_of_it() -> None:
    paths = [
        f.key
        for f in extract_facts("loaded model /models/gbm-2026-10-05.bin (212 features)")
        if f.kind == FactKind.IDENTIFIER
    ]
    assert paths == ["/models/gbm-2026-10-05.bin"]


@pytest.mark.parametrize(
    ("text", "hedge"),
    [
        ("`pg_stat_activity.application_name` for those sessions would tell us.", True),
        ("The client_addr column would show where the sessions come from.", True),
        ("The client_addr column shows the sessions come from 10.2.0.7.", False),
    ],
)
def test_what_a_query_would_tell_is_no_finding(text: str, hedge: bool) -> None:
    (claim,) = split_claims(text)
    assert (claim.kind == ClaimKind.HEDGE) is hedge


def slow_queries() -> EvidenceRow:
    rows = "\n".join(f" {1000 + i} | {900 - i * 10}.0 | SELECT {i}" for i in range(10))
    table = " queryid | mean_ms | query\n---------+---------+-------\n" + rows + "\n(10 rows)\n"
    sql = (
        "SELECT queryid, mean_exec_time AS mean_ms, query FROM pg_stat_statements WHERE mean_exec_time > 500 LIMIT 10;"
    )
    return EvidenceRow("sql-1", "run_sql", Outcome.INDIRECT_SUPPORT, table, {"sql": sql})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The query returned 10 statements averaging over 500 ms.", True),
        ("查询返回了 10 条平均耗时超过 500ms 的语句。", True),
        # "only 10" of a listing its LIMIT 10 may have cut
        ("Only 10 statements average over 500 ms in total.", False),
        ("平均耗时超过 500ms 的语句一共只有 10 条。", False),
    ],
)
def test_only_as_many_as_the_limit_cannot_be_shown(draft: str, grounded: bool) -> None:
    assert (statuses(draft, slow_queries()) == [ClaimStatus.GROUNDED]) is grounded, statuses(draft, slow_queries())


def test_a_label_and_a_figure_name_nothing() -> None:
    node = EvidenceRow("kc-9", "kubectl", Outcome.INDIRECT_SUPPORT, "NAME  STATUS\nrenderer-7c9f-abc12  Evicted\n", {})
    draft = "**Pods on the node:** 3 renderer pods are Evicted."
    assert ClaimStatus.INVENTED not in statuses(draft, node)
