from lib import *

# ---------------------------------------------------------------- Scenario C: user-service latency (en)

P99 = 'histogram_quantile(0.99, sum by (le, service) (rate(http_server_requests_seconds_bucket{service="user-service"}[5m])))'


def c_p99(threshold=3, iid="c-p99"):
    return prom_matrix(
        iid,
        P99,
        [({"service": "user-service"}, [(0, "1.284"), (5, "2.917"), (10, "4.213"), (15, "3.962"), (20, "3.871")])],
        start=(0, 0),
        end=(20, 0),
        step="300s",
        threshold=threshold,
    )


def c_alert():
    return prom_alerts(
        "c-alerts",
        [
            alert(
                "SlowResponse",
                "firing",
                (10, 0),
                "4.213",
                severity="warning",
                service="user-service",
                namespace="production",
                summary="user-service P99 latency above 3s",
                description="P99 响应时间持续超过 3 秒，当前值为 4.2 秒。受影响接口: /api/v1/users/profile, /api/v1/users/orders",
            )
        ],
        params={"endpoint": "/api/v1/alerts", "alertname": "SlowResponse"},
    )


def c_slowlog():
    return logs_java(
        "c-slowsql",
        "database-slow-query",
        "query_time:>2 AND table:users",
        [
            entry(
                3,
                "WARN",
                "mysql",
                "mysql-primary-01",
                "慢查询: SELECT u.*, p.* FROM users u LEFT JOIN user_profiles p ON u.id = p.user_id WHERE u.last_login > ?, 执行时间: 2.8s, 全表扫描",
                {
                    "query_time_sec": "2.8",
                    "rows_examined": "856234",
                    "rows_returned": "45678",
                    "index_used": "NONE",
                    "table": "users, user_profiles",
                    "warning": "Full table scan detected",
                },
            ),
            entry(
                6,
                "ERROR",
                "user-service",
                "pod-user-service-8e9f0a1b2-k5j6h",
                "HTTP 500 Internal Server Error: /api/v1/users/profile, 耗时: 5200ms, 错误: Database query timeout",
                {
                    "http_status": "500",
                    "uri": "/api/v1/users/profile",
                    "method": "GET",
                    "duration_ms": "5200",
                    "error_cause": "QueryTimeoutException",
                },
            ),
        ],
        topic_key="logTopic",
    )


Q_C = "Why is user-service slow?"

add(
    "formatting",
    "en",
    "supported",
    "How slow is user-service?",
    "user-service P99 latency peaked at 4213 ms at 08:10 UTC and was still about 3.9 s at 08:20.",
    [c_p99()],
    "4.213 s = 4213 ms; 3.871 s is about 3.9 s at the stated precision; times match the samples.",
)

add(
    "formatting",
    "en",
    "unsupported",
    "How slow is user-service?",
    "user-service P99 latency peaked at 4.8 s at 08:10 UTC.",
    [c_p99()],
    "The peak sample is 4.213 s; 4.8 s is not a rounding of it.",
)

add(
    "query_vs_result",
    "en",
    "supported",
    "Is user-service P99 above 3 s?",
    "I checked P99 latency against a 3 s threshold over 08:00-08:20 UTC. It crossed the threshold at 08:10 with 4.213 s.",
    [c_p99()],
    "The threshold and window come from the call's input (a claim about the question); the crossing value from a sample.",
)

add(
    "query_vs_result",
    "en",
    "unsupported",
    "Is user-service P99 above 3 s?",
    "user-service P99 latency was 3 s at 08:10 UTC.",
    [c_p99()],
    "3 s is the threshold the query asked about, not a result; the sample at 08:10 is 4.213 s.",
)

add(
    "state",
    "en",
    "supported",
    Q_C,
    "SlowResponse is firing for user-service: P99 above 3s, currently 4.2 s, affecting /api/v1/users/profile and /api/v1/users/orders.",
    [c_alert()],
    "The alert is firing and its annotations carry every value.",
)

add(
    "state",
    "en",
    "unsupported",
    Q_C,
    "SlowResponse for user-service has resolved; P99 is back under 3s.",
    [c_alert(), c_p99()],
    "The alert is firing and the latest sample is 3.871 s, above 3 s.",
)

add(
    "causal",
    "en",
    "unsupported",
    Q_C,
    "The full table scan on users/user_profiles (2.8s, 856234 rows examined) caused the SlowResponse alert.",
    [c_alert(), c_slowlog()],
    "No unit states that link; the slow query and the alert are separate units. Ungrounded causal inference.",
)

add(
    "causal",
    "en",
    "supported",
    Q_C,
    "A GET /api/v1/users/profile request on pod-user-service-8e9f0a1b2-k5j6h failed with HTTP 500 after 5200 ms due to a database query timeout (QueryTimeoutException).",
    [c_alert(), c_slowlog()],
    "The log entry itself states the cause: 'HTTP 500 ... 错误: Database query timeout', error_cause QueryTimeoutException.",
)

add(
    "advice_hedge",
    "en",
    "supported",
    Q_C,
    "SlowResponse is firing for user-service (P99 4.2 s). The 2.8s full table scan on users may be contributing, though this is not confirmed. "
    "Next steps: add an index on users.last_login and re-check P99 after the change.",
    [c_alert(), c_slowlog()],
    "Facts grounded in the alert and a slow-query entry; the link is hedged; 'Next steps' is advice.",
)

add(
    "advice_hedge",
    "en",
    "unsupported",
    Q_C,
    "You should add the missing index on users.last_login; the same query ran in 0.3s last week before the index was dropped.",
    [c_alert(), c_slowlog()],
    "The advice smuggles in facts (0.3s last week, an index dropped) that no unit contains.",
)

# ---------------------------------------------------------------- Scenario D: checkout pods OOM (en + zh)


def d_restarts():
    return prom_vector(
        "d-restarts",
        'sum by (pod) (increase(kube_pod_container_status_restarts_total{namespace="shop",container="checkout"}[1h]))',
        [
            ({"pod": "checkout-6b9d7c5f4-2xkqp"}, "12"),
            ({"pod": "checkout-6b9d7c5f4-9zt7w"}, "0"),
            ({"pod": "checkout-6b9d7c5f4-lm4rd"}, "1"),
        ],
        threshold=3,
    )


def d_memory():
    return prom_vector(
        "d-mem",
        'container_memory_working_set_bytes{namespace="shop",container="checkout"}',
        [
            (
                {
                    "__name__": "container_memory_working_set_bytes",
                    "namespace": "shop",
                    "container": "checkout",
                    "pod": "checkout-6b9d7c5f4-2xkqp",
                },
                "1069547520",
            ),
            (
                {
                    "__name__": "container_memory_working_set_bytes",
                    "namespace": "shop",
                    "container": "checkout",
                    "pod": "checkout-6b9d7c5f4-9zt7w",
                },
                "402653184",
            ),
        ],
        threshold=1000000000,
    )


def d_events():
    return logs_java(
        "d-events",
        "system-events",
        "restart OR oom_kill",
        [
            entry(
                -15,
                "WARN",
                "kubernetes",
                "kube-controller-manager",
                "Pod 重启事件: checkout-6b9d7c5f4-2xkqp, 原因: OOMKilled, 容器退出码: 137, 重启次数: 12",
                {
                    "event_type": "PodRestart",
                    "pod": "checkout-6b9d7c5f4-2xkqp",
                    "reason": "OOMKilled",
                    "exit_code": "137",
                    "restart_count": "12",
                    "namespace": "shop",
                },
            ),
            entry(
                -16,
                "ERROR",
                "kernel",
                "node-worker-02",
                "OOM Killer 触发: 进程 java (PID: 12345) 被杀死, 内存使用: 1020Mi, 内存限制: 1Gi",
                {
                    "event_type": "OOMKill",
                    "process": "java",
                    "pid": "12345",
                    "memory_used": "1020Mi",
                    "memory_limit": "1Gi",
                    "cgroup": "/kubepods/burstable/pod-checkout-6b9d7c5f4-2xkqp",
                },
            ),
        ],
    )


def d_kb(relevance="MEDIUM"):
    return knowledge(
        "d-kb",
        "container OOMKilled exit code 137",
        [
            chunk(
                "Kubernetes 容器 OOM 排查",
                "k8s-oom.md",
                "Exit code 137 means the container received SIGKILL. With reason OOMKilled the kernel killed it because the container exceeded its memory limit.",
                index=1,
                total=4,
            )
        ],
        relevance=relevance,
    )


Q_D = "checkout pods keep restarting, why?"

add(
    "wrong_value",
    "en",
    "supported",
    "How many times did checkout restart?",
    "checkout-6b9d7c5f4-2xkqp restarted 12 times in the last hour; checkout-6b9d7c5f4-lm4rd restarted once.",
    [d_restarts()],
    "12 and 1 each bound to their own series; the 1h window is the query's.",
)

add(
    "wrong_value",
    "en",
    "unsupported",
    "How many times did checkout restart?",
    "checkout-6b9d7c5f4-9zt7w restarted 12 times in the last hour.",
    [d_restarts()],
    "12 restarts belong to pod -2xkqp; -9zt7w has 0.",
)

add(
    "formatting",
    "en",
    "supported",
    "How much memory does checkout use?",
    "checkout-6b9d7c5f4-2xkqp is using 1020 MiB of working-set memory. checkout-6b9d7c5f4-9zt7w uses about 384 MiB.",
    [d_memory()],
    "1069547520 B = 1020 MiB; 402653184 B = 384 MiB.",
)

add(
    "formatting",
    "en",
    "unsupported",
    "How much memory does checkout use?",
    "checkout-6b9d7c5f4-2xkqp is using about 1.2 GiB of working-set memory.",
    [d_memory()],
    "1069547520 B is 0.996 GiB (1.07 GB), not 1.2 GiB.",
)

add(
    "formatting",
    "zh",
    "supported",
    "checkout 的内存用了多少？",
    "checkout-6b9d7c5f4-2xkqp 的工作集内存约 1.07 GB（1020Mi），超过了 1000000000 字节的查询阈值。",
    [d_memory()],
    "1069547520 字节 = 1.07 GB = 1020 MiB；阈值来自查询参数，描述的是问题本身。",
)

add(
    "causal",
    "zh",
    "supported",
    Q_D,
    "checkout-6b9d7c5f4-2xkqp 因为 OOMKilled 而重启，容器退出码 137，重启次数 12。另外，内核在 node-worker-02 上杀死了 java 进程（PID 12345）。",
    [d_events(), d_restarts()],
    "因果由日志条目本身给出：“Pod 重启事件…原因: OOMKilled”。",
)

add(
    "causal",
    "zh",
    "unsupported",
    Q_D,
    "由于 node-worker-02 节点磁盘压力过大，导致 checkout-6b9d7c5f4-2xkqp 被驱逐并重启了 12 次。",
    [d_events(), d_restarts()],
    "没有任何证据提到磁盘压力或驱逐，原因是 OOMKilled；因果与事实都无依据。",
)

add(
    "wrong_value",
    "zh",
    "unsupported",
    Q_D,
    "checkout-6b9d7c5f4-2xkqp 被 OOMKilled，容器退出码 143，重启次数 12。",
    [d_events()],
    "退出码是 137 不是 143。",
)

add(
    "wrong_value",
    "zh",
    "supported",
    Q_D,
    "内核在 node-worker-02 上触发 OOM Killer，杀死了 java 进程（PID 12345），内存使用 1020Mi，限制 1Gi。",
    [d_events()],
    "节点、PID、内存与限制都在同一条 ERROR 日志中。",
)

add(
    "weak_evidence",
    "en",
    "supported",
    "What does exit code 137 mean for checkout?",
    "checkout-6b9d7c5f4-2xkqp exited with code 137 and reason OOMKilled. The OOM guide explains that exit code 137 means the container received SIGKILL.",
    [d_events(), d_kb("HIGH")],
    "The pod facts rest on one log entry; the meaning of 137 on a HIGH-relevance chunk.",
)

add(
    "weak_evidence",
    "en",
    "unsupported",
    "What does exit code 137 mean for checkout?",
    "Exit code 137 means the container received SIGKILL because it exceeded its memory limit.",
    [d_kb("LOW")],
    "The only source is a LOW-relevance chunk: weak, never support.",
)

add(
    "long_markdown",
    "en",
    "supported",
    Q_D,
    """
**TL;DR** - checkout-6b9d7c5f4-2xkqp is being OOM-killed.

**Findings**
* checkout-6b9d7c5f4-2xkqp restarted 12 times in the last hour.
* checkout-6b9d7c5f4-lm4rd restarted once.
* Kubernetes recorded a PodRestart event for checkout-6b9d7c5f4-2xkqp with reason OOMKilled and exit code 137.
* The kernel OOM killer on node-worker-02 killed java (PID 12345) at 1020Mi used against a 1Gi limit.
* Working-set memory of checkout-6b9d7c5f4-2xkqp is 1020 MiB.
* checkout-6b9d7c5f4-9zt7w uses 384 MiB.

**Possible cause**
The 1Gi limit is possibly too low for the current load on this pod; not confirmed.

**Next steps**
- Raise the memory limit of checkout, or profile the heap first.
""",
    [d_restarts(), d_memory(), d_events(), d_kb()],
    "Each bullet binds facts of one series or one log entry; the cause is hedged.",
)

add(
    "long_markdown",
    "en",
    "unsupported",
    Q_D,
    """
**TL;DR** - checkout is being OOM-killed on every pod.

**Findings**
* Restarts over the last hour: checkout-6b9d7c5f4-2xkqp 12, checkout-6b9d7c5f4-lm4rd 1.
* Kubernetes recorded a PodRestart event with reason OOMKilled and exit code 137.
* The OOM killer on node-worker-02 killed java (PID 12345) at 1020Mi of a 1Gi limit.

**Next steps**
- Raise the memory limit of checkout.
""",
    [d_restarts(), d_memory(), d_events(), d_kb()],
    "'on every pod' is contradicted: -9zt7w has 0 restarts and 384 MiB; only -2xkqp was OOM-killed.",
)
