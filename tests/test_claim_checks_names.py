"""Names, values and denials read as operators write them. Domain only, offline.

A pod named by its tail ("-zz8tk"), a probe path ("/ready") inside a URL, a
fraction ("retry 3/5") that is no count, a full-width comma that separates two
values, a call between services that timed out (not our query), and a denial
whose scope ends at "until" or at what the writer did not look at. Phrasings
written for these tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.facts import extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft


def logs(*entries: tuple[str, str, str]) -> EvidenceRow:
    """(instance, level, message) entries of one service, as the Java agent's query_logs prints them."""
    body = {
        "success": True,
        "logTopic": "stock",
        "logs": [
            {
                "timestamp": f"2026-12-21 14:1{i}:05",
                "level": level,
                "service": "stock-api",
                "instance": pod,
                "message": m,
            }
            for i, (pod, level, m) in enumerate(entries)
        ],
        "total": len(entries),
    }
    return EvidenceRow("logs-1", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body, indent=2), {})


ROW = logs(
    ("stock-api-7c9d8b6f5-zz8tk", "ERROR", "GET http://pricing:8080/v2/ready -> 503 (retry 3/5, backoff 400ms)"),
    ("stock-api-7c9d8b6f5-pq4rs", "WARN", "slow call to pricing: 840 ms"),
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows or (ROW,)) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Pod -zz8tk got HTTP 503 from pricing.", False),
        ("另一个副本 -zz8tk 收到了 pricing 的 HTTP 503。", False),
        ("Pod -xx9qq got HTTP 503 from pricing.", True),
        ("另一个副本 -xx9qq 收到了 pricing 的 HTTP 503。", True),
        ("The probe path /v2/ready answered HTTP 503.", False),
        ("探测路径 /v3/ready 返回了 HTTP 503。", True),
    ],
)
def test_a_name_s_tail_and_a_path_are_found_inside_longer_names(draft: str, invented: bool) -> None:
    (status,) = statuses(draft)
    assert (status == ClaimStatus.INVENTED) is invented


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Pod -zz8tk was on retry 3/5 when pricing answered HTTP 503.", True),
        ("副本 -zz8tk 第 3/5 次重试时 pricing 返回了 HTTP 503。", True),
        ("Pod -zz8tk retried 5 times against pricing.", False),  # the fraction's total is no count of retries
        ("副本 -zz8tk 对 pricing 重试了 5 次。", False),
    ],
)
def test_a_fraction_in_the_evidence_is_one_value(draft: str, grounded: bool) -> None:
    (status,) = statuses(draft)
    assert (status == ClaimStatus.GROUNDED) is grounded


def test_a_full_width_comma_separates_two_values() -> None:
    values = {f.key for f in extract_facts("pricing 本身是通的（200，143 ms）")}
    assert "143 ms" in values and not any("200,143" in v or "200143" in v for v in values)
    assert {f.key for f in extract_facts("处理了 12,480 条消息")} & {"12480"}  # an ASCII comma still groups


@pytest.mark.parametrize(
    ("text", "gap"),
    [
        ("stock-api 在 14:10 调用 pricing 超时，部分订单失败。", False),  # what the system did
        ("stock-api's call to pricing timed out at 14:10.", False),
        ("第一次查询 30 天的日志超时了，所以没有拿到全貌。", True),  # our query
        ("The first log search timed out, so the full day is not visible.", True),
    ],
)
def test_a_call_between_services_that_timed_out_is_no_gap_of_ours(text: str, gap: bool) -> None:
    kinds = {c.kind for c in split_claims(text)}
    assert (ClaimKind.GAP in kinds) is gap


def kubectl_pods() -> EvidenceRow:
    preview = (
        "NAME                         READY   STATUS             RESTARTS       AGE\n"
        "ingest-5f7d9c8b6-ab12c       0/1     CrashLoopBackOff   7 (40s ago)    31m\n"
        "ingest-5f7d9c8b6-cd34e       1/1     Running            0              31m\n"
    )
    return EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, preview, {"command": "kubectl get pods"})


def events() -> EvidenceRow:
    preview = (
        "LAST SEEN   TYPE      REASON    OBJECT                         MESSAGE\n"
        "40s         Warning   BackOff   pod/ingest-5f7d9c8b6-ab12c     Back-off restarting failed container\n"
    )
    return EvidenceRow("k-2", "kubectl", Outcome.DIRECT_SUPPORT, preview, {"command": "kubectl get events"})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # Denials whose scope is not the event the evidence shows.
        ("The worker logged that it will not recover until it is restarted.", False),
        ("I did not check whether the ingest pods restarted after the rollout.", False),
        ("也没有看 ingest 的 Pod 在回滚之后是否重启。", False),
        ("The other pod is Running with no restarts.", False),
        ("其余那个 Pod 处于 Running，没有重启。", False),
        # A denial of the named subject's event stays contradicted.
        ("ingest-5f7d9c8b6-ab12c has had no restarts.", True),
        ("ingest-5f7d9c8b6-ab12c 没有发生重启。", True),
    ],
)
def test_a_denial_denies_the_event_right_after_it(draft: str, contradicted: bool) -> None:
    found = statuses(draft, kubectl_pods(), events())
    assert (ClaimStatus.CONTRADICTED in found) is contradicted


def pods_and_log() -> tuple[EvidenceRow, EvidenceRow]:
    """A kubectl row whose AGE is 3h, and a log entry of the same pod with its request's timeout."""
    table = EvidenceRow(
        "k-3",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "NAME                        READY   STATUS    RESTARTS   AGE\nrefund-7d9c8b6f5-kq2lm      1/1     Running   0          3h\n",
        {"command": "kubectl get pods"},
    )
    body = {
        "success": True,
        "logTopic": "refund",
        "logs": [
            {
                "timestamp": "2026-12-21 10:16:40",
                "level": "ERROR",
                "service": "refund",
                "instance": "refund-7d9c8b6f5-kq2lm",
                "message": "HikariPool-1 - Connection is not available, request timed out after 30000ms",
            }
        ],
        "total": 1,
    }
    return table, EvidenceRow("logs-9", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # A table row's other value of the dimension (the pod's AGE) is no rival of a request's timeout.
        ("refund-7d9c8b6f5-kq2lm timed out after 20000ms.", False),
        ("refund-7d9c8b6f5-kq2lm 的请求在 20 秒后超时。", False),
        # One log entry's value of the dimension is its one event's: another value there contradicts it.
        ("refund-7d9c8b6f5-kq2lm logged a request that timed out after 20000ms at 10:16:40.", True),
        ("refund-7d9c8b6f5-kq2lm 在 10:16:40 记录的请求 20 秒后超时。", True),
    ],
)
def test_another_value_contradicts_only_where_the_unit_is_about_one_thing(draft: str, contradicted: bool) -> None:
    table, entry = pods_and_log()
    found = statuses(draft, table) if not contradicted else statuses(draft, table, entry)
    assert (ClaimStatus.CONTRADICTED in found) is contradicted


def test_a_table_row_s_value_named_as_the_claim_names_it_is_a_rival() -> None:
    row = EvidenceRow(
        "t-9",
        "db_admin",
        Outcome.DIRECT_SUPPORT,
        "node\tlatency_ms\tage_s\nrefund-db-1\t840\t86400\n",
        {"command": "stats"},
    )
    assert statuses("refund-db-1 has a latency of 400 ms.", row) == [ClaimStatus.CONTRADICTED]
    assert statuses("refund-db-1 的 latency 为 400 ms。", row) == [ClaimStatus.CONTRADICTED]
    assert statuses("refund-db-1 answered within 400 ms.", row) != [ClaimStatus.CONTRADICTED]  # not named so


def am_alert(severity: str) -> EvidenceRow:
    """Alertmanager v2's /api/v2/alerts: one active alert with its severity label."""
    body = [
        {
            "annotations": {"summary": "TLS certificate expires in less than 14 days"},
            "endsAt": "2026-12-21T07:10:00.000Z",
            "fingerprint": "51c0e2a4b1d93f77",
            "receivers": [{"name": "slack-platform"}],
            "startsAt": "2026-12-21T06:40:00.000Z",
            "status": {"inhibitedBy": [], "silencedBy": [], "state": "active"},
            "labels": {"alertname": "CertExpiringSoon", "namespace": "edge", "severity": severity},
        }
    ]
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {"active": True})


@pytest.mark.parametrize(
    ("draft", "severity", "grounded"),
    [
        ("CertExpiringSoon is a critical alert in edge.", "critical", True),
        ("edge 里有一条 critical 级别的告警 CertExpiringSoon。", "critical", True),
        ("CertExpiringSoon (warning) is firing in edge.", "warning", True),
        ("CertExpiringSoon is a critical alert in edge.", "warning", False),  # its severity is warning
        ("edge 里有一条 critical 级别的告警 CertExpiringSoon。", "warning", False),
        ("CertExpiringSoon (warning) is firing in edge.", "critical", False),
    ],
)
def test_an_alert_s_severity_is_read_against_its_label(draft: str, severity: str, grounded: bool) -> None:
    (status,) = statuses(draft, am_alert(severity))
    assert (status == ClaimStatus.GROUNDED) is grounded


HELM_HISTORY = (
    "REVISION\tUPDATED                 \tSTATUS    \tCHART          \tAPP VERSION\tDESCRIPTION\n"
    "4       \tFri Dec 18 09:12:40 2026\tsuperseded\tedge-proxy-3.1.0\t2.7.4      \tUpgrade complete\n"
    "5       \tMon Dec 21 05:48:19 2026\tdeployed  \tedge-proxy-3.2.0\t2.8.0      \tUpgrade complete\n"
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("Revision 5 moved edge-proxy to app version 2.8.0.", True),
        ("revision 5 把 edge-proxy 的应用版本升到了 2.8.0。", True),
        ("Revision 5 moved the edge-proxy chart to 3.2.0.", True),
        ("Revision 5 moved edge-proxy to app version 3.2.0.", False),  # the chart's version, not the app's
        ("revision 5 把 edge-proxy 的应用版本升到了 3.2.0。", False),
        ("Revision 5 moved the edge-proxy chart to 2.8.0.", False),
    ],
)
def test_a_version_named_by_its_field_is_that_field_s_value(draft: str, grounded: bool) -> None:
    row = EvidenceRow(
        "helm-1", "run_command", Outcome.INDIRECT_SUPPORT, HELM_HISTORY, {"cmd": "helm history edge-proxy"}
    )
    (status,) = statuses(draft, row)
    assert (status == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # What the agent could not get is a gap statement, checked against its failed call.
        ("kafka-topics.sh --describe 15 秒超时，没拿到副本信息，所以无法排除 broker 侧问题。", ClaimKind.GAP),
        ("The disk query timed out, so I could not get the node's IO figures.", ClaimKind.GAP),
        ("节点磁盘的查询超时了，所以看不到磁盘忙闲。", ClaimKind.GAP),
        # A lock or a connection the system could not get is what the system did.
        ("stock-api 拿不到连接，请求超时。", ClaimKind.FACT),
        ("The workers failed to get a lock on orders and retried.", ClaimKind.FACT),
        # The writer's own next step is advice, not a claim about the incident.
        ("I'd check the per-pod request rate next.", ClaimKind.ADVICE),
        ("我会先看一下 etcd 所在节点的磁盘。", ClaimKind.ADVICE),
    ],
)
def test_what_the_agent_could_not_get_and_what_it_will_do_next(text: str, kind: ClaimKind) -> None:
    assert split_claims(text)[0].kind == kind


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("order-api 5 分钟 5xx 比例为 0.137", False),  # the window of the ratio: no fact of its own
        ("the 5-minute error ratio is 0.137", False),
        ("order-api 在 5 分钟后恢复", True),
        ("order-api recovered after 5 minutes", True),
    ],
)
def test_a_window_before_a_ratio_names_the_series(text: str, duration: bool) -> None:
    facts = extract_facts(text)
    assert any(f.kind.name == "QUANTITY" and "5" in f.text and "0.137" not in f.text for f in facts) is duration
    assert not any(f.kind.name == "COUNT" for f in facts)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The 30-day range query timed out after 30 s.", "30 days"),  # a duration written as an adjective
        ("a 2-second read from report_ro", "2 seconds"),
    ],
)
def test_a_hyphenated_duration_is_read_not_dropped(text: str, value: str) -> None:
    assert value in {f.text for f in extract_facts(text)}


@pytest.mark.parametrize("text", ["p99 read 2.87 s in that 5-minute step", "按 1 分钟粒度统计的错误数为 12"])
def test_a_series_resolution_is_no_duration_of_its_own(text: str) -> None:
    assert not any("5 minutes" in f.text or "1 分钟" in f.text for f in extract_facts(text))


def silenced_alert() -> EvidenceRow:
    body = [
        {
            "annotations": {"summary": "Job ledger-vacuum failed"},
            "endsAt": "2026-12-21T01:40:00.000Z",
            "fingerprint": "9a1c0e2a4b1d93f7",
            "receivers": [{"name": "slack-db"}],
            "startsAt": "2026-12-21T01:10:00.000Z",
            "status": {"inhibitedBy": [], "silencedBy": ["5d8e1f2a"], "state": "suppressed"},
            "labels": {"alertname": "JobFailedTwice", "namespace": "ledger", "severity": "warning"},
        }
    ]
    return EvidenceRow("am-2", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {"active": True})


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("JobFailedTwice has been firing since 01:10 UTC but is suppressed by a silence.", ClaimStatus.GROUNDED),
        ("JobFailedTwice 从 UTC 01:10 起一直在 firing，但被静默了。", ClaimStatus.GROUNDED),
        ("JobFailedTwice has resolved.", ClaimStatus.CONTRADICTED),  # suppressed is still firing
        ("JobFailedTwice 已恢复。", ClaimStatus.CONTRADICTED),
    ],
)
def test_a_suppressed_alert_is_a_firing_one(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, silenced_alert()) == [status]


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("pricing has an instance with `retry=3` in its log.", False),  # a name and its value: the name is shown
        ("pricing 有一个实例 `retry=3`。", False),
        ("pricing has an instance with `replays=3` in its log.", True),  # a name nothing shows
    ],
)
def test_a_quoted_name_and_value_names_the_name(draft: str, invented: bool) -> None:
    found = statuses(draft, logs(("pricing-7d9c8b6f5-ab12c", "WARN", "pricing call slow, retry=3")))
    assert (ClaimStatus.INVENTED in found) is invented


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        # "not silenced" / "未被静默" denies the suppressed state the alert shows
        ("JobFailedTwice is active and not silenced.", ClaimStatus.CONTRADICTED),
        ("JobFailedTwice 告警未被静默，一直在触发。", ClaimStatus.CONTRADICTED),
        ("JobFailedTwice is suppressed by a silence.", ClaimStatus.GROUNDED),
        ("JobFailedTwice 告警已被静默。", ClaimStatus.GROUNDED),
    ],
)
def test_silenced_is_a_state_of_its_own(draft: str, status: ClaimStatus) -> None:
    assert statuses(draft, silenced_alert()) == [status]


def search_lines() -> EvidenceRow:
    lines = [
        ("10.8.22.5", "lamp", 504),
        ("10.8.17.90", "desk", 504),
        ("10.8.4.33", "chair", 200),
        ("10.8.22.5", "rug", 504),
    ]
    preview = "\n".join(
        f'{ip} - - [21/Dec/2026:16:20:3{i} +0000] "GET /api/search?q={q} HTTP/1.1" {code} 167 "-" "curl/8.5"'
        for i, (ip, q, code) in enumerate(lines)
    )
    return EvidenceRow(
        "nginx-1", "read_log_file", Outcome.DIRECT_SUPPORT, preview, {"path": "/var/log/nginx/access.log"}
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        # every request: the chair request answered 200
        ("Every request to /api/search in the sample returned 504, from three different clients.", True),
        ("样本里所有 /api/search 请求都返回了 504，来自三个不同的客户端。", True),
        # "all" over what the claim counts: the three 504s
        ("3 of the 4 requests to /api/search returned 504, all GET.", False),
        ("4 条 /api/search 请求中有 3 条返回 504，都是 GET。", False),
    ],
)
def test_all_ranges_over_what_the_claim_counts_or_over_every_unit(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, search_lines())) is contradicted


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I haven't verified which services still point at the old primary.", ClaimKind.HEDGE),
        ("不知道 nvme1n1 对应哪块卷，也没查 CloudWatch 的指标。", ClaimKind.HEDGE),
        ("We did not check the node's disk metrics.", ClaimKind.HEDGE),
        ("stock-api logged 3 timeouts at 14:10.", ClaimKind.FACT),
    ],
)
def test_what_the_writer_did_not_check_is_an_admitted_unknown(text: str, kind: ClaimKind) -> None:
    assert split_claims(text)[0].kind == kind


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("No restart is needed: ingest picks up the new bundle by itself.", False),  # advice, not a denial
        ("ingest-5f7d9c8b6-ab12c 不需要重启。", False),
        ("ingest-5f7d9c8b6-ab12c had no restart.", True),
    ],
)
def test_no_restart_needed_denies_nothing(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, kubectl_pods(), events())) is contradicted


def test_neither_negates_a_state() -> None:
    states = {f.key for f in extract_facts("Two alerts are firing, and neither is silenced.") if f.kind.name == "STATE"}
    assert "!silenced" in states


@pytest.mark.parametrize("text", ["只有几十毫秒的 Young GC", "数百个请求失败", "十几秒后恢复", "上千条日志"])
def test_a_vague_chinese_magnitude_is_no_number(text: str) -> None:
    from evidence_trace.server.domain.verifier.numerals import arabic

    assert arabic(text) == text


@pytest.mark.parametrize(
    "text", ["Two alerts are firing, and neither is silenced or inhibited.", "The alert is not silenced or inhibited."]
)
def test_a_negation_spans_the_states_joined_to_it(text: str) -> None:
    states = [f.key for f in extract_facts(text) if f.kind.name == "STATE" and f.key.lstrip("!") in HELD_BACK]
    assert sorted(states) == ["!inhibited", "!silenced"]


HELD_BACK = ("silenced", "inhibited", "suppressed")


def failed_log_search() -> EvidenceRow:
    return EvidenceRow(
        "loki-9",
        "query_loki",
        Outcome.FAILED,
        "",
        {"query": '{app="kafka"} |= "ERROR"'},
        error_message="rpc error: code = Unavailable desc = connection error: dial tcp 10.96.71.3:3100: i/o timeout",
        error_kind=ErrorKind.EXCEPTION,
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The broker log search for ERROR lines came back empty, so the brokers logged no errors.", True),
        ("查 broker 的错误日志返回了空结果，说明 broker 没有报错。", True),
        ("The broker log search failed with a connection error, so I could not check the brokers.", False),
        ("查 broker 日志的请求失败了（连接错误），没拿到结果。", False),
    ],
)
def test_a_failed_call_said_to_be_empty_is_contradicted_whatever_it_searched_for(
    draft: str, contradicted: bool
) -> None:
    found = [c.status for c in check_draft(draft, [failed_log_search()]) if c.kind == ClaimKind.GAP]
    assert (ClaimStatus.CONTRADICTED in found) is contradicted


@pytest.mark.parametrize(("text", "key"), [("5 号分区由 consumer-2 消费", "5"), ("3号节点 NotReady", "3")])
def test_a_chinese_numbered_name_is_an_id(text: str, key: str) -> None:
    assert key in {f.key for f in extract_facts(text) if f.kind.name == "ID"}


BUILD_LOG = EvidenceRow(
    "jenkins-1",
    "jenkins_console",
    Outcome.DIRECT_SUPPORT,
    "Checking out Revision 9b41e07c2d5f8a6e3b1c0d9f7a2e4c6b8d0f1a3e (origin/release/2026.11)\n"
    "[ERROR]   InvoiceTotalsTest.shouldCarryRemainderCents:57 expected: <10.01> but was: <10.00>\n"
    "[ERROR] Tests run: 230, Failures: 1, Errors: 0, Skipped: 2\n",
    {"job": "billing-build"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        # a hash after "Revision" is read whole, not as revision 9
        ("The build checked out Revision 9b41e07c2d5f8a6e3b1c0d9f7a2e4c6b8d0f1a3e.", False),
        ("构建检出的是 Revision 9b41e07c2d5f8a6e3b1c0d9f7a2e4c6b8d0f1a3e。", False),
        ("The build checked out Revision 7c52f18e0a4b9d3c6e2f1a8b5d7c0e9f4a3b2d1c.", True),
        ("构建检出的是 Revision 7c52f18e0a4b9d3c6e2f1a8b5d7c0e9f4a3b2d1c。", True),
        # a camel-case name the rows give after a prefix (a test method's `should…`)
        ("The failing case is CarryRemainderCents.", False),
        ("失败的用例是 CarryRemainderCents。", False),
        ("The failing case is CarryRemainderDollars.", True),
        ("失败的用例是 CarryRemainderDollars。", True),
        # a class of statuses is a word, not a name
        ("The canary's non-5xx ratio was not measured here.", False),
        ("这里没有测 canary 的 non-5xx 比例。", False),
    ],
)
def test_names_written_inside_longer_tokens_are_not_invented(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, BUILD_LOG)) is invented


LAG_TABLE = EvidenceRow(
    "lag-1",
    "kafka_consumer_groups",
    Outcome.DIRECT_SUPPORT,
    "GROUP   TOPIC      PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG      HOST\n"
    "ledger  tx.events  0          5120040         5120052         12       /10.61.0.11\n"
    "ledger  tx.events  1          4980013         5702113         722100   /10.61.0.12\n"
    "ledger  tx.events  2          5300001         5300009         8        /10.61.0.13\n",
    {"args": "--describe --group ledger"},
)


@pytest.mark.parametrize(
    "after", ["Partition 1 accounts for more than 99.9% of it.", "而且它的 99.9% 以上来自分区 1。"]
)
def test_it_after_a_table_is_not_the_last_rows_host(after: str) -> None:
    table = (
        "| Partition | Lag | Host |\n|---|---|---|\n| 0 | 12 | 10.61.0.11 |\n| 1 | 722,100 | 10.61.0.12 |\n"
        "| 2 | 8 | 10.61.0.13 |\n\n"
    )
    # "it" is the lag the table shows, not 10.61.0.13 of its last row (whose partition 2 was a rival)
    last = check_draft(table + "- " + after, [LAG_TABLE])[-1]
    assert "instance: 10.61.0.13" not in last.facts and last.status != ClaimStatus.CONTRADICTED
    # after a sentence that names the host, "it" is the host
    last = check_draft("The lag on 10.61.0.13 is 8 messages. " + after, [LAG_TABLE])[-1]
    assert "instance: 10.61.0.13" in last.facts


@pytest.mark.parametrize(
    "draft",
    [
        "The consumer ran on ledger-sync-worker-7. Its commit fails.",
        "消费者跑在 ledger-sync-worker-7 上。而且它的提交失败了。",
    ],
)
def test_a_name_a_claim_inherits_is_not_invented_again(draft: str) -> None:
    # the first claim names a host no call mentions (and is INVENTED for it); "its" in the next inherits the
    # name without inventing it again
    assert statuses(draft, LAG_TABLE)[0] == ClaimStatus.INVENTED
    assert statuses(draft, LAG_TABLE).count(ClaimStatus.INVENTED) == 1


CONSOLE = EvidenceRow(
    "jenkins-2",
    "jenkins_console",
    Outcome.DIRECT_SUPPORT,
    "[Pipeline] stage (Unit tests)\n+ npm test\nTests: 3 failed, 118 passed\n[Pipeline] End of Pipeline\nFinished: FAILURE\n",
    {"job": "web-shop/release", "build": 233},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # the build the call was asked for, under its noun: the console's output is that build's
        ("Build #233 of web-shop/release failed: 3 tests failed.", True),
        ("web-shop/release 的 build #233 失败了：3 个测试失败。", True),
        ("Build #234 of web-shop/release failed: 3 tests failed.", False),
        ("web-shop/release 的 build #234 失败了：3 个测试失败。", False),
    ],
)
def test_an_id_the_call_was_asked_for_is_its_subject(draft: str, grounded: bool) -> None:
    assert (statuses(draft, CONSOLE) == [ClaimStatus.GROUNDED]) is grounded


URP = EvidenceRow(
    "urp-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "\tTopic: ledger.tx\tPartition: 2\tLeader: 3\tReplicas: 3,6,4\tIsr: 3,4\n"
    "\tTopic: ledger.tx\tPartition: 9\tLeader: 1\tReplicas: 1,6,2\tIsr: 1,2\n"
    "\tTopic: audit.trail\tPartition: 5\tLeader: 2\tReplicas: 2,6,5\tIsr: 2,5\n",
    {"command": "kafka-topics.sh --describe --under-replicated-partitions"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # one partition's line says nothing of how many partitions there are (its "4" is a replica's id); a
        # Chinese count's measure word ("4 个") names no record, so the rule reads the noun written after it
        ("There are 4 under-replicated partitions.", False),
        ("目前有 4 partitions 处于 under-replicated 状态。", False),
        # the listing's own number of lines does
        ("There are 3 under-replicated partitions.", True),
        ("目前有 3 partitions 处于 under-replicated 状态。", True),
    ],
)
def test_one_record_does_not_count_the_records_it_is_one_of(draft: str, grounded: bool) -> None:
    assert (statuses(draft, URP) == [ClaimStatus.GROUNDED]) is grounded


def test_a_plural_field_is_still_the_count_it_names() -> None:
    from evidence_trace.server.domain.verifier.counted_numbers import one_of_them

    assert one_of_them("partitions", "topic: x\tpartition: 3\tleader: 2")
    assert not one_of_them("rows", "export finished: rows=18342 took=3.1s")  # the field counts the rows
    assert not one_of_them("servers", ";; server: 10.0.0.2#53")  # an address, not one server's id
    assert not one_of_them("times", "last failure time: 2026-10-20t04:37:11z")


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        # a protocol's own words are no entities of the incident
        ("The gateway forwards the `X-Request-Id` header to pricing.", False),
        ("网关会把 `X-Forwarded-For` 头透传给 pricing。", False),
        ("The issuer's discovery document lives at `/.well-known/openid-configuration`.", False),
        ("HTTP-01 校验请求的是 `/.well-known/acme-challenge/…` 路径。", False),
        # a path or a name of the service's own still must be in the session
        ("pricing answered 503 on `/internal/v7/quotes`.", True),
        ("pricing 在 `/internal/v7/quotes` 上返回了 503。", True),
    ],
)
def test_protocol_words_are_not_invented(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft)) is invented


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("The pod pulled promo:v3.1.0-rc2.", "v3.1.0-rc2"),  # the full stop is the sentence's
        ("镜像是 promo:v3.1.0-rc2。", "v3.1.0-rc2"),
        ("Prod runs 2.4.0-beta.1 now.", "2.4.0-beta.1"),  # a pre-release with a dotted part, not an address
        ("生产环境跑的是 2.4.0-beta.1。", "2.4.0-beta.1"),
        ("The consumers run on 10.8.3.41-44.", None),  # a range of addresses, no version
    ],
)
def test_a_version_is_read_whole_and_without_the_sentences_stop(text: str, version: str | None) -> None:
    found = [f.text for f in extract_facts(text) if f.kind.name == "VERSION"]
    assert found == ([version] if version else [])


INDEXES = EvidenceRow(
    "sql-idx",
    "run_sql",
    Outcome.DIRECT_SUPPORT,
    "| Table | Key_name | Column_name |\n|---|---|---|\n| payouts | PRIMARY | id |\n| payouts | idx_batch | batch_id |\n",
    {"sql": "SHOW INDEX FROM payouts"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        # an index written with its column, which SHOW INDEX lists apart
        ("`SHOW INDEX` lists `PRIMARY(id)` and `idx_batch(batch_id)` on payouts.", False),
        ("`SHOW INDEX` 显示 payouts 上有 `PRIMARY(id)` 和 `idx_batch(batch_id)`。", False),
        # what a check could not see names nothing that happened
        ("This query wouldn't catch a payout being REJECTED_BY_BANK upstream.", False),
        ("这个查询看不到被 REJECTED_BY_BANK 的打款。", False),
        # a name the session never gives, asserted, is still invented
        ("The bank rejected payout 8812 with REJECTED_BY_BANK.", True),
        ("银行以 REJECTED_BY_BANK 拒绝了打款 8812。", True),
    ],
)
def test_an_index_with_its_column_and_what_a_check_cannot_see(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, INDEXES)) is invented


@pytest.mark.parametrize(
    ("text", "advice"),
    [
        # a way to find out, offered to the reader, is advice: the tool it names is no finding
        ("具体原因可以用 `_cluster/allocation/explain` 确认。", True),
        ("The exact reason can be confirmed with `_cluster/allocation/explain`.", True),
        ("`_cluster/allocation/explain` 显示 shard 0 因磁盘水位无法分配。", False),
        ("`_cluster/allocation/explain` shows shard 0 cannot be allocated above the disk watermark.", False),
    ],
)
def test_a_way_to_find_out_is_advice(text: str, advice: bool) -> None:
    (claim,) = split_claims(text)
    assert (claim.kind == ClaimKind.ADVICE) is advice


@pytest.mark.parametrize(
    ("text", "premise_judged"),
    [
        # a finding of none about a named service, then a hedged consequence: the finding is checked
        ("Loki shows no error lines from billing-api in the last hour, so the 5xx spike is probably upstream.", True),
        # (a Chinese premise before "，所以" is a clause of its own already)
        ("过去一小时 Loki 里 billing-api 没有任何错误日志，所以这次 5xx 可能是上游引起的。", True),
        # a premise naming nothing stays part of the hedge
        ("The dashboards show nothing unusual, so it's probably a client-side issue.", False),
        ("The dashboards show no errors at all, so it's probably a client-side issue.", False),
    ],
)
def test_a_finding_of_none_before_a_hedge_is_checked(text: str, premise_judged: bool) -> None:
    kinds = [c.kind for c in split_claims(text)]
    assert (ClaimKind.FACT in kinds or ClaimKind.GAP in kinds) is premise_judged


CLICKHOUSE = EvidenceRow(
    "ch-1",
    "clickhouse_query",
    Outcome.DIRECT_SUPPORT,
    "┌─hour────────────────┬─status─┬─────cnt─┬─p95_ms─┐\n"
    "│ 2026-11-02 10:00:00 │    200 │  920114 │    176 │\n"
    "│ 2026-11-02 10:00:00 │    504 │     318 │  30002 │\n"
    "└─────────────────────┴────────┴─────────┴────────┘\n\n2 rows in set. Elapsed: 0.512 sec.\n",
    {"query": "SELECT toStartOfHour(ts) AS hour, status, count() AS cnt, quantile(0.95)(ms) AS p95_ms ..."},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # one row of a box-drawn table is one unit: its cells bind together, another row's do not
        ("In the 10:00 hour there were 318 504s with a p95 of 30,002 ms.", True),
        ("10:00 这一小时有 318 个 504，p95 为 30,002 ms。", True),
        ("In the 10:00 hour there were 318 504s at a 176 ms p95.", False),
        ("10:00 这一小时 318 个 504 的 p95 为 176 ms。", False),
    ],
)
def test_a_box_drawn_tables_row_is_one_unit(draft: str, grounded: bool) -> None:
    assert (statuses(draft, CLICKHOUSE) == [ClaimStatus.GROUNDED]) is grounded


HOURLY = EvidenceRow(
    "ch-2",
    "clickhouse_query",
    Outcome.DIRECT_SUPPORT,
    "┌─hour────────────────┬─status─┬───cnt─┐\n"
    "│ 2026-11-02 09:00:00 │    502 │   147 │\n"
    "│ 2026-11-02 10:00:00 │    502 │  9233 │\n"
    "└─────────────────────┴────────┴───────┘\n",
    {
        "query": "SELECT toStartOfHour(ts) AS hour, status, count() AS cnt FROM edge_logs WHERE host = 'shop.example.com'"
    },
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        # a change told by its two ends, each end on its own row with the status both share
        ("502s on shop.example.com jumped from 147 in the 09:00 hour to 9,233 in the 10:00 hour.", True),
        ("shop.example.com 的 HTTP 502 从 09:00 这一小时的 147 次涨到 10:00 的 9,233 次。", True),
        # an end its row does not show, or the ends' times swapped
        ("502s on shop.example.com jumped from 147 in the 09:00 hour to 9,823 in the 10:00 hour.", False),
        ("shop.example.com 的 HTTP 502 从 10:00 这一小时的 147 次涨到 09:00 的 9,233 次。", False),
    ],
)
def test_a_change_grounds_each_end_on_its_own_row(draft: str, grounded: bool) -> None:
    assert (statuses(draft, HOURLY) == [ClaimStatus.GROUNDED]) is grounded
