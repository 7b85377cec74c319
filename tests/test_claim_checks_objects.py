"""Facts of one described object, changes, compound durations and counted listings. Domain only, offline.

- A `kubectl describe` is about one object: a container's state, last state, exit code, restarts and
  limits are one part of it, so a claim binding them is grounded; each event line stays its own
  occurrence, and its repetition ("(x14 over 25m)") counts that event, never restarts.
- A change ("grew by 96 MiB", "涨了约 96 MiB") is a difference of a series' values, never rivalled by a value.
- A duration in parts ("41 分 7 秒", "1 h 5 min", "4m5s") is one quantity, and an interval cell
  ("xact_age | 00:41:07") is one number of seconds.
- "all 3 jobs failed" over a listing of three records is contradicted by a record that succeeded.
- What the verdict must not turn against a correct claim: an IP read as a version, two states of one
  object, an abbreviated id, a level that "all entries come from X" does not speak of, a runbook's
  "restart", a bound inside an "if" clause.

Phrasings written for these tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.zones import EvidenceZones

DESCRIBE = """Name:             ledger-api-7d8f9c6b5-qw4rt
Namespace:        finance
Node:             ip-10-12-3-44.ec2.internal/10.12.3.44
Status:           Running
IP:               10.244.7.19
Containers:
  ledger:
    Image:          registry.example.io/finance/ledger-api:4.7.1
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Ready:          False
    Restart Count:  9
    Limits:
      memory:  768Mi
    Requests:
      memory:  512Mi
Conditions:
  Type              Status
  Ready             False
Events:
  Type     Reason   Age                 From     Message
  ----     ------   ----                ----     -------
  Warning  BackOff  90s (x14 over 25m)  kubelet  Back-off restarting failed container ledger in pod ledger-api-7d8f9c6b5-qw4rt
"""


def describe_row() -> EvidenceRow:
    return EvidenceRow(
        "k-desc",
        "kubectl",
        Outcome.DIRECT_SUPPORT,
        DESCRIBE,
        {"command": "kubectl describe pod ledger-api-7d8f9c6b5-qw4rt"},
    )


def judged(draft: str, rows: list[EvidenceRow]):
    (check,) = [c for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    return check


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("ledger-api-7d8f9c6b5-qw4rt was OOMKilled (exit code 137) and is now in CrashLoopBackOff.", "GROUNDED"),
        ("ledger-api-7d8f9c6b5-qw4rt 上次被 OOMKilled，退出码 137，现在处于 CrashLoopBackOff。", "GROUNDED"),
        ("ledger-api-7d8f9c6b5-qw4rt has restarted 9 times and its memory limit is 768Mi.", "GROUNDED"),
        ("ledger-api-7d8f9c6b5-qw4rt 重启了 9 次，内存 limit 是 768Mi。", "GROUNDED"),
        ("The kubelet backed off restarting ledger-api-7d8f9c6b5-qw4rt 14 times over 25 minutes.", "GROUNDED"),
        ("kubelet 在 25 分钟内对 ledger-api-7d8f9c6b5-qw4rt BackOff 了 14 次。", "GROUNDED"),
        # the back-off's repetitions are no restart count
        ("ledger-api-7d8f9c6b5-qw4rt has restarted 14 times.", "not GROUNDED"),
        ("ledger-api-7d8f9c6b5-qw4rt 重启了 14 次。", "not GROUNDED"),
        ("ledger-api-7d8f9c6b5-qw4rt was OOMKilled with exit code 143.", "not GROUNDED"),
        # the node's IP is no version of the image
        ("ledger-api-7d8f9c6b5-qw4rt runs ledger-api:4.7.1 on node ip-10-12-3-44.", "not CONTRADICTED"),
        ("ledger-api-7d8f9c6b5-qw4rt 运行的镜像是 ledger-api:4.7.1，在节点 ip-10-12-3-44 上。", "not CONTRADICTED"),
        ("ledger-api-7d8f9c6b5-qw4rt runs ledger-api:4.6.0.", "not GROUNDED"),
        # the pod's phase and its container's state, both shown
        ("ledger-api-7d8f9c6b5-qw4rt is Running while its container waits in CrashLoopBackOff.", "not CONTRADICTED"),
        ("ledger-api-7d8f9c6b5-qw4rt 的状态是 Running，容器处于 CrashLoopBackOff。", "not CONTRADICTED"),
    ],
)
def test_one_described_object(draft: str, status: str) -> None:
    check = judged(draft, [describe_row()])
    if status.startswith("not "):
        assert check.status != ClaimStatus[status[4:]], check
    else:
        assert check.status == ClaimStatus[status], check


def series_row() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "matrix",
            "result": [
                {
                    "metric": {"pod": "search-5c7d9-mm2pq"},
                    "values": [[1797735600, "209715200"], [1797739200, "260046848"], [1797742800, "310378496"]],
                },
                {
                    "metric": {"pod": "search-5c7d9-ht8vn"},
                    "values": [[1797735600, "200000000"], [1797739200, "200100000"], [1797742800, "200200000"]],
                },
            ],
        },
    }
    # a range query is asked with its range: "over the two hours" is the span it was asked for
    params = {"query": "jvm_memory_used_bytes", "start": "2026-12-21T02:20:00Z", "end": "2026-12-21T04:20:00Z"}
    return EvidenceRow("prom-mem", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), params)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("search-5c7d9-mm2pq grew by about 96 MiB over the two hours.", "GROUNDED"),
        ("search-5c7d9-mm2pq 的内存涨了约 96 MiB。", "GROUNDED"),
        ("search-5c7d9-mm2pq grew by about 150 MiB over the two hours.", "UNGROUNDED"),
        ("search-5c7d9-mm2pq 的内存涨了约 150 MiB。", "UNGROUNDED"),
        ("search-5c7d9-ht8vn grew by about 96 MiB.", "UNGROUNDED"),  # another pod's change
    ],
)
def test_a_change_is_a_difference_of_the_series_values(draft: str, status: str) -> None:
    assert judged(draft, [series_row()]).status == ClaimStatus[status]


PSQL = """  pid  | usename   |        state        | xact_age | query
-------+-----------+---------------------+----------+---------------------------------
 51102 | batch_etl | idle in transaction | 00:41:07 | SELECT ... FOR UPDATE
 51140 | app_rw    | active              | 00:03:05 | UPDATE accounts SET ...
(2 rows)
"""


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("持续了 41 分 7 秒", 2467),
        ("held for 1 h 5 min", 3900),
        ("the last restart was 4m5s ago", 245),
        ("waited 2 minutes 30 seconds", 150),
        ("已经等了两分半钟", 150),
        ("about an hour and a half", 5400),
    ],
)
def test_a_duration_in_parts_is_one_quantity(text: str, seconds: int) -> None:
    (fact,) = [f for f in extract_facts(text) if f.quantity is not None]
    assert fact.quantity.value * fact.quantity.factor == pytest.approx(seconds * 1000)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("pid 51102 has held its transaction for 41 min 7 s.", True),
        ("pid 51102 的事务已经持续了 41 分 7 秒。", True),
        ("pid 51140 has been running for about 3 minutes.", True),
        ("pid 51140 已运行约 3 分钟。", True),
        ("pid 51102 has held its transaction for 52 min 7 s.", False),
        ("pid 51102 的事务已经持续了约 20 分钟。", False),
    ],
)
def test_an_interval_cell_is_a_duration(draft: str, grounded: bool) -> None:
    row = EvidenceRow("pg-1", "psql", Outcome.DIRECT_SUPPORT, PSQL, {"sql": "select * from pg_stat_activity"})
    assert (judged(draft, [row]).status == ClaimStatus.GROUNDED) is grounded


def jobs_row(statuses: list[str]) -> EvidenceRow:
    lines = ["| job | last_run | status |", "|---|---|---|"]
    lines += [f"| job-{i} | 2026-12-20 0{i}:00:00 | {s} |" for i, s in enumerate(statuses)]
    return EvidenceRow("cron-1", "cron_status", Outcome.DIRECT_SUPPORT, "\n".join(lines), {})


@pytest.mark.parametrize(
    ("draft", "statuses", "contradicted"),
    [
        ("All 3 jobs failed on their last run.", ["failed", "succeeded", "failed"], True),
        ("3 个任务最近一次全部失败。", ["failed", "succeeded", "failed"], True),
        ("All 3 jobs failed on their last run.", ["failed", "failed", "failed"], False),
        ("3 个任务最近一次全部失败。", ["failed", "failed", "failed"], False),
        ("All 3 jobs succeeded.", ["succeeded", "failed", "succeeded"], True),
        ("3 个任务都执行成功了。", ["succeeded", "failed", "succeeded"], True),
        ("All 3 jobs succeeded.", ["succeeded", "succeeded", "succeeded"], False),
    ],
)
def test_all_of_a_counted_listing(draft: str, statuses: list[str], contradicted: bool) -> None:
    check = judged(draft, [jobs_row(statuses)])
    assert (check.status == ClaimStatus.CONTRADICTED) is contradicted, check


def java_row() -> EvidenceRow:
    logs = [
        {"timestamp": "2026-12-20 10:01:02", "level": lvl, "service": "billing", "instance": "10.3.8.7", "message": m}
        for lvl, m in (("WARN", "pool usage 92%"), ("ERROR", "pool exhausted"), ("ERROR", "request failed"))
    ]
    return EvidenceRow("java-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"logs": logs, "total": 3}), {})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("All three entries come from 10.3.8.7.", False),
        ("这 3 条日志都来自 10.3.8.7。", False),
        ("All three entries from 10.3.8.7 are errors.", True),
        ("10.3.8.7 的日志都是 ERROR。", True),
    ],
)
def test_all_entries_share_only_what_the_claim_says(draft: str, contradicted: bool) -> None:
    check = judged(draft, [java_row()])
    assert (check.status == ClaimStatus.CONTRADICTED) is contradicted, check


def test_an_abbreviated_id_is_its_prefix() -> None:
    body = [{"id": "c41d7e09-2b6a-4f1e-9d3c-5a7b8e0f1d22", "createdBy": "oncall", "comment": "db maintenance"}]
    row = EvidenceRow("am-sil", "alertmanager_silences", Outcome.INDIRECT_SUPPORT, json.dumps(body), {})
    for draft in ("The alert is muted by silence `c41d7e09-…`.", "该告警被 silence `c41d7e09...` 静默了。"):
        assert judged(draft, [row]).status != ClaimStatus.INVENTED
    assert judged("The alert is muted by silence `d9e0aa11-…`.", [row]).status == ClaimStatus.INVENTED


def pods_and_runbook() -> list[EvidenceRow]:
    pods = (
        "NAME                      READY   STATUS    RESTARTS   AGE\n"
        "gateway-6b7c8d9f4-aa1bc   1/1     Running   0          12d\n"
        "gateway-6b7c8d9f4-dd2ef   1/1     Running   0          12d\n"
    )
    chunk = {
        "results": [
            {
                "doc_id": "rb-gw",
                "title": "Runbook: gateway",
                "chunk": "After a CA rotation gateway pods need a restart; SDKs below 3.1 never reload the bundle.",
            }
        ]
    }
    return [
        EvidenceRow(
            "k-pods", "kubectl", Outcome.INDIRECT_SUPPORT, pods, {"command": "kubectl get pods -l app=gateway"}
        ),
        EvidenceRow(
            "kb-1", "lookup_knowledge", Outcome.DIRECT_SUPPORT, json.dumps(chunk), {}, relevance=RelevanceLevel.HIGH
        ),
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "The gateway pods have run for 12 days without a restart.",
        "gateway 的 pod 已经运行 12 天，没有重启过。",
        "None of the gateway pods would have reloaded the bundle if their SDK is below 3.1.",
    ],
)
def test_a_runbook_or_a_hypothesis_contradicts_nothing(draft: str) -> None:
    assert judged(draft, pods_and_runbook()).status != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The publish failed at 18:42:05 Shanghai time, which is 10:42 UTC.", True),
        ("The publish failed at 18:42:05 Shanghai time, which is 11:42 UTC.", False),
    ],
)
def test_a_claim_of_times_alone_needs_the_times_shown(draft: str, grounded: bool) -> None:
    # English only: a claim of times alone is grounded by its words being one unit's, which a Chinese
    # sentence around an English log message rarely is (it stays vague, LOW_CONFID, either way).
    logs = [
        {"timestamp": "2026-12-21 18:42:05", "level": "ERROR", "service": "notifier", "message": "publish failed"},
        {"timestamp": "2026-12-21 18:50:11", "level": "INFO", "service": "notifier", "message": "publish ok"},
    ]
    row = EvidenceRow("java-2", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps({"logs": logs, "total": 2}), {})
    zones = EvidenceZones.parse(("query_logs=Asia/Shanghai",))
    (check,) = [c for c in check_draft(draft, [row], zones) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]
    assert (check.status == ClaimStatus.GROUNDED) is grounded, check
