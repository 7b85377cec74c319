"""Names and denials read for what they are, each class both ways and in both languages (rows and phrasings
written for these tests; domain only, offline):

- a command's option in code (`-c`, `--max-conns`) names no entity to show (code_spans);
- a hash glued after a Chinese noun ("版本 64b9c7f5d") is the hash, not an id "版本 64" (fact_patterns._ID);
- a name told as what something usually is ("RBAC 缺权限一般是 X", "usually shows up as X") invents nothing
  (invented._HYPOTHESIS_BEFORE);
- a denied event is not shown by a setting's kebab-case name or a path (`throttle-additional-flag-file:
  /tmp/x.throttle`, special_checks._shows_event);
- "no per-variation error metric", "没有错误率指标" deny a metric, not errors (special_checks._NAMED_THING);
- a denial said of one container of a pod ("the reloader sidecar did not restart") is not read against the
  pod's RESTARTS, which counts every container (special_checks._PARTICULAR).
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.standard_names import is_kind_name

STATS = EvidenceRow(
    "mc-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "STAT curr_connections 1019\nSTAT max_connections 1024\nSTAT listen_disabled_num 312\nSTAT evictions 0\n",
    {"host": "cache-5", "command": "echo stats | nc 127.0.0.1 11211"},
)
PODS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                          READY   STATUS    RESTARTS      AGE\n"
    "ledger-api-64b9c7f5d-2kq8x    1/1     Running   0             3d\n"
    "ledger-api-64b9c7f5d-7hm4t    1/1     Running   0             3d\n"
    "stream-1                      2/2     Running   1 (40m ago)   12d\n",
    {"args": "get pods -n ledger"},
)
MIGRATION = EvidenceRow(
    "gh-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "# Migrating `ledger`.`entries`; Ghost table is `ledger`.`_entries_gho`\n"
    "# throttle-additional-flag-file: /tmp/gh-ost.throttle\n"
    "Copy: 1200000/4800000 25.0%; Applied: 0; Backlog: 0/1000; Time: 12m0s(total), 11m58s(copy); "
    "streamer: mysql-bin.000412:88211; Lag: 0.02s, HeartbeatLag: 0.03s, State: migrating; ETA: 36m1s\n",
    {"host": "db-tools-1", "command": "gh-ost --alter ... --execute"},
)
THROTTLED = EvidenceRow(
    "gh-2",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "Copy: 1300000/4800000 27.1%; Applied: 0; Backlog: 0/1000; Time: 13m0s(total), 12m58s(copy); "
    "State: throttled, lag=4.2s; ETA: throttled\n",
    {"host": "db-tools-1", "command": "gh-ost status"},
)
LOGS = EvidenceRow(
    "l-1",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "success": True,
            "logs": [
                {
                    "timestamp": "2026-11-02T06:10:04Z",
                    "level": "ERROR",
                    "service": "checkout",
                    "message": "NullPointerException at VoucherHandler.apply(VoucherHandler.java:77)",
                }
            ],
            "total": 1,
        }
    ),
    {"service": "checkout", "level": "ERROR"},
)
UPLOADS = EvidenceRow(
    "ai-1",
    "az_cli",
    Outcome.DIRECT_SUPPORT,
    "timestamp                 resultCode  errorCode\n"
    "2026-11-02T04:10:11Z      403         AuthorizationFailure\n"
    "2026-11-02T04:12:40Z      403         AuthorizationFailure\n",
    {"command": "az monitor app-insights query --analytics-query 'dependencies | where success == false'"},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows)]


@pytest.mark.parametrize(
    "draft",
    [
        "cache-5 is at 1019 of its 1024 connections, the limit `-c` sets.",
        "cache-5 has 1019 connections open against the `--max-conns` limit of 1024.",
        "cache-5 已有 1019 个连接，`-c` 设的上限是 1024。",
        "必要时再用 `-c` 调高 cache-5 的连接上限。",
    ],
)
def test_a_commands_option_names_no_entity(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, STATS)


@pytest.mark.parametrize(
    "draft",
    [
        "cache-5 rejected connections from `cache-client-9`, which hit the limit.",
        "`cache-client-9` 在 cache-5 上被拒绝了连接。",
    ],
)
def test_a_name_in_code_is_still_invented_when_no_call_shows_it(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, STATS)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("旧版本 64b9c7f5d 的 2 个 pod 仍在 Running。", False),
        ("The old ReplicaSet 64b9c7f5d still runs 2 pods.", False),
        ("旧版本 7c1d2e3f4 的 2 个 pod 仍在 Running。", True),
        ("The old ReplicaSet 7c1d2e3f4 still runs 2 pods.", True),
    ],
)
def test_a_hash_after_a_noun_is_the_hash(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, PODS)) is invented


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("上传都返回 403 AuthorizationFailure（RBAC 缺权限一般是 AuthorizationPermissionMismatch）。", False),
        (
            "The uploads got 403 AuthorizationFailure; missing RBAC usually shows up as AuthorizationPermissionMismatch.",
            False,
        ),
        ("上传返回的错误码是 AuthorizationPermissionMismatch。", True),
        ("The uploads failed with AuthorizationPermissionMismatch.", True),
    ],
)
def test_a_name_told_as_what_something_usually_is_invents_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, UPLOADS)) is invented


@pytest.mark.parametrize(
    ("draft", "rows", "contradicted"),
    [
        ("gh-ost on db-tools-1 is migrating and not throttled.", (MIGRATION,), False),
        ("db-tools-1 上的 gh-ost 正在 migrating，没有被限流（not throttled）。", (MIGRATION,), False),
        ("gh-ost on db-tools-1 is migrating and not throttled.", (MIGRATION, THROTTLED), True),
        ("db-tools-1 上的 gh-ost 没有被限流（not throttled）。", (MIGRATION, THROTTLED), True),
    ],
)
def test_a_denied_event_is_not_shown_by_a_settings_name_or_a_path(
    draft: str, rows: tuple[EvidenceRow, ...], contradicted: bool
) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, *rows)) is contradicted


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("That is an inference: there's no per-variation error metric for checkout.", False),
        ("这只是推断：checkout 没有按 variant 区分的错误率指标。", False),
        ("checkout logged no errors.", True),
        ("checkout 没有报错。", True),
    ],
)
def test_a_denied_metric_is_no_denial_of_errors(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, LOGS)) is contradicted


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The reloader sidecar did not restart.", False),
        ("config-reloader 容器没有重启。", False),
        ("stream-1 did not restart.", True),
        ("stream-1 没有重启过。", True),
    ],
)
def test_a_denial_of_one_container_is_not_read_against_the_pods_restarts(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, PODS)) is contradicted


RUNS = EvidenceRow(
    "af-1",
    "airflow_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "dag_run_id": "scheduled__2026-11-05T06:00:00+00:00",
            "state": "failed",
            "start_date": "2026-11-05T06:00:03Z",
            "end_date": "2026-11-05T06:27:41Z",
        }
    ),
    {"path": "/api/v1/dags/billing_rollup/dagRuns"},
)
CERTS = EvidenceRow(
    "kc-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "subject=CN = sso.example.net\nnotAfter=Jan 12 23:59:59 2027 GMT\nsha256 Fingerprint=3A:91:0C:7D:22:5F:C6\n",
    {"host": "kc-1", "command": "openssl x509 -noout -subject -enddate -fingerprint -sha256"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        # an id quoted with "__" inside is the id as written, its time part is the id's
        ("The failed run is `scheduled__2026-11-05T06:00:00+00:00`, which ended at 06:27:41 UTC.", False),
        ("失败的 run 是 `scheduled__2026-11-05T06:00:00+00:00`，06:27:41 UTC 结束。", False),
        ("The failed run is `manual__2026-11-05T07:00:00+00:00`, which ended at 06:27:41 UTC.", True),
        ("失败的 run 是 `manual__2026-11-05T07:00:00+00:00`。", True),
    ],
)
def test_an_id_with_underscores_inside_is_read_as_written(draft: str, invented: bool) -> None:
    found = statuses(draft, RUNS)
    assert (ClaimStatus.INVENTED in found) is invented
    assert invented or ClaimStatus.GROUNDED in found


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The SHA-256 fingerprint of sso.example.net's certificate starts 3A:91:0C.", False),
        ("sso.example.net 证书的 SHA-256 指纹以 3A:91:0C 开头，密钥是 ECDSA P-256。", False),
        ("The certificate of sso-legacy.example.net expires in January 2027.", True),
        ("sso-legacy.example.net 的证书 2027 年 1 月到期。", True),
    ],
)
def test_an_algorithms_name_invents_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, CERTS)) is invented


RS = EvidenceRow(
    "rs-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                DESIRED   CURRENT   READY   AGE   CONTAINERS      IMAGES\n"
    "wiki-app-5f4d8c9b6  0         0         0       9d    nginx,php-fpm   nginx:1.27-alpine,registry.local/wiki-php:4.3.1\n"
    "wiki-app-6c9b7d5f8  2         2         2       14m   nginx,php-fpm   nginx:1.27-alpine,registry.local/wiki-php:4.4.0\n",
    {"args": "get rs -n wiki -o wide"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The nginx image is `nginx:1.27-alpine` in both ReplicaSets.", False),
        ("两个 ReplicaSet 的 nginx 镜像都是 `nginx:1.27-alpine`。", False),
        ("The nginx image is `nginx:1.25-alpine` in both ReplicaSets.", True),
        ("两个 ReplicaSet 的 nginx 镜像都是 `nginx:1.25-alpine`。", True),
    ],
)
def test_a_named_value_equal_to_the_claims_is_no_rival(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, RS)) is contradicted


def nomad_job(failed: int, complete: int, status: str) -> EvidenceRow:
    return EvidenceRow(
        "nj-1",
        "nomad",
        Outcome.INDIRECT_SUPPORT,
        "ID            = billing-nightly/periodic-1793588400\nName          = billing-nightly/periodic-1793588400\n"
        "Submit Date   = 2026-11-02T02:20:00Z\nType          = batch\nStatus        = dead\n\nSummary\n"
        "Task Group  Queued  Starting  Running  Failed  Complete  Lost  Unknown\n"
        f"export      0       0         0        {failed}       {complete}         0     0\n\nAllocations\n"
        "ID        Node ID   Task Group  Version  Desired  Status    Created   Modified\n"
        f"5b71c2e0  7c1e9a04  export      0        run      {status}  1d ago    1d ago\n",
        {"args": "job status billing-nightly/periodic-1793588400"},
    )


@pytest.mark.parametrize(
    ("draft", "rows", "contradicted"),
    [
        ("periodic-1793588400 completed successfully (1 complete allocation).", (nomad_job(0, 1, "complete"),), False),
        ("periodic-1793588400 这次运行成功完成（1 个 complete 分配）。", (nomad_job(0, 1, "complete"),), False),
        ("periodic-1793588400 completed successfully.", (nomad_job(1, 0, "failed  "),), True),
        ("periodic-1793588400 这次运行成功完成。", (nomad_job(1, 0, "failed  "),), True),
    ],
)
def test_a_failure_words_column_is_no_failure(draft: str, rows: tuple[EvidenceRow, ...], contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, *rows)) is contradicted


BINDINGS = EvidenceRow(
    "rb-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME                       ROLE                        AGE\n"
    "cluster-admin              ClusterRole/cluster-admin   412d\n"
    "argocd-application-ctl     ClusterRole/cluster-admin   96d\n",
    {"args": "get clusterrolebindings -o wide"},
)
TRAIL = EvidenceRow(
    "ct-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"Events": [{"EventTime": "2026-11-03T12:48:33Z", "Username": "deploy-bot", "EventSource": "lambda"}]}),
    {"command": "aws cloudtrail lookup-events --lookup-attributes AttributeKey=ResourceName,AttributeValue=pdf-gen"},
)


@pytest.mark.parametrize(
    ("draft", "rows", "invented"),
    [
        ("2 ClusterRoleBindings reference ClusterRole/cluster-admin.", (BINDINGS,), False),
        ("有 2 个 ClusterRoleBinding 引用了 cluster-admin。", (BINDINGS,), False),
        ("2 bindings reference cluster-admin, one of them breakglass-admins-01.", (BINDINGS,), True),
        ("At 12:48:33 UTC deploy-bot called UpdateFunctionConfiguration on pdf-gen.", (TRAIL,), False),
        ("12:48:33 UTC，deploy-bot 调用 UpdateFunctionConfiguration 修改了 pdf-gen。", (TRAIL,), False),
        ("At 12:48:33 UTC deploy-bot changed pdf-gen's ConcurrencyGuardConfig.", (TRAIL,), True),
    ],
)
def test_a_kind_the_api_defines_or_an_action_called_invents_nothing(
    draft: str, rows: tuple[EvidenceRow, ...], invented: bool
) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, *rows)) is invented


UNIT_STOPPED = EvidenceRow(
    "sd-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "× carbon-relay.service - Graphite carbon relay\n"
    "     Loaded: loaded (/etc/systemd/system/carbon-relay.service; enabled; preset: enabled)\n"
    "     Active: failed (Result: exit-code) since Tue 2026-11-03 06:12:40 UTC; 41min ago\n"
    "   Main PID: 4411 (code=exited, status=1/FAILURE)\n\n"
    "Nov 03 06:12:40 gr-2 systemd[1]: carbon-relay.service: Failed with result 'exit-code'.\n"
    "Nov 03 06:12:40 gr-2 systemd[1]: carbon-relay.service: Scheduled restart job, restart counter is at 1.\n",
    {"host": "gr-2", "command": "systemctl status carbon-relay --no-pager"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("carbon-relay.service on gr-2 is not configured to restart automatically (Restart=no).", False),
        ("gr-2 上的 carbon-relay.service 没有配置自动重启（Restart=no）。", False),
        ("carbon-relay.service on gr-2 did not restart after the failure.", True),
        ("gr-2 上的 carbon-relay.service 失败后没有重启过。", True),
    ],
)
def test_a_denied_setting_is_no_denial_of_the_event(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, UNIT_STOPPED)) is contradicted


WHISPER = EvidenceRow(
    "wh-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "/var/lib/graphite/whisper/api/latency.wsp\n  aggregationMethod: average\n  xFilesFactor: 0.5\n",
    {"host": "graphite-1", "command": "whisper-info.py /var/lib/graphite/whisper/api/latency.wsp"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        (
            "latency.wsp aggregates with average; it changes only when run with `whisper-set-aggregation-method.py`.",
            False,
        ),
        ("latency.wsp 的聚合方式是 average，要改需要执行 `whisper-set-aggregation-method.py`。", False),
        ("latency.wsp was rewritten last night by `whisper-resize-nightly.py`.", True),
        ("latency.wsp 昨晚被 `whisper-resize-nightly.py` 改过。", True),
    ],
)
def test_a_tool_named_as_what_to_run_invents_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, WHISPER)) is invented


MYSQL_LOG = EvidenceRow(
    "my-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "2026-11-03T09:41:07.118204Z 0 [Warning] [MY-011153] [Repl] Timeout waiting for reply of binlog "
    "(file: binlog.000214, pos: 66120937), semi-sync up to file binlog.000214, position 66118202.\n",
    {"host": "db-3", "command": "tail -n 50 /var/log/mysql/error.log"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("**Error log**\n- 09:41:07 UTC: Timeout waiting for reply of binlog (file: binlog.000214).", False),
        ("**错误日志**\n- 09:41:07 UTC：Timeout waiting for reply of binlog（binlog.000214）。", False),
        ("db-3 logged an ERROR at 09:41:07 UTC: Timeout waiting for reply of binlog.", True),
        ("db-3 在 09:41:07 UTC 打了一条 ERROR：Timeout waiting for reply of binlog。", True),
    ],
)
def test_a_bold_label_is_a_heading_not_a_level(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, MYSQL_LOG)) is contradicted


@pytest.mark.parametrize("draft", ["**Evictions (3 in all)**\n- see below", "**驱逐事件（共 3 条）**\n- 见下"])
def test_a_bold_label_with_a_figure_is_still_checked(draft: str) -> None:
    assert any(c.kind.name != "CONTEXT" for c in check_draft(draft, [MYSQL_LOG]) if "3" in c.text)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("checkout logged 1 ERROR.\n\n## Not checked\n- ctl-03 alarms and queue placement\n", False),
        ("checkout 有 1 条 ERROR。\n\n## 未检查\n- ctl-03 的告警和队列分布\n", False),
        ("checkout logged 1 ERROR, and ctl-03 shows the same alarm.", True),
        ("checkout 有 1 条 ERROR，ctl-03 上也有同样的告警。", True),
    ],
)
def test_a_name_of_what_was_not_checked_invents_nothing(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, LOGS)) is invented


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("Ingress", True),
        ("Ingresses", True),
        ("StorageClasses", True),
        ("Endpoints", True),
        ("ClusterRoleBindings", True),
        ("Ingresse", False),
        ("Podss", False),
        ("CheckoutLatencyHigh", False),
    ],
)
def test_a_kind_name_is_read_singular_or_plural(word: str, kind: bool) -> None:
    assert is_kind_name(word) is kind


CRON_JOB = EvidenceRow(
    "rb-2",
    "rails_console",
    Outcome.INDIRECT_SUPPORT,
    'Sidekiq::Cron::Job.find("nightly_export") => {"name": "nightly_export", "cron": "0 2 * * *", "status": "disabled"}\n'
    'Started POST "/resque/scheduler/jobs/nightly_export/disable" for 10.4.0.12\n',
    {"command": 'Sidekiq::Cron::Job.find("nightly_export").to_h'},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("nightly_export in sidekiq-cron is disabled.", False),
        ("sidekiq-cron 里的 nightly_export 处于 disabled 状态。", False),
        ("It was disabled through the resque-scheduler UI at /resque/scheduler/jobs/nightly_export/disable.", False),
        ("nightly_export in sidekiq-scheduler is disabled.", True),
        ("sidekiq-scheduler 里的 nightly_export 处于 disabled 状态。", True),
    ],
)
def test_a_name_written_as_code_or_a_route_joins_its_words(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, CRON_JOB)) is invented


NO_HEADERS = EvidenceRow(
    "k-9",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "ledger-api-5f7c9d8b6-q2x7m   0/1   Running   6 (90s ago)   4d   10.30.2.14   node-c-02   <none>   <none>\n",
    {"args": "get pods -A -o wide --no-headers | grep 10.30.2.14"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-api-5f7c9d8b6-q2x7m: READY 0/1, STATUS Running, RESTARTS 6, AGE 4d, on node-c-02.", True),
        ("ledger-api-5f7c9d8b6-q2x7m 的 READY 是 0/1，STATUS Running，在 node-c-02 上。", True),
        ("ledger-api-5f7c9d8b6-q2x7m is READY on node-c-02.", False),
        ("ledger-api-5f7c9d8b6-q2x7m 在 node-c-02 上处于 READY。", False),
    ],
)
def test_kubectls_ready_column_before_its_value_is_no_state(draft: str, grounded: bool) -> None:
    assert (statuses(draft, NO_HEADERS) == [ClaimStatus.GROUNDED]) is grounded


SERVER_STATUS = EvidenceRow(
    "st-1",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    "Server Version: Apache/2.4.57 (Unix)\nCurrentTime: Monday, 05-Oct-2026 02:31:15 UTC\n"
    "RestartTime: Thursday, 24-Sep-2026 07:45:02 UTC\nServerUptime: 10 days 18 hours 46 minutes 13 seconds\n"
    "BusyWorkers: 400\nIdleWorkers: 0\n",
    {"url": "http://web-4.internal/server-status?auto"},
)
HTTPD_JOURNAL = EvidenceRow(
    "j-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "Oct 05 02:10:11 web-4 systemd[1]: Stopping The Apache HTTP Server...\n"
    "Oct 05 02:10:13 web-4 systemd[1]: httpd.service: Scheduled restart job, restart counter is at 1.\n",
    {"host": "web-4", "command": "journalctl -u httpd --since 02:00"},
)


@pytest.mark.parametrize(
    ("draft", "rows", "contradicted"),
    [
        ("httpd on web-4 has not restarted; its RestartTime is 24 Sep 07:45:02 UTC.", (SERVER_STATUS,), False),
        ("web-4 上的 httpd 没有重启：RestartTime 是 9 月 24 日 07:45:02 UTC。", (SERVER_STATUS,), False),
        ("httpd on web-4 has not restarted.", (SERVER_STATUS, HTTPD_JOURNAL), True),
        ("web-4 上的 httpd 没有重启。", (SERVER_STATUS, HTTPD_JOURNAL), True),
    ],
)
def test_a_field_of_the_events_time_is_no_occurrence(
    draft: str, rows: tuple[EvidenceRow, ...], contradicted: bool
) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, *rows)) is contradicted


KINESIS = EvidenceRow(
    "k-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "StreamDescription": {
                "StreamName": "clicks",
                "StreamStatus": "ACTIVE",
                "Shards": [{"ShardId": f"shardId-00000000000{n}"} for n in (0, 1, 3)],
            }
        }
    ),
    {"args": "kinesis describe-stream --stream-name clicks"},
)
KDC_LOG = EvidenceRow(
    "kdc-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "Oct 06 04:12:09 dc-2 krb5kdc[913]: TGS_REQ (2 etypes {18 17}) 10.4.2.31: Clock skew too great "
    "(code 37): svc-report@CORP.EXAMPLE\n",
    {"host": "dc-2", "command": "journalctl -u krb5kdc --since 04:00 | grep -i skew"},
)


@pytest.mark.parametrize(
    ("draft", "rows", "invented"),
    [
        ("The clicks stream has shard 3 throttled.", (KINESIS,), False),
        ("clicks 的 shard 3 被限流了。", (KINESIS,), False),
        ("The clicks stream has shard 2 throttled.", (KINESIS,), True),
        ("clicks 的 shard 2 被限流了。", (KINESIS,), True),
        ("Code 37 on dc-2 is KRB_AP_ERR_SKEW: the clock skew is too great.", (KDC_LOG,), False),
        ("dc-2 上的 code 37 就是 KRB_AP_ERR_SKEW（时钟偏差过大）。", (KDC_LOG,), False),
        ("Code 37 on dc-2 comes from svc-billing@CORP.EXAMPLE.", (KDC_LOG,), True),
    ],
)
def test_a_padded_id_and_a_protocols_error_name_invent_nothing(
    draft: str, rows: tuple[EvidenceRow, ...], invented: bool
) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, *rows)) is invented


HISTORY = EvidenceRow(
    "wf-1",
    "temporal_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "events": [
                {"eventId": "17", "eventType": "EVENT_TYPE_ACTIVITY_TASK_FAILED"},
                {"eventId": "18", "eventType": "EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED"},
            ]
        }
    ),
    {"args": "workflow show --workflow-id payout-7731 --output json"},
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("payout-7731's last event (17→18) is WorkflowExecutionCancelRequested after ActivityTaskFailed.", False),
        ("payout-7731 的最后一个事件是 WorkflowExecutionCancelRequested。", False),
        ("payout-7731's last event is WorkflowExecutionTimedOut.", True),
        ("payout-7731 的最后一个事件是 WorkflowExecutionTimedOut。", True),
    ],
)
def test_a_camel_case_name_an_enum_spells_in_capitals_is_mentioned(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, HISTORY)) is invented
