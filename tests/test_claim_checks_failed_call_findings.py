"""A claim of names only whose words are what a failed call asked ("Heap usage on ledger-api looks healthy"
where the heap query timed out and a GC query about ledger-api answered) is not grounded by the call that
answered: what it says is in none of the answers, only in the failed call's question. A claim that tells of
the failure itself, or says what an answering call shows, is left alone. Domain only, offline; phrasings
written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def rows() -> list[EvidenceRow]:
    heap = 'sum by (pod) (jvm_memory_used_bytes{app="ledger-api",area="heap"})'
    gc = 'sum by (pod) (rate(jvm_gc_pause_seconds_sum{app="ledger-api"}[5m]))'
    result = [{"metric": {"pod": "ledger-api-0"}, "value": [1768925050, "0.0118"]}]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    return [
        EvidenceRow(
            "q-heap",
            "query_metrics",
            Outcome.FAILED,
            "",
            {"query": heap},
            error_message="context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
            error_kind=ErrorKind.TIMEOUT,
        ),
        EvidenceRow("q-gc", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": gc}),
    ]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Heap usage on ledger-api looks healthy.", False),
        ("ledger-api 的 heap 使用正常，离上限还很远。", False),
        ("GC on ledger-api looks healthy.", True),
        ("ledger-api 的 GC 一切正常。", True),
    ],
)
def test_what_only_a_failed_call_asked_is_no_finding(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found


@pytest.mark.parametrize("draft", ["The heap query for ledger-api timed out.", "ledger-api 的 heap 查询超时了。"])
def test_a_claim_of_the_failure_itself_is_left_alone(draft: str) -> None:
    reasons = [c.reason for c in check_draft(draft, rows())]
    assert not any("failed call" in r for r in reasons)


def probe() -> EvidenceRow:
    return EvidenceRow(
        "hc-7",
        "http_check",
        Outcome.FAILED,
        "curl: (7) Failed to connect to 10.30.2.15 port 8443 after 3 ms: Connection refused\n",
        {"command": "curl -sS -o /dev/null https://10.30.2.15:8443/health"},
        error_message="exit status 7",
        error_kind=ErrorKind.EXECUTION_ERROR,
    )


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the failure is what the probe found: its error shows the subject, the way it failed, its figures
        ("The TCP connection to 10.30.2.15:8443 is refused (curl exit 7 after 3 ms).", True),
        ("连接 10.30.2.15:8443 被拒绝（3 ms 后 curl 退出码 7）。", True),
        ("The TCP connection to 10.30.2.15:8443 is refused after 30 ms.", False),  # another figure
        ("The connection to 10.30.2.15:8443 timed out.", False),  # another way of failing
        ("连接 10.30.2.15:8443 超时了。", False),
    ],
)
def test_a_fact_telling_how_a_probe_failed_is_grounded_by_its_error(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [probe()]) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found


def lag_rows(lag_answered: bool) -> list[EvidenceRow]:
    lag = 'sum by (consumergroup) (kafka_consumergroup_lag{consumergroup="billing"})'
    empty = {"status": "success", "data": {"resultType": "vector", "result": []}}
    answered = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": {"consumergroup": "billing"}, "value": [1, "0"]}]},
    }
    up = {
        "status": "success",
        "data": {"resultType": "vector", "result": [{"metric": {"job": "kafka-exporter"}, "value": [1, "0"]}]},
    }
    return [
        EvidenceRow(
            "q-lag",
            "query_metrics",
            Outcome.DIRECT_SUPPORT if lag_answered else Outcome.NO_HIT,
            json.dumps(answered if lag_answered else empty),
            {"query": lag},
        ),
        EvidenceRow(
            "q-up", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(up), {"query": 'up{job="kafka-exporter"}'}
        ),
    ]


@pytest.mark.parametrize(
    ("draft", "answered", "grounded"),
    [
        # a bare figure said of what only an empty query asked: any unit's 0 (the exporter's up) is not it
        ("The lag of the billing consumer group is currently 0.", False, False),
        ("billing 消费组的积压（lag）目前为 0。", False, False),
        ("The lag of the billing consumer group is currently 0.", True, True),
        ("billing 消费组的积压（lag）目前为 0。", True, True),
    ],
)
def test_a_bare_figure_of_what_an_empty_query_asked_is_not_shown(draft: str, answered: bool, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, lag_rows(answered)) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found


def lag_and_pods(lag_answered: bool) -> list[EvidenceRow]:
    pods = "NAME                       READY   STATUS    RESTARTS   AGE\nledger-writer-6c9d-x2kq4   1/1     Running   0          4d\n"
    return [
        *lag_rows(lag_answered),
        EvidenceRow("k-pods", "kubectl", Outcome.INDIRECT_SUPPORT, pods, {"args": "get pods"}),
    ]


@pytest.mark.parametrize(
    ("draft", "answered", "grounded"),
    [
        # a metric's short name said of an empty query ("总 lag 为 0"), alone or as one part of a longer claim
        ("消费组的总 lag 目前为 0。", False, False),
        ("Total lag on the billing group is 0.", False, False),
        ("消费组的总 lag 目前为 0。", True, True),
        ("billing 消费组的总 lag 为 0。", False, False),
        ("billing 消费组的总 lag 为 0，ledger-writer-6c9d-x2kq4 也是 Running。", False, False),
        ("Total lag for billing is 0, and ledger-writer-6c9d-x2kq4 is Running.", False, False),
        ("billing 消费组的总 lag 为 0。", True, True),
        ("billing 消费组的总 lag 为 0，ledger-writer-6c9d-x2kq4 也是 Running。", True, True),
        ("Total lag for billing is 0, and ledger-writer-6c9d-x2kq4 is Running.", True, True),
        ("ledger-writer-6c9d-x2kq4 is Running with 0 restarts.", False, True),  # a part no empty call asked of
    ],
)
def test_a_part_saying_what_an_empty_query_asked_is_not_shown(draft: str, answered: bool, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, lag_and_pods(answered)) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found) is grounded, found


def rollout_rows() -> list[EvidenceRow]:
    table = "NAME           READY   UP-TO-DATE   AVAILABLE   AGE\npayments-api   3/4     2            3           88d\n"
    return [
        EvidenceRow(
            "k-rollout",
            "kubectl",
            Outcome.FAILED,
            "",
            {"args": "rollout status deployment/payments-api -n pay --timeout=60s"},
            error_message='error: deployment "payments-api" exceeded its progress deadline',
            error_kind=ErrorKind.EXECUTION_ERROR,
        ),
        EvidenceRow("k-deploy", "kubectl", Outcome.INDIRECT_SUPPORT, table, {"args": "get deploy payments-api -n pay"}),
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "Deployment payments-api：READY 3/4，UP-TO-DATE 2，AVAILABLE 3。",
        "The payments-api Deployment shows READY 3/4, UP-TO-DATE 2 and AVAILABLE 3.",
    ],
)
def test_what_an_answering_call_asked_by_kubectls_short_name_is_answered(draft: str) -> None:
    found = [c.status for c in check_draft(draft, rollout_rows()) if c.kind == ClaimKind.FACT]
    assert found and all(s == ClaimStatus.GROUNDED for s in found), found
