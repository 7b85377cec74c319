"""The evidence-format registry (domain/formats/): each format on payloads in the shape its tool
emits, read the same by the classifier (record time) and the verifier (Chat time).

For each format: its records (one per hit, stream value, table row or line, with the subject
and level read through the field maps), the outcome its classify() gives on a direct, a
not-direct and an empty payload, and the verifier's units cut from the same reader. Payloads
are written for these tests, in English and Chinese.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Optional

import pytest

from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION, classify
from evidence_trace.server.domain.formats.fields import ERROR_LEVELS, level_of
from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import BY_ID, FORMATS, format_for, recognise
from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceRow, Invocation, Outcome
from evidence_trace.server.domain.payloads import parse_log_line
from evidence_trace.server.domain.verifier.grounding import check_draft, decide
from evidence_trace.server.domain.verifier.units import units_of

T0 = 1796866560  # 2026-12-10T01:36:00Z


def es(*sources: dict[str, Any], total: Optional[int] = None, aggregations: Optional[dict] = None) -> str:
    hits = [
        {"_index": "logs-payments-2026.12.10", "_id": f"hit{i}", "_score": 1.3, "_source": s}
        for i, s in enumerate(sources)
    ]
    body: dict[str, Any] = {
        "took": 12,
        "timed_out": False,
        "_shards": {"total": 3, "successful": 3, "skipped": 0, "failed": 0},
        "hits": {"total": {"value": len(sources) if total is None else total, "relation": "eq"}, "max_score": 1.3},
    }
    body["hits"]["hits"] = hits
    if aggregations is not None:
        body["aggregations"] = aggregations
    return json.dumps(body, ensure_ascii=False)


def loki(*streams: tuple[dict[str, str], list[str]]) -> str:
    result = [
        {"stream": labels, "values": [[str((T0 + i) * 10**9), line] for i, line in enumerate(lines)]}
        for labels, lines in streams
    ]
    return json.dumps(
        {"status": "success", "data": {"resultType": "streams", "result": result, "stats": {"summary": {}}}},
        ensure_ascii=False,
    )


def java(*entries: dict[str, Any]) -> str:
    body = {"success": bool(entries), "region": "cn-shanghai", "logTopic": "payment", "query": "*"}
    body.update(total=len(entries), logs=list(entries), message="ok" if entries else "未找到匹配的日志")
    return json.dumps(body, ensure_ascii=False)


def prom_vector(*series: tuple[dict[str, str], str]) -> str:
    result = [{"metric": m, "value": [T0, v]} for m, v in series]
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}})


def prom_matrix(*series: tuple[dict[str, str], list[str]]) -> str:
    result = [{"metric": m, "values": [[T0 + 60 * i, v] for i, v in enumerate(vs)]} for m, vs in series]
    return json.dumps({"status": "success", "data": {"resultType": "matrix", "result": result}})


def cloudwatch(*results: tuple[str, str, list[float]]) -> str:
    """aws cloudwatch get-metric-data's output: each result's samples as Timestamps and Values, newest first."""
    listed = [
        {
            "Id": id_,
            "Label": label,
            "Timestamps": [f"2026-12-10T01:{36 - 5 * i:02d}:00+00:00" for i in range(len(values))],
            "Values": values,
            "StatusCode": "Complete",
        }
        for id_, label, values in results
    ]
    return json.dumps({"MetricDataResults": listed, "Messages": []}, indent=4)


def azure_metrics(*metrics: tuple[str, str, list[float]]) -> str:
    """az monitor metrics list's output: each metric one time series of 5-minute averages."""
    listed = [
        {
            "name": {"value": name, "localizedValue": name},
            "unit": unit,
            "timeseries": [
                {
                    "metadatavalues": [],
                    "data": [
                        {"timeStamp": f"2026-12-10T01:{30 + 5 * i:02d}:00Z", "average": v} for i, v in enumerate(values)
                    ],
                }
            ]
            if values
            else [],
        }
        for name, unit, values in metrics
    ]
    return json.dumps({"interval": "PT5M", "value": listed}, indent=2)


def kusto(*rows: list[Any], columns: tuple[str, ...] = ("TimeGenerated", "Level", "Message")) -> str:
    """A Log Analytics (Kusto) query response: a table's columns, then its rows as lists in their order."""
    table = {"name": "PrimaryResult", "columns": [{"name": c, "type": "string"} for c in columns], "rows": list(rows)}
    return json.dumps({"tables": [table]})


def prom_alerts(*alerts: tuple[str, str, str]) -> str:
    listed = [
        {
            "labels": {"alertname": name, "service": service, "severity": "critical"},
            "annotations": {"summary": f"{name} on {service}"},
            "state": state,
            "activeAt": "2026-12-10T01:30:00Z",
            "value": "1.2e-01",
        }
        for name, service, state in alerts
    ]
    return json.dumps({"status": "success", "data": {"alerts": listed}})


def alertmanager(*alerts: tuple[str, str, str]) -> str:
    listed = [
        {
            "labels": {"alertname": name, "service": service, "namespace": "prod"},
            "annotations": {"description": f"{name} for {service}"},
            "startsAt": "2026-12-10T01:30:00.000Z",
            "endsAt": "2026-12-10T01:45:00.000Z",
            "fingerprint": f"{abs(hash(name)) % 10**12:012x}",
            "receivers": [{"name": "oncall"}],
            "status": {"state": state, "silencedBy": [], "inhibitedBy": []},
            "updatedAt": "2026-12-10T01:31:00.000Z",
            "generatorURL": "http://prometheus:9090/graph",
        }
        for name, service, state in alerts
    ]
    return json.dumps(listed)


KUBECTL_PODS_BAD = (
    "NAME                               READY   STATUS             RESTARTS       AGE\n"
    "checkout-6f7d9c8b5-x2lqp           0/1     CrashLoopBackOff   7 (41s ago)    18m\n"
    "checkout-6f7d9c8b5-9wvtm           1/1     Running            0              18m\n"
    "cart-5d4c7b9f8-k8s7d               0/1     Pending            0              12m\n"
)
KUBECTL_PODS_OK = (
    "NAMESPACE   NAME                        READY   STATUS    RESTARTS   AGE\n"
    "shop        cart-5d4c7b9f8-k8s7d        1/1     Running   0          3d2h\n"
    "shop        cart-5d4c7b9f8-p0q1r        0/1     Pending   0          20s\n"
)
KUBECTL_EVENTS_BAD = (
    "LAST SEEN   TYPE      REASON      OBJECT                              MESSAGE\n"
    "3m12s       Normal    Pulled      pod/checkout-6f7d9c8b5-x2lqp        Container image already present\n"
    "41s         Warning   BackOff     pod/checkout-6f7d9c8b5-x2lqp        Back-off restarting failed container\n"
    "2m          Warning   OOMKilling  node/ip-10-0-3-17                   Memory cgroup out of memory: Killed process 4412\n"
)
KUBECTL_EVENTS_OK = (
    "LAST SEEN   TYPE     REASON             OBJECT                         MESSAGE\n"
    "5m          Normal   Scheduled          pod/cart-5d4c7b9f8-p0q1r       Successfully assigned shop/cart-5d4c7b9f8-p0q1r\n"
    "5m          Normal   SuccessfulCreate   replicaset/cart-5d4c7b9f8      Created pod: cart-5d4c7b9f8-p0q1r\n"
)
DESCRIBE_BAD = """Name:             ledger-7c9b8-2hx4k
Namespace:        finance
Node:             ip-10-0-7-21/10.0.7.21
Status:           Running
Containers:
  ledger:
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Restart Count:  9
Events:
  Type     Reason   Age                 From     Message
  ----     ------   ----                ----     -------
  Warning  BackOff  2m (x41 over 30m)   kubelet  Back-off restarting failed container ledger
"""
DESCRIBE_OK = """Name:             ledger-7c9b8-q9z8y
Namespace:        finance
Status:           Running
Containers:
  ledger:
    State:          Running
      Started:      Thu, 10 Dec 2026 09:01:12 +0800
    Ready:          True
    Restart Count:  0
Events:           <none>
"""


@dataclasses.dataclass(frozen=True)
class Case:
    """One format on three payloads: direct, not direct, empty (None when the format has no empty shape)."""

    format_id: str
    tool: str
    direct: str
    indirect: str
    empty: Optional[str]
    refs: tuple[str, ...]  # of the direct payload's records, in order
    subjects: tuple[str, ...]
    levels: tuple[str, ...]
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


CASES = [
    Case(
        "elasticsearch",
        "search_logs_es",
        es(
            {
                "@timestamp": "2026-12-10T01:35:02.114Z",
                "log": {"level": "error"},
                "service": {"name": "payment-service"},
                "message": "upstream bank gateway timed out after 30000 ms",
            },
            {
                "@timestamp": "2026-12-10T01:35:04.871Z",
                "log": {"level": "info"},
                "service": {"name": "order-service"},
                "message": "订单 5521 已创建",
            },
        ),
        es({"@timestamp": "2026-12-10T01:35:04Z", "level": "WARN", "service": "cart", "message": "库存服务响应慢"}),
        es(total=0),
        ("header", "hits[0]", "hits[1]"),
        ("", "payment-service", "order-service"),
        ("", "ERROR", "INFO"),
    ),
    Case(
        "loki_streams",
        "loki_query_range",
        loki(
            ({"app": "payment-service", "namespace": "prod"}, ['level=error msg="db pool exhausted" active=50']),
            ({"app": "order-service", "level": "info"}, ["order 5521 created", "订单 5522 已创建"]),
        ),
        loki(({"service_name": "cart"}, ['{"level":"warn","msg":"slow inventory call","duration_ms":812}'])),
        loki(),
        ("streams[0].values[0]", "streams[1].values[0]", "streams[1].values[1]"),
        ("payment-service", "order-service", "order-service"),
        ("ERROR", "INFO", "INFO"),
    ),
    Case(
        "kubectl_table",
        "kubectl_get",
        KUBECTL_PODS_BAD,
        KUBECTL_PODS_OK,
        "No resources found in shop namespace.\n",
        ("row 1", "row 2", "row 3"),
        ("checkout-6f7d9c8b5-x2lqp", "checkout-6f7d9c8b5-9wvtm", "cart-5d4c7b9f8-k8s7d"),
        ("", "", ""),
    ),
    Case(
        "kubectl_events",
        "kubectl_get_events",
        KUBECTL_EVENTS_BAD,
        KUBECTL_EVENTS_OK,
        "No resources found in shop namespace.\n",
        ("row 1", "row 2", "row 3"),
        ("checkout-6f7d9c8b5-x2lqp", "checkout-6f7d9c8b5-x2lqp", "ip-10-0-3-17"),
        ("INFO", "WARN", "WARN"),
    ),
    Case(
        "kubectl_describe",
        "kubectl_describe",
        DESCRIBE_BAD,
        DESCRIBE_OK,
        None,
        # the fields, the "Containers:" heading, the container, the events' heading, each event
        ("lines 1-4", "line 5", "lines 6-12", "lines 13-15", "line 16"),
        ("ledger-7c9b8-2hx4k",) * 5,
        ("",) * 4 + ("WARN",),
    ),
    Case(
        "csv",
        "export_http_checks",
        "service,endpoint,status,latency_ms\npayments,/healthz,503,1200\norders,/healthz,200,35\n",
        "service,endpoint,status,latency_ms\npayments,/healthz,200,41\n",
        "service,endpoint,status,latency_ms\n",
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "tsv",
        "sql_slow_queries",
        "host\tlevel\tquery_time_s\tstatement\ndb-1\terror\t12.4\tUPDATE orders SET ...\ndb-2\tinfo\t0.3\tSELECT 1\n",
        "host\tlevel\tquery_time_s\tstatement\ndb-2\tinfo\t0.3\tSELECT 1\n",
        "host\tlevel\tquery_time_s\tstatement\n",
        ("row 1", "row 2"),
        ("db-1", "db-2"),
        ("ERROR", "INFO"),
    ),
    Case(
        "markdown_table",
        "report_table",
        "| 服务 | service | status | p99_ms |\n|---|---|---|---|\n| 支付 | payments | down | 1200 |\n| 订单 | orders | ok | 40 |\n",
        "| service | status | p99_ms |\n|:---|:---:|---:|\n| orders | ok | 40 |\n",
        "| service | status | p99_ms |\n|---|---|---|\n",
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "box_table",
        "clickhouse_query",
        "┌─service──┬─status─┬─p99_ms─┐\n│ payments │ down   │   1200 │\n│ orders   │ ok     │     40 │\n"
        "└──────────┴────────┴────────┘\n\n2 rows in set. Elapsed: 0.004 sec.\n",
        "┌─service─┬─status─┬─p99_ms─┐\n│ 订单    │ ok     │     40 │\n└─────────┴────────┴────────┘\n",
        "┌─service─┬─status─┐\n└─────────┴────────┘\n",
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "psql_table",
        "sql_query",
        "  service  | status | latency_ms\n-----------+--------+-----------\n payments  | down   |       1200\n"
        " orders    | ok     |         40\n(2 rows)\n",
        " service | status | latency_ms\n---------+--------+-----------\n 订单    | ok     |         40\n(1 row)\n",
        " service | status | latency_ms\n---------+--------+-----------\n(0 rows)\n",
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "aligned_table",
        "run_command",
        "SERVICE    STATUS   LATENCY-MS   REGION\npayments   down     1200         eu-west-1\n"
        "orders     ok       40           eu-west-1\n",
        "SERVICE    STATUS   LATENCY-MS   REGION\norders     ok       40           eu-west-1\n",
        None,
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "key_values",
        "redis_cli",
        "# Server\nhost: cache-7\nstatus: DOWN\nerrors_total: 5\nuptime_seconds: 3600\n\n"
        "# Clients\nhost: cache-8\nstatus: up\nconnected_clients: 120\nuptime_seconds: 86400\n",
        "# Clients\nhost: cache-8\nstatus: up\nconnected_clients: 120\nuptime_seconds: 86400\n",
        None,
        ("lines 1-5", "lines 7-11"),
        ("cache-7", "cache-8"),
        ("", ""),
    ),
    Case(
        "spaced_table",
        "run_command",
        "service    status   latency_ms   region\npayments   down     1200         eu-west-1\n"
        "orders     ok       40           eu-west-1\n",
        "service    status   latency_ms   region\norders     ok       40           eu-west-1\n",
        None,
        ("row 1", "row 2"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "yaml_documents",
        "kubectl",
        "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: nightly-etl-7x2kq\n  namespace: data\n"
        "status:\n  phase: Failed\n  nodes:\n  - name: extract\n    phase: Failed\n    message: OOMKilled (exit code 137)\n"
        "  - name: load\n    phase: Omitted\n",
        "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: nightly-etl-7x2kq\n"
        "status:\n  phase: Succeeded\n  nodes:\n  - name: extract\n    phase: Succeeded\n",
        None,
        ("header", "metadata", "status", "status.nodes[0]", "status.nodes[1]"),
        ("", "nightly-etl-7x2kq", "", "extract", "load"),
        ("", "", "", "", ""),
        {"args": "get workflow nightly-etl-7x2kq -n data -o yaml"},
    ),
    Case(
        "jsonpath",
        "kubectl",
        "checkout-6f7d9c8b5-x2lqp\tRunning\t0\t\ncheckout-6f7d9c8b5-9wvtm\tRunning\t7\tCrashLoopBackOff\n",
        "checkout-6f7d9c8b5-x2lqp\tRunning\t0\t\ncheckout-6f7d9c8b5-9wvtm\tRunning\t0\t\n",
        None,
        ("row 1", "row 2"),
        ("checkout-6f7d9c8b5-x2lqp", "checkout-6f7d9c8b5-9wvtm"),
        ("", ""),
        {
            "args": 'get pods -n shop -l app=checkout -o jsonpath=\'{range .items[*]}{.metadata.name}{"\\t"}'
            '{.status.phase}{"\\t"}{.status.containerStatuses[0].restartCount}{"\\t"}'
            '{.status.containerStatuses[0].state.waiting.reason}{"\\n"}{end}\''
        },
    ),
    Case(
        "xml_documents",
        "http_get",
        '<?xml version="1.0" encoding="UTF-8"?>\n<events count="2">'
        '<event time="2026-11-05T03:12:09Z" level="ERROR" service="billing-api">connection refused to ledger-db:5432'
        '</event><event time="2026-11-05T03:12:40Z" level="INFO" service="orders-api">request completed</event>'
        "</events>",
        '<?xml version="1.0"?><events><event time="2026-11-05T03:12:40Z" level="INFO" service="orders-api">'
        "request completed</event></events>",
        None,
        ("events", "events.event[0]", "events.event[1]"),
        ("", "billing-api", "orders-api"),
        ("", "ERROR", "INFO"),
        {"url": "https://ops.example.net/api/events?since=1h"},
    ),
    Case(
        "mqsc",
        "ssh_exec",
        "Starting MQSC for queue manager QM_PAY01.\n\n     1 : DISPLAY QLOCAL(PAY.REQ.EU) CURDEPTH\n"
        "AMQ8409I: Display Queue details.\n   QUEUE(PAY.REQ.EU)                       TYPE(QLOCAL)\n   CURDEPTH(4870)\n"
        "     2 : DISPLAY QLOCAL(PAY.REQ.XX) CURDEPTH\nAMQ8147E: IBM MQ object PAY.REQ.XX not found.\n2 MQSC commands read.\n",
        "Starting MQSC for queue manager QM_PAY01.\n\n     1 : DISPLAY QLOCAL(PAY.REQ.EU) CURDEPTH\n"
        "AMQ8409I: Display Queue details.\n   QUEUE(PAY.REQ.EU)                       TYPE(QLOCAL)\n   CURDEPTH(12)\n"
        "One MQSC command read.\n",
        None,
        ("header", "lines 4-6", "line 8"),
        ("QM_PAY01", "PAY.REQ.EU", ""),
        ("", "", "ERROR"),
        {"command": "echo 'DISPLAY QLOCAL(PAY.REQ.*) CURDEPTH' | runmqsc QM_PAY01"},
    ),
    Case(
        "logfmt",
        "app_stdout",
        'ts=2026-12-10T01:35:02Z level=error service=payments msg="bank gateway timeout" duration_ms=30012\n'
        'ts=2026-12-10T01:35:03Z level=info service=orders msg="订单已创建" order=5521\n',
        'ts=2026-12-10T01:35:03Z level=warn service=orders msg="slow query" duration_ms=812\n',
        None,
        ("line 1", "line 2"),
        ("payments", "orders"),
        ("ERROR", "INFO"),
    ),
    Case(
        "json_lines",
        "container_stdout",
        '{"asctime":"2026-12-10 01:35:02,114","levelname":"ERROR","name":"payments.gateway","message":"支付网关超时"}\n'
        '{"asctime":"2026-12-10 01:35:03,020","levelname":"INFO","service":"orders","message":"order 5521 created"}\n',
        '{"time":"2026-12-10T01:35:03Z","severity":"WARNING","service":"orders","msg":"retrying"}\n'
        '{"time":"2026-12-10T01:35:04Z","severity":"INFO","service":"orders","msg":"ok"}\n',
        None,
        ("line 1", "line 2"),
        ("payments.gateway", "orders"),
        ("ERROR", "INFO"),
    ),
    Case(
        "log_lines",
        "read_nginx_access",
        '10.0.3.17 - - [10/Dec/2026:01:35:02 +0000] "POST /api/v1/pay HTTP/1.1" 502 157 "-" "okhttp/4.12"\n'
        '10.0.3.18 - - [10/Dec/2026:01:35:03 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"\n',
        '10.0.3.18 - - [10/Dec/2026:01:35:03 +0000] "GET /api/v1/cart HTTP/1.1" 404 9 "-" "okhttp/4.12"\n'
        '10.0.3.18 - - [10/Dec/2026:01:35:04 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"\n',
        None,
        ("line 1", "line 2"),
        ("", ""),
        ("ERROR", "INFO"),
    ),
    Case(
        "log_lines",
        "read_syslog",
        "<11>Dec 10 01:35:02 ip-10-0-3-17 kernel: Out of memory: Killed process 4412 (java)\n"
        "Dec 10 01:35:03 ip-10-0-3-17 systemd[1]: Started Session 42 of user root.\n",
        "Dec 10 01:35:03 ip-10-0-3-17 systemd[1]: Started Session 42 of user root.\n"
        "Dec 10 01:35:04 ip-10-0-3-17 sshd[881]: Accepted publickey for deploy\n",
        None,
        ("line 1", "line 2"),
        ("kernel", "systemd"),
        ("ERROR", ""),
    ),
    Case(
        "log_lines",
        "read_app_log",
        "2026-12-10 01:35:02,114 - payments - ERROR - 连接数据库超时\n"
        "2026-12-10 01:35:03,020 - payments - INFO - retry scheduled\n",
        "WARNING:root:disk usage at 91%\nINFO:root:rotation done\n",
        None,
        ("line 1", "line 2"),
        ("", ""),
        ("ERROR", "INFO"),
    ),
    Case(
        "redis_replies",
        "redis_cli",
        '1) "job"\n2) "nightly-export"\n3) "state"\n4) "failed"\n5) "attempts"\n6) (integer) 5\n',
        '1) "maxclients"\n2) "10000"\n',
        None,
        ("lines 1-2", "lines 3-4", "lines 5-6"),
        ("nightly-export", "nightly-export", "nightly-export"),
        ("", "", ""),
    ),
    Case(
        "jaeger_trace",
        "jaeger_get_trace",
        json.dumps(
            {
                "data": [
                    {
                        "traceID": "7c1e",
                        "spans": [
                            {
                                "traceID": "7c1e",
                                "spanID": "a1",
                                "operationName": "POST /pay",
                                "duration": 3012000,
                                "processID": "p1",
                                "tags": [{"key": "http.status_code", "type": "int64", "value": 504}],
                            },
                            {
                                "traceID": "7c1e",
                                "spanID": "b2",
                                "operationName": "Bank/Authorize",
                                "duration": 3001000,
                                "processID": "p2",
                                "tags": [{"key": "error", "type": "bool", "value": True}],
                            },
                        ],
                        "processes": {"p1": {"serviceName": "pay-api"}, "p2": {"serviceName": "bank-gw"}},
                    }
                ]
            }
        ),
        json.dumps(
            {
                "data": [
                    {
                        "traceID": "9d2f",
                        "spans": [
                            {
                                "traceID": "9d2f",
                                "spanID": "c3",
                                "operationName": "GET /cart",
                                "duration": 41000,
                                "processID": "p1",
                                "tags": [],
                            }
                        ],
                        "processes": {"p1": {"serviceName": "cart-api"}},
                    }
                ]
            }
        ),
        None,
        ("data[0].spans[0]", "data[0].spans[1]"),
        ("pay-api", "bank-gw"),
        ("", "ERROR"),
    ),
    Case(
        "jenkins_console",
        "jenkins_console",
        "Started by user ops-bot\n[Pipeline] Start of Pipeline\n[Pipeline] stage\n[Pipeline] { (Build)\n"
        "+ make build\nbuilt ledger-api 3.2.0 in 12s\n[Pipeline] }\n[Pipeline] stage\n[Pipeline] { (Test)\n"
        "+ make test\n--- FAIL: TestPostings (0.31s)\nERROR: script returned exit code 2\n[Pipeline] }\n"
        "[Pipeline] End of Pipeline\nFinished: FAILURE\n",
        "Started by user ops-bot\n[Pipeline] stage\n[Pipeline] { (Build)\n+ make build\n[Pipeline] }\n"
        "[Pipeline] End of Pipeline\nFinished: SUCCESS\n",
        None,
        ("preamble", "stage Build", "trailer", "stage Test", "trailer"),
        ("", "Build", "", "Test", ""),
        ("", "", "", "ERROR", "ERROR"),
    ),
    Case(
        "haproxy_http",
        "read_haproxy_log",
        "Dec 10 01:35:02 lb-1 haproxy[14389]: 10.0.1.2:33317 [10/Dec/2026:01:35:02.655] https-in "
        'payments/pay-2 10/0/30/29980/30020 504 194 - - sH-- 12/12/3/1/0 0/0 "POST /api/v1/pay HTTP/1.1"\n'
        "Dec 10 01:35:03 lb-1 haproxy[14389]: 10.0.1.3:40122 [10/Dec/2026:01:35:03.101] https-in "
        'orders/ord-1 2/0/1/12/15 200 1520 - - ---- 12/12/2/1/0 0/0 "GET /api/v1/orders HTTP/1.1"\n',
        "Dec 10 01:35:03 lb-1 haproxy[14389]: 10.0.1.3:40122 [10/Dec/2026:01:35:03.101] https-in "
        'orders/ord-1 2/0/1/12/15 200 1520 - - ---- 12/12/2/1/0 0/0 "GET /api/v1/orders HTTP/1.1"\n',
        None,
        ("line 1", "line 2"),
        ("payments/pay-2", "orders/ord-1"),
        ("ERROR", "INFO"),
    ),
    Case(
        "top",
        "ssh_exec",
        "top - 10:22:42 up 41 days,  3:07,  1 user,  load average: 31.24, 24.91, 12.80\n"
        "%Cpu(s): 93.8 us,  4.9 sy,  0.0 ni,  0.6 id,  0.0 wa,  0.0 hi,  0.7 si,  0.0 st\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "   2231 envoy     20   0 4210344   2.1g  41236 S 741.2   6.7   9120:44 envoy\n"
        "   3310 app       20   0       0      0      0 Z   0.0   0.0   0:00.12 python3\n",
        "top - 10:22:42 up 41 days,  3:07,  1 user,  load average: 1.24, 0.91, 0.80\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "   2231 envoy     20   0 4210344   2.1g  41236 S  12.2   6.7   9120:44 envoy\n",
        None,
        ("summary", "row 5", "row 6"),
        ("", "envoy", "python3"),
        ("", "", ""),
    ),
    Case(
        "memcached_stats",
        "ssh_exec",
        "STAT pid 1\nSTAT uptime 1209600\nSTAT accepting_conns 0\nSTAT curr_connections 1024\nSTAT bytes 4018922114\nEND\n",
        "STAT pid 1\nSTAT uptime 1209600\nSTAT accepting_conns 1\nSTAT curr_connections 12\nSTAT bytes 4018922114\nEND\n",
        None,
        ("stats",),
        ("",),
        ("ERROR",),
    ),
    Case(
        "http_exchanges",
        "http_check",
        "* Connected to api.example.com (203.0.113.5) port 443\n"
        "* Server certificate:\n*  subject: CN=api.example.com\n*  expire date: Apr  5 08:14:21 2027 GMT\n"
        "> GET /healthz HTTP/2\n> Host: api.example.com\n>\n"
        "< HTTP/2 503\n< content-type: text/plain\n< retry-after: 30\n<\n"
        "upstream connect error or disconnect/reset before headers\n"
        "* Connection #0 to host api.example.com left intact\n",
        "HTTP/1.1 302 Found\nLocation: https://ops.example.net/login\n\n"
        "HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 5123\n",
        None,
        ("line 1", "certificate", "request 1", "response 1", "line 13"),
        ("", "", "//api.example.com/healthz", "//api.example.com/healthz", ""),
        ("", "", "", "ERROR", ""),
        params={"command": "curl -sIL https://ops.example.net/admin"},
    ),
    Case(
        "systemd_status",
        "ssh_exec",
        "× billing-sync.service - Billing sync worker\n"
        "     Loaded: loaded (/etc/systemd/system/billing-sync.service; enabled; preset: enabled)\n"
        "     Active: failed (Result: exit-code) since Wed 2026-11-04 02:17:40 UTC; 9min ago\n"
        "   Main PID: 7713 (code=exited, status=2/INVALIDARGUMENT)\n"
        "        CPU: 1.204s\n"
        "\n"
        "Nov 04 02:17:40 job-4 ledgerd[7713]: fatal: config key ledger.url is missing\n"
        "Nov 04 02:17:41 job-4 kernel: nf_conntrack: table full, dropping packet\n",
        "● billing-sync.service - Billing sync worker\n"
        "     Loaded: loaded (/etc/systemd/system/billing-sync.service; enabled; preset: enabled)\n"
        "     Active: active (running) since Wed 2026-11-04 02:30:02 UTC; 3min ago\n"
        "   Main PID: 7790 (billing-sync)\n"
        "     Memory: 212.5M\n",
        None,
        ("lines 1-5", "line 7", "line 8"),
        ("billing-sync.service", "ledgerd", "kernel"),
        ("ERROR", "", ""),
        params={"host": "job-4", "command": "systemctl status billing-sync --no-pager"},
    ),
    Case(
        "mdstat",
        "ssh_exec",
        "Personalities : [raid6] [raid5] [raid4]\n"
        "md0 : active raid5 sde1[5] sdc1[2] sdb1[1] sda1[0]\n"
        "      2929893888 blocks super 1.2 level 5, 512k chunk, algorithm 2 [4/3] [UUU_]\n"
        "      [===================>.]  recovery = 99.1% (968212480/976631296) finish=2.1min speed=65012K/sec\n"
        "\n"
        "md1 : active raid1 sdf1[1] sdg1[0]\n"
        "      976630336 blocks super 1.2 [2/2] [UU]\n"
        "\n"
        "unused devices: <none>\n",
        "Personalities : [raid1]\nmd1 : active raid1 sdf1[1] sdg1[0]\n      976630336 blocks super 1.2 [2/2] [UU]\n",
        None,
        ("line 1", "lines 2-4", "lines 6-7", "line 9"),
        ("", "md0", "md1", ""),
        ("", "WARN", "", ""),
        params={"host": "file-srv-03", "command": "cat /proc/mdstat"},
    ),
    Case(
        "ping",
        "ssh_exec",
        "PING 10.20.8.31 (10.20.8.31) 56(84) bytes of data.\n"
        "64 bytes from 10.20.8.31: icmp_seq=1 ttl=57 time=28.1 ms\n"
        "64 bytes from 10.20.8.31: icmp_seq=3 ttl=57 time=27.9 ms\n\n"
        "--- 10.20.8.31 ping statistics ---\n3 packets transmitted, 2 received, 33.3333% packet loss, time 2003ms\n"
        "rtt min/avg/max/mdev = 27.9/28.0/28.1/0.1 ms\n",
        "PING 10.20.8.31 (10.20.8.31) 56(84) bytes of data.\n"
        "64 bytes from 10.20.8.31: icmp_seq=1 ttl=57 time=28.1 ms\n\n"
        "--- 10.20.8.31 ping statistics ---\n1 packets transmitted, 1 received, 0% packet loss, time 0ms\n"
        "rtt min/avg/max/mdev = 28.1/28.1/28.1/0.0 ms\n",
        None,
        ("line 1", "line 2", "line 3", "statistics"),
        ("10.20.8.31",) * 4,
        ("", "", "", ""),
    ),
    Case(
        "java_query_logs",
        "query_logs",
        java(
            {
                "timestamp": "2026-12-10T01:35:02Z",
                "levelname": "ERROR",
                "service": "payment-service",
                "message": "支付超时",
            },
            {"timestamp": "2026-12-10T01:35:03Z", "severity": "warning", "service": "order-service", "msg": "slow"},
        ),
        java({"timestamp": "2026-12-10T01:35:03Z", "level": "INFO", "service": "order-service", "message": "ok"}),
        java(),
        ("header", "logs[0]", "logs[1]"),
        ("", "payment-service", "order-service"),
        ("", "ERROR", "WARN"),
    ),
    Case(
        "prometheus_vector",
        "prom_instant",
        prom_vector(({"__name__": "up", "instance": "10.0.3.17:9100", "job": "node"}, "0")),
        prom_vector(({"__name__": "up", "instance": "10.0.3.18:9100", "job": "node"}, "1")),
        prom_vector(),
        ("result[0]",),
        ("10.0.3.17:9100",),
        ("",),
        {"query": "up", "threshold": 1, "comparison": "<"},
    ),
    Case(
        "prometheus_matrix",
        "prom_range",
        prom_matrix(({"service": "payments"}, ["0.12", "0.31"]), ({"service": "orders"}, ["0.01", "0.02"])),
        prom_matrix(({"service": "orders"}, ["0.01", "0.02"])),
        prom_matrix(),
        ("result[0]", "result[1]"),
        ("payments", "orders"),
        ("", ""),
        {"query": 'sum by (service) (rate(http_requests_total{code=~"5.."}[5m]))', "threshold": "0.2"},
    ),
    Case(
        "cloudwatch_metric_data",
        "aws_cli",
        cloudwatch(
            ("cpu", "CPUUtilization Average", [91.0, 71.5]), ("errors", "HTTPCode_Target_5XX_Count Sum", [260.0, 3.0])
        ),
        cloudwatch(("cpu", "CPUUtilization Average", [48.2, 52.0])),
        cloudwatch(("cpu", "CPUUtilization Average", [])),
        ("MetricDataResults[0]", "MetricDataResults[1]"),
        ("", ""),
        ("", ""),
        {"command": "aws cloudwatch get-metric-data --metric-data-queries file://q.json", "threshold": 85},
    ),
    Case(
        "azure_monitor_metrics",
        "azure_cli",
        azure_metrics(("cpu_percent", "Percent", [71.5, 93.0]), ("TotalLatency", "MilliSeconds", [182.4, 611.3])),
        azure_metrics(("cpu_percent", "Percent", [48.2, 52.0])),
        azure_metrics(("cpu_percent", "Percent", [])),
        ("value[0].timeseries[0].average", "value[1].timeseries[0].average"),
        ("", ""),
        ("", ""),
        {"command": "az monitor metrics list --metric cpu_percent TotalLatency", "threshold": 85},
    ),
    Case(
        "kusto_tables",
        "kql_query",
        kusto(
            ["2026-12-10T01:30:02Z", "Error", "payments-api: connection refused to ledger-db:5432"],
            ["2026-12-10T01:31:40Z", "Information", "orders-api: request completed"],
        ),
        kusto(["2026-12-10T01:31:40Z", "Information", "orders-api: request completed"]),
        kusto(),
        ("tables[0].rows[0]", "tables[0].rows[1]"),
        ("", ""),
        ("ERROR", "INFO"),
        {"workspace": "law-prod", "query": "AppTraces | where TimeGenerated > ago(1h)"},
    ),
    Case(
        "ansible_adhoc",
        "ansible",
        "web-3 | CHANGED | rc=0 >>\n"
        " 09:14:02 up 41 days,  3:02,  1 user,  load average: 0.12, 0.20, 0.18\n"
        "web-4 | FAILED | rc=2 >>\n"
        "ls: cannot access '/srv/app/current': No such file or directory non-zero return code\n"
        "web-5 | UNREACHABLE! => {\n"
        '    "changed": false,\n'
        '    "msg": "Failed to connect to the host via ssh: connect to host web-5 port 22: Connection timed out",\n'
        '    "unreachable": true\n'
        "}\n",
        'web-3 | SUCCESS => {\n    "changed": false,\n    "ping": "pong"\n}\n'
        "web-4 | CHANGED | rc=0 >>\n/srv/app/current -> /srv/app/releases/20261207-0912\n",
        None,
        ("host web-3", "host web-4", "host web-5"),
        ("web-3", "web-4", "web-5"),
        ("", "ERROR", "ERROR"),
        {"pattern": "web", "module_name": "shell", "module_args": "uptime; ls -l /srv/app/current"},
    ),
    Case(
        "ansible_playbook",
        "ansible",
        "PLAY [kafka] *******************************************************************\n"
        "TASK [sysctl : Apply kernel tunables] ******************************************\n"
        "changed: [kafka-01]\n"
        'fatal: [kafka-02]: FAILED! => {"msg": "sysctl: permission denied on key vm.swappiness"}\n'
        "PLAY RECAP *********************************************************************\n"
        "kafka-01                   : ok=3    changed=1    unreachable=0    failed=0    skipped=0\n"
        "kafka-02                   : ok=1    changed=0    unreachable=0    failed=1    skipped=0\n",
        "PLAY [kafka] *******************************************************************\n"
        "TASK [sysctl : Apply kernel tunables] ******************************************\n"
        "ok: [kafka-01]\n"
        "PLAY RECAP *********************************************************************\n"
        "kafka-01                   : ok=3    changed=0    unreachable=0    failed=0    skipped=0\n",
        None,
        ("line 3", "line 4", "recap kafka-01", "recap kafka-02"),
        ("kafka-01", "kafka-02", "kafka-01", "kafka-02"),
        ("", "ERROR", "", "ERROR"),
    ),
    Case(
        "ceph_osd_tree",
        "ceph_cli",
        "ID   CLASS  WEIGHT    TYPE NAME           STATUS  REWEIGHT  PRI-AFF\n"
        "-1          8.00000  root default\n"
        "-3          8.00000      host hv-07\n"
        " 3    hdd   4.00000          osd.3           up   1.00000  1.00000\n"
        " 4    hdd   4.00000          osd.4         down         0  1.00000\n",
        "ID   CLASS  WEIGHT    TYPE NAME           STATUS  REWEIGHT  PRI-AFF\n"
        "-1          4.00000  root default\n"
        "-3          4.00000      host hv-07\n"
        " 3    hdd   4.00000          osd.3           up   1.00000  1.00000\n",
        None,
        ("row 1", "row 2", "row 3", "row 4"),
        ("default", "hv-07", "osd.3", "osd.4"),
        ("", "", "", "ERROR"),
        {"command": "ceph osd tree"},
    ),
    Case(
        "dashed_table",
        "run_sql",
        "JOB_NAME             STATUS     LAST_START\n"
        "-------------------- ---------- -------------------\n"
        "NIGHTLY_ETL          FAILED     2026-12-10 01:00:02\n"
        "PURGE_AUDIT          SUCCEEDED  2026-12-10 01:30:00\n"
        "\n"
        "2 rows selected.\n",
        "JOB_NAME             STATUS     LAST_START\n"
        "-------------------- ---------- -------------------\n"
        "PURGE_AUDIT          SUCCEEDED  2026-12-10 01:30:00\n",
        "JOB_NAME             STATUS     LAST_START\n-------------------- ---------- -------------------\n\nno rows selected\n",
        ("row 1", "row 2"),
        ("", ""),
        ("", ""),
        {"sql": "SELECT job_name, status, last_start FROM dba_scheduler_jobs"},
    ),
    Case(
        "w3c_extended_log",
        "powershell",
        "#Software: Microsoft Internet Information Services 10.0\n"
        "#Fields: date time s-ip cs-method cs-uri-stem s-port c-ip sc-status sc-substatus sc-win32-status time-taken\n"
        "2026-12-10 01:30:02 10.20.1.5 POST /billing/api/invoice 443 10.8.3.21 500 19 13 31\n"
        "2026-12-10 01:30:09 10.20.1.5 GET /billing/health 443 10.8.3.9 200 0 0 4\n",
        "#Fields: date time s-ip cs-method cs-uri-stem s-port c-ip sc-status sc-substatus sc-win32-status time-taken\n"
        "2026-12-10 01:30:09 10.20.1.5 GET /billing/health 443 10.8.3.9 200 0 0 4\n",
        "#Software: Microsoft Internet Information Services 10.0\n"
        "#Fields: date time s-ip cs-method cs-uri-stem s-port c-ip sc-status sc-substatus sc-win32-status time-taken\n",
        ("row 1", "row 2"),
        ("", ""),
        ("ERROR", ""),
        {"script": "Get-Content D:\\IISLogs\\W3SVC3\\u_ex261210.log -Tail 20"},
    ),
    Case(
        "prometheus_alerts",
        "prom_alerts",
        prom_alerts(("HighErrorRate", "payments", "firing"), ("DiskFilling", "orders", "pending")),
        prom_alerts(("DiskFilling", "orders", "pending")),
        prom_alerts(),
        ("alerts[0]", "alerts[1]"),
        ("payments", "orders"),
        ("", ""),
    ),
    Case(
        "alertmanager_v2",
        "alertmanager_alerts",
        alertmanager(("KubePodCrashLooping", "checkout", "active"), ("CPUThrottling", "cart", "suppressed")),
        alertmanager(("CPUThrottling", "cart", "suppressed")),
        "[]",
        ("result[0]", "result[1]"),
        ("checkout", "cart"),
        ("", ""),
    ),
    Case(
        "knowledge_chunks",
        "search_kb",
        "[1] 连接池耗尽\n当 active 连接达到 maximumPoolSize 时请求排队。\n\n[2] Envoy 503 UC\nUC means upstream "
        "connection termination.",
        "[1] Envoy 503 UC\nUC means upstream connection termination.",
        None,
        ("chunk 1", "chunk 2"),
        ("", ""),
        ("", ""),
    ),
    Case(
        "generic_json",
        "list_services",
        json.dumps(
            {
                "region": "eu-west-1",
                "generated": "2026-12-10T01:35:00Z",
                "clusters": [
                    {
                        "cluster": "prod-a",
                        "services": [
                            {"service": "payments", "status": "failing", "error_rate": 0.12},
                            {"service": "orders", "status": "ok", "error_rate": 0.001},
                        ],
                    }
                ],
            }
        ),
        json.dumps({"data": {"items": [{"service": "orders", "status": "ok"}]}}),
        json.dumps({"query": "status:failing", "data": {"items": []}}),
        ("header", "clusters[0]", "clusters[0].services[0]", "clusters[0].services[1]"),
        ("", "", "payments", "orders"),
        ("", "", "", ""),
    ),
    Case(  # a JSON body and the lines curl -w prints after it: the body's record, then each trailer line's
        "generic_json",
        "http_check",
        json.dumps({"status": "DOWN", "components": {"redis": {"status": "DOWN"}}}) + "\nHTTP 503\ntime_total: 2.41\n",
        json.dumps({"status": "UP"}) + "\nHTTP 200\n",
        None,
        ("result", "trailer 1", "trailer 2"),
        ("", "", ""),
        ("", "", ""),
    ),
]
IDS = [f"{c.format_id}-{c.tool}" for c in CASES]


def invocation(tool: str, preview: str, params: Optional[dict[str, Any]] = None) -> Invocation:
    return Invocation("inv-1", "s-1", tool, params or {}, success=True, output_preview=preview)


def row(
    tool: str,
    preview: str,
    outcome: Outcome = Outcome.DIRECT_SUPPORT,
    format_id: str = "",
    params: Optional[dict[str, Any]] = None,
) -> EvidenceRow:
    return EvidenceRow("inv-1", tool, outcome, preview, params or {}, format_id=format_id)


def test_every_format_in_the_registry_is_covered_here() -> None:
    assert {c.format_id for c in CASES} == set(BY_ID) == {f.id for f in FORMATS}
    assert len(BY_ID) == len(FORMATS)  # one line per format, ids unique


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_payload_is_recognised_as_its_format(case: Case) -> None:
    for payload in (case.direct, case.indirect, case.empty):
        if payload is not None:
            assert recognise(Preview(payload, case.tool, case.params)).id == case.format_id


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_records_are_one_per_hit_value_row_or_line_with_subject_and_level(case: Case) -> None:
    preview = Preview(case.direct, case.tool, case.params)
    records = list(format_for(preview).records(preview))
    assert tuple(r.ref for r in records) == case.refs
    assert tuple(r.subject for r in records) == case.subjects
    assert tuple(r.level for r in records) == case.levels


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_classify_is_direct_on_a_bad_record_indirect_on_others_and_no_hit_on_an_empty_result(case: Case) -> None:
    def outcome(payload: str) -> Outcome:
        preview = Preview(payload, case.tool, case.params)
        return format_for(preview).read(preview).outcome

    direct = Outcome.INDIRECT_SUPPORT if case.format_id == "knowledge_chunks" else Outcome.DIRECT_SUPPORT
    assert outcome(case.direct) == direct  # knowledge has no bad records: its strength is its relevance
    assert outcome(case.indirect) == Outcome.INDIRECT_SUPPORT
    if case.empty is not None:
        assert outcome(case.empty) == Outcome.NO_HIT


# query_logs has its own rule; its levels are compared below.
_BY_FORMAT = [(case, id_) for case, id_ in zip(CASES, IDS) if case.tool != "query_logs"]


@pytest.mark.parametrize("case", [c for c, _ in _BY_FORMAT], ids=[i for _, i in _BY_FORMAT])
def test_the_classifier_stores_the_format_and_its_outcome(case: Case) -> None:
    preview = Preview(case.direct, case.tool, case.params)
    expected = format_for(preview).read(preview).outcome
    classified = classify(invocation(case.tool, case.direct, case.params))
    assert (classified.outcome, classified.format_id) == (expected, case.format_id)
    if expected == Outcome.DIRECT_SUPPORT:
        assert classified.excerpt and classified.note


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_classifier_and_the_verifier_agree_on_every_record(case: Case) -> None:
    """Property over every format and payload: the verifier's units carry the levels, states and
    subjects of the records the classifier judged, and the row is direct exactly when a unit is."""
    for payload in (case.direct, case.indirect, case.empty):
        if payload is None:
            continue
        classified = classify(invocation(case.tool, payload, case.params))
        preview = Preview(payload, case.tool, case.params)
        records = list(format_for(preview, classified.format_id).records(preview))
        units = units_of(row(case.tool, payload, classified.outcome, classified.format_id, case.params))
        shown = [u for u in units if u.kind != "input"]
        assert [(u.ref, u.level, u.state, u.subject) for u in shown] == [
            (r.ref, r.level, r.state, r.subject) for r in records
        ]
        if case.tool != "query_logs" and case.format_id != "knowledge_chunks":
            direct = any(r.direct for r in records)
            assert (classified.outcome == Outcome.DIRECT_SUPPORT) == direct
        # Units found with and without the stored id are the same.
        again = units_of(row(case.tool, payload, classified.outcome, params=case.params))
        assert [(u.ref, u.text) for u in again] == [(u.ref, u.text) for u in units]


JAVA_ENTRIES = [
    {"level": "error", "message": "a"},
    {"levelname": "ERROR", "message": "b"},
    {"severity": "Warning", "message": "c"},
    {"log.level": "err", "message": "d"},
    {"log": {"level": "crit"}, "message": "e"},
    {"Level": "Info", "message": "f"},
    {"severity_text": "FATAL", "message": "g"},
    {"lvl": "dbug", "msg": "h"},
    {"message": "no level"},
]


@pytest.mark.parametrize("entry", JAVA_ENTRIES, ids=[e.get("message", e.get("msg")) for e in JAVA_ENTRIES])
def test_query_logs_reads_every_level_field_as_the_verifier_does(entry: dict[str, Any]) -> None:
    """A `levelname: ERROR` entry is ERROR to both the row's outcome and the gate (it was INDIRECT)."""
    preview = java({"timestamp": "2026-12-10T01:35:02Z", "service": "payment-service", **entry})
    classified = classify(invocation("query_logs", preview))
    (unit,) = [u for u in units_of(row("query_logs", preview, classified.outcome)) if u.ref == "logs[0]"]
    assert unit.level == level_of(entry)
    assert (classified.outcome == Outcome.DIRECT_SUPPORT) == (unit.level in ERROR_LEVELS)


@pytest.mark.parametrize(
    "line",
    [
        "2026-12-10T01:35:02Z ERROR payment-service: timeout",
        "2026-12-10T01:35:02Z err payment-service: timeout",
        "2026-12-10T01:35:02Z WARNING payment-service: slow",
        "ERROR:root:支付网关超时",
        "2026-12-10 01:35:02,114 - payments - CRITICAL - 磁盘已满",
        "2026/12/10 01:35:02 [error] 31#31: *7 connect() failed (111: Connection refused)",
        "2026-12-10 01:35:02 错误 支付服务 超时",
        "2026-12-10T01:35:02Z level=error msg=boom",
        "plain text without a level",
    ],
)
def test_plain_log_lines_have_one_level_for_the_classifier_and_the_verifier(line: str) -> None:
    classified = classify(invocation("query_logs", line + "\n2026-12-10T01:35:09Z INFO other: fine"))
    (unit,) = [u for u in units_of(row("query_logs", line)) if u.ref == "line 1"]
    entry = parse_log_line(line)
    assert entry is not None and unit.level == entry.level
    assert (classified.outcome == Outcome.DIRECT_SUPPORT) == (unit.level in ERROR_LEVELS)


def test_query_logs_answering_with_another_stores_response_is_read_by_that_format() -> None:
    """Elasticsearch hits or Loki streams from a query_logs tool were NO_HIT (no `logs` list)."""
    for payload, format_id in ((CASES[0].direct, "elasticsearch"), (CASES[1].direct, "loki_streams")):
        classified = classify(invocation("query_logs", payload))
        assert (classified.outcome, classified.format_id) == (Outcome.DIRECT_SUPPORT, format_id)
    assert classify(invocation("query_logs", es(total=0))).outcome == Outcome.NO_HIT


def test_a_pod_pending_for_long_is_a_problem_and_one_just_scheduled_is_not() -> None:
    preview = Preview(KUBECTL_PODS_BAD, "kubectl_get")
    assert [r.problem for r in format_for(preview).records(preview)] == ["CrashLoopBackOff", "", "Pending for 12m"]
    preview = Preview(KUBECTL_PODS_OK, "kubectl_get")
    assert [r.problem for r in format_for(preview).records(preview)] == ["", ""]


def test_elasticsearch_size_zero_with_a_total_and_buckets_is_indirect() -> None:
    aggregations = {
        "by_service": {"buckets": [{"key": "payments", "doc_count": 41}, {"key": "orders", "doc_count": 3}]}
    }
    payload = es(total=44, aggregations=aggregations)
    preview = Preview(payload, "search_logs_es")
    records = list(format_for(preview).records(preview))
    assert [r.ref for r in records] == [
        "header",
        "aggregations.by_service.buckets[0]",
        "aggregations.by_service.buckets[1]",
    ]
    assert format_for(preview).read(preview).outcome == Outcome.INDIRECT_SUPPORT
    no_buckets = Preview(es(total=44), "search_logs_es")
    reading = format_for(no_buckets).read(no_buckets)
    assert (reading.outcome, reading.note) == (Outcome.INDIRECT_SUPPORT, "44 hits reported, none shown")


def test_elasticsearch_metric_aggregations_are_units_but_not_records() -> None:
    aggregations = {
        "p95_latency": {"value": 812.5},
        "hosts": {"value": 7},
        "by_host": {"buckets": [{"key": "web-1", "doc_count": 30}]},
        "empty_avg": {"value": None},
    }
    preview = Preview(es(total=30, aggregations=aggregations), "search_logs_es")
    records = list(format_for(preview).records(preview))
    assert [(r.ref, r.kind) for r in records] == [
        ("header", "header"),
        ("aggregations.p95_latency", "object"),
        ("aggregations.hosts", "object"),
        ("aggregations.by_host.buckets[0]", "item"),
    ]


def test_the_generic_reader_never_makes_the_whole_response_one_unit() -> None:
    payload = json.dumps({"result": {"nodes": [{"node": "n1", "pods": [{"pod": "a"}, {"pod": "b"}]}]}})
    refs = [u.ref for u in units_of(row("inventory", payload))]
    assert refs == ["result.nodes[0]", "result.nodes[0].pods[0]", "result.nodes[0].pods[1]"]
    flat = json.dumps({"cluster_name": "logs-es-prod", "status": "red", "unassigned_shards": 14})
    assert [u.ref for u in units_of(row("es_cluster_health", flat))] == ["result"]


def test_a_stored_format_id_is_used_and_an_unknown_one_falls_back_to_recognising() -> None:
    text = "a,b\n1,2\n"
    assert [u.ref for u in units_of(row("t", text, format_id="csv"))] == ["row 1"]
    assert [u.ref for u in units_of(row("t", text, format_id="log_lines"))] == ["line 1", "line 2"]
    assert [u.ref for u in units_of(row("t", text, format_id="no_such_format"))] == ["row 1"]


def test_the_classifier_version_says_outcomes_changed() -> None:
    assert CLASSIFIER_VERSION >= 3


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


ES_TWO_HITS = EvidenceRow(
    "es-1",
    "search_logs",
    Outcome.DIRECT_SUPPORT,
    es(
        {"log": {"level": "error"}, "service": {"name": "payment-service"}, "message": "bank gateway timeout"},
        {"log": {"level": "warn"}, "service": {"name": "order-service"}, "message": "inventory lock wait"},
    ),
    {"query": "level:ERROR"},
)
PODS = EvidenceRow("k-1", "kubectl_get", Outcome.DIRECT_SUPPORT, KUBECTL_PODS_BAD, {"namespace": "shop"})
ADHOC = EvidenceRow(
    "a-1",
    "ansible",
    Outcome.DIRECT_SUPPORT,
    "node-1 | CHANGED | rc=0 >>\n 09:14:02 up 41 days,  3:02,  1 user,  load average: 0.12, 0.20, 0.18\n"
    "node-2 | FAILED | rc=2 >>\nls: cannot access '/srv/app/current': No such file or directory\n",
    {"pattern": "node", "module_args": "uptime; ls /srv/app/current"},
)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("order-service logged an ERROR.", (ES_TWO_HITS,)),
        ("payment-service 记录了一条 WARN 日志。", (ES_TWO_HITS,)),
        ("checkout-6f7d9c8b5-9wvtm is in CrashLoopBackOff.", (PODS,)),
        ("Pod cart-5d4c7b9f8-k8s7d 处于 CrashLoopBackOff 状态。", (PODS,)),
        ("node-2 has been up for 41 days.", (ADHOC,)),
        ("node-2 的 load average 是 0.12。", (ADHOC,)),
    ],
)
def test_facts_of_two_different_hits_or_rows_no_longer_combine(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert judge(draft, *rows) != Decision.ACCEPT


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("payment-service logged an ERROR.", (ES_TWO_HITS,)),
        ("order-service 记录了一条 WARN 日志。", (ES_TWO_HITS,)),
        ("checkout-6f7d9c8b5-x2lqp is in CrashLoopBackOff.", (PODS,)),
        ("node-1 has been up for 41 days.", (ADHOC,)),
        ("node-1 的 load average 是 0.12。", (ADHOC,)),
    ],
)
def test_facts_of_one_hit_or_row_still_ground(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert judge(draft, *rows) == Decision.ACCEPT


def test_no_unit_of_a_listing_holds_two_records() -> None:
    for case in CASES:
        units = [u for u in units_of(row(case.tool, case.direct)) if u.kind not in ("input", "header")]
        subjects = {c for c in case.subjects if c}
        for unit in units:
            named = {s for s in subjects if s in unit.text}
            # (a nested record names its owner, a queue's record its queue manager, an OSD its host: not a second record)
            assert len(named) <= 1 or case.format_id in ("generic_json", "mqsc", "ceph_osd_tree"), (
                case.format_id,
                unit.ref,
                named,
            )


@pytest.mark.parametrize(
    ("text", "format_id"),
    [
        (
            "NAME                       CPU(cores)   MEMORY(bytes)\ncheckout-6f7d9c8b5-x2lqp   912m         1830Mi\n",
            "kubectl_table",
        ),
        ("ERROR payment-service: timeout, retrying\nINFO order-service: done, ok\n", "log_lines"),
        ("2026-12-10T01:35:02Z WARN cart: slow, 812 ms\n2026-12-10T01:35:03Z INFO cart: ok, 12 ms\n", "log_lines"),
        ("支付服务, 状态, 延迟\n正常, 200, 35\n", "csv"),
        # a pipe-separated log line is no ad-hoc ansible header, nor is a header after other output
        ("web-3 | INFO | started in 812 ms\nweb-4 | ERROR | bind failed\n", "log_lines"),
        ("PLAY [web] ***\nTASK [ping] ***\nok: [web-3]\nweb-3 | SUCCESS => {\n", "ansible_playbook"),
    ],
)
def test_lookalike_shapes_go_to_the_right_format(text: str, format_id: str) -> None:
    assert recognise(Preview(text, "read_output")).id == format_id


def test_a_direct_records_note_names_why_and_where() -> None:
    classified = classify(invocation("kubectl_get", KUBECTL_PODS_BAD))
    assert classified.note == "CrashLoopBackOff checkout-6f7d9c8b5-x2lqp: row 1"
    assert classified.excerpt == KUBECTL_PODS_BAD.splitlines()[1]
    classified = classify(invocation("search_logs_es", CASES[0].direct))
    assert classified.note == "ERROR payment-service: hits[0]"
    assert classified.excerpt.startswith('{"_index": "logs-payments-2026.12.10", "_id": "hit0"')


@pytest.mark.parametrize(
    ("body", "note"),
    [
        (
            {"status": "error", "errorType": "bad_data", "error": 'parse error at char 12: unexpected "}"'},
            'bad_data: parse error at char 12: unexpected "}"',
        ),
        (
            {"error": {"type": "index_not_found_exception", "reason": "no such index [logs-x]"}, "status": 404},
            "HTTP 404: index_not_found_exception: no such index [logs-x]",
        ),
        ({"error": "查询语法错误", "status": 400}, "HTTP 400: 查询语法错误"),
    ],
)
def test_an_apis_error_envelope_is_a_failed_call_not_a_finding(body: dict[str, Any], note: str) -> None:
    classified = classify(invocation("search_anything", json.dumps(body, ensure_ascii=False)))
    assert (classified.outcome, classified.note) == (Outcome.FAILED, f"the tool's response reports an error: {note}")
    ok = classify(invocation("search_anything", json.dumps({"status": "ok", "items": [{"id": 1}]})))
    assert ok.outcome == Outcome.INDIRECT_SUPPORT


IOSTAT = """Linux 5.15.0-1051-aws (es-data-3) \t04/22/2026 \t_x86_64_\t(16 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
          11.02    0.00    4.18   27.40    0.05   57.35

Device            r/s     w/s     rkB/s     wkB/s  r_await  w_await  %util
nvme0n1          2.00   11.00     16.00     88.00     0.50     1.10   2.10
nvme1n1       1210.00  804.00 154880.00 102912.00    11.80    24.60  97.40
"""

DF = """Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme1n1    1.8T  1.6T  201G  89% /var/lib/elasticsearch
/dev/root        97G   21G   77G  22% /
"""


def test_spaced_tables_read_each_block_by_its_columns() -> None:
    """iostat's blocks (a preamble, a labelled avg-cpu block, the device table) and df's two-word last
    column: each row's cells are written under their column's name."""
    for text, wanted in ((IOSTAT, "%util=97.40"), (IOSTAT, "%iowait=27.40"), (DF, "Mounted on=/var/lib/elasticsearch")):
        preview = Preview(text, "ssh_exec")
        assert recognise(preview).id == "spaced_table"
        assert any(wanted in r.cells for r in format_for(preview).records(preview)), wanted


@pytest.mark.parametrize(
    "text",
    [
        "Logs for the probe:\nts=2026-03-19T01:31:05Z caller=main.go:190 level=info msg=start probe=http timeout=4.5\n",
        "2026-04-22 10:01:02 INFO worker 3 started\n2026-04-22 10:01:03 ERROR worker 3 failed after 12 s\n",
        "The search found three slow queries on es-data-3 and one on es-data-5.\n",
    ],
)
def test_prose_and_log_lines_are_no_spaced_table(text: str) -> None:
    assert recognise(Preview(text, "ssh_exec")).id != "spaced_table"


REDIS_INFO = """# Memory
used_memory:6442450944
used_memory_human:6.00G
maxmemory:6871947674
maxmemory_human:6.40G
maxmemory_policy:volatile-lru
mem_fragmentation_ratio:1.12

# Stats
evicted_keys:182344
instantaneous_ops_per_sec:31877
"""


def test_key_values_read_one_record_a_section() -> None:
    preview = Preview(REDIS_INFO, "redis_cli")
    assert recognise(preview).id == "key_values"
    records = list(format_for(preview).records(preview))
    assert [r.ref for r in records] == ["lines 1-7", "lines 9-11"]
    assert "maxmemory_policy:volatile-lru" in records[0].text and "evicted_keys" not in records[0].text


@pytest.mark.parametrize(
    "text",
    [
        "ERROR:  duplicate key value violates unique constraint\nDETAIL:  Key (id)=(42) already exists.\n"
        "CONTEXT:  COPY orders, line 3\n",
        'ts=2026-03-19T01:31:05Z level=info msg=start\nts=2026-03-19T01:31:06Z level=error msg="probe failed"\n'
        "ts=2026-03-19T01:31:07Z level=info msg=retry\n",
        "Name: checkout\nNote: the rollout paused because the analysis failed twice on the canary.\n"
        "Reason: the p99 latency was above the threshold in both runs.\n",
    ],
)
def test_log_lines_logfmt_and_prose_are_no_key_values(text: str) -> None:
    assert recognise(Preview(text, "ssh_exec")).id != "key_values"


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("used_memory is 6.00G of maxmemory 6.40G (~94%), policy volatile-lru.", True),
        ("used_memory 为 6.00G，maxmemory 为 6.40G，约 94%，淘汰策略 volatile-lru。", True),
        ("used_memory is 5.20G of maxmemory 6.40G (~81%), policy volatile-lru.", False),
        ("used_memory 为 5.20G，maxmemory 为 6.40G，约 81%，淘汰策略 volatile-lru。", False),
    ],
)
def test_a_sections_fields_ground_one_claim_together(draft: str, grounded: bool) -> None:
    redis = row("redis_cli", REDIS_INFO, Outcome.INDIRECT_SUPPORT, format_id="key_values")
    statuses = [c.status for c in check_draft(draft, [redis]) if c.kind.name == "FACT"]
    assert statuses and (statuses == [ClaimStatus.GROUNDED]) is grounded


def test_a_spaced_table_row_with_its_last_columns_empty_is_a_row() -> None:
    shards = (
        "index      shard prirep state      docs   store ip         node\n"
        "billing-v2 0     p      STARTED    981223 1.4gb 10.40.1.11 es-data-2\n"
        "billing-v2 0     r      UNASSIGNED\n"
        "billing-v2 1     p      STARTED    979310 1.4gb 10.40.1.12 es-data-3\n"
    )
    preview = Preview(shards, "es_cat")
    fmt = recognise(preview)
    records = list(fmt.records(preview))
    assert fmt.id == "spaced_table"
    assert [r.ref for r in records] == ["row 1", "row 2", "row 3"]
    assert "state=UNASSIGNED" in records[1].cells and "node=" not in records[1].cells
