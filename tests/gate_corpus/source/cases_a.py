from lib import *

# ---------------------------------------------------------------- Scenario A: order-service DB pool (en)


def a_alerts():
    return prom_alerts(
        "a-alerts",
        [
            alert(
                "HighErrorRate",
                "firing",
                (0, 12),
                "8.7e-02",
                service="order-service",
                namespace="production",
                summary="order-service 5xx ratio above 5%",
                description="order-service returns HTTP 5xx for 8.7% of requests over the last 5m",
            ),
            alert(
                "DBConnectionPoolSaturation",
                "pending",
                (0, 40),
                "1e+00",
                severity="warning",
                service="order-service",
                instance="pod-order-service-5c7d8e9f1-m3n2p",
                namespace="production",
                summary="Hikari pool active connections at maximum for order-service",
            ),
        ],
    )


def a_logs():
    return logs_java(
        "a-logs",
        "application-logs",
        "level:ERROR OR level:WARN AND service:order-service",
        [
            entry(
                5,
                "ERROR",
                "order-service",
                "pod-order-service-5c7d8e9f1-m3n2p",
                "数据库连接池耗尽: Cannot acquire connection from pool, active: 50/50, waiting: 23, timeout: 30000ms",
                {
                    "error_type": "ConnectionPoolExhaustedException",
                    "pool_active": "50",
                    "pool_max": "50",
                    "waiting_threads": "23",
                },
            ),
            entry(
                6,
                "ERROR",
                "order-service",
                "pod-order-service-5c7d8e9f1-q8w7e",
                "HTTP 500 Internal Server Error: POST /api/v1/orders, orderId=5521, 耗时: 30012ms, 错误: SQLTransientConnectionException",
                {
                    "http_status": "500",
                    "uri": "/api/v1/orders",
                    "method": "POST",
                    "duration_ms": "30012",
                    "order_id": "5521",
                },
            ),
            entry(
                8,
                "WARN",
                "order-service",
                "pod-order-service-5c7d8e9f1-m3n2p",
                "慢SQL: UPDATE orders SET status = ? WHERE created_at < ?, 执行时间: 4.5s, 锁等待时间: 2.1s",
                {"query_time_sec": "4.5", "lock_time_sec": "2.1", "table": "orders"},
            ),
        ],
    )


def a_kb():
    return knowledge(
        "a-kb",
        "hikari connection pool exhausted",
        [
            chunk(
                "HikariCP connection pool exhaustion runbook",
                "db-pool-runbook.md",
                "When every connection is in use (active equals maximumPoolSize) and a caller waits longer than "
                "connectionTimeout, HikariCP throws SQLTransientConnectionException: Cannot acquire connection "
                "from pool. Long-running transactions that hold connections cause pool exhaustion, and pool "
                "exhaustion leads to HTTP 500 errors on the endpoints that need a connection.",
                index=2,
                total=5,
            )
        ],
        relevance="HIGH",
        l0=1,
        l1=0,
        layer="L0",
    )


def a_metric_timeout():
    return failed(
        "a-prom-pool",
        "query_metrics",
        {"query": 'max by (pod) (hikaricp_connections_active{service="order-service"})'},
        "TIMEOUT",
        "Prometheus query_range did not answer within 10s",
        minute=6,
    )


def a_all():
    return [a_alerts(), a_logs(), a_kb(), a_metric_timeout()]


Q_A = "Why is order-service returning 500s?"

add(
    "long_markdown",
    "en",
    "supported",
    Q_A,
    """
## Summary
order-service is failing requests: the **HighErrorRate** alert is firing for order-service in production.

## Evidence
- HighErrorRate (critical) is firing for order-service; its description says 8.7% of requests return HTTP 5xx over the last 5m.
- `pod-order-service-5c7d8e9f1-m3n2p` logged an ERROR: cannot acquire connection from pool, active 50/50, 23 threads waiting, timeout 30000 ms.
- `pod-order-service-5c7d8e9f1-q8w7e` logged an HTTP 500 for POST /api/v1/orders (order 5521) after 30012 ms.
- DBConnectionPoolSaturation on pod-order-service-5c7d8e9f1-m3n2p is pending, not firing yet.
- A WARN entry shows an UPDATE on the orders table that ran for 4.5s with 2.1s of lock wait.

## What could not be checked
The Prometheus query for hikaricp_connections_active timed out, so the pool size over time could not be confirmed.

## Likely cause
The HikariCP runbook says long-running transactions that hold connections cause pool exhaustion. The slow UPDATE on orders may be such a transaction, but that is not confirmed.

## Recommendations
1. Look for long-running transactions on the orders table.
2. Consider adding a statement timeout before raising the pool size.
""",
    a_all(),
    "Every fact sits in one log entry, alert or the HIGH runbook chunk; the cause is hedged; the gap names the timed-out query.",
)

add(
    "long_markdown",
    "en",
    "unsupported",
    Q_A,
    """
## Summary
order-service is failing requests while the HighErrorRate alert fires.

## Evidence
- HighErrorRate is firing for order-service (8.7% of requests are 5xx).
- `pod-order-service-5c7d8e9f1-q8w7e` logged the pool exhaustion ERROR: active 50/50, 23 threads waiting.
- Order 5521 failed with HTTP 500 after 30012 ms on POST /api/v1/orders.
- DBConnectionPoolSaturation is pending.

## What could not be checked
The hikaricp_connections_active query timed out.

## Recommendations
- Consider a statement timeout on the orders table.
""",
    a_all(),
    "The pool-exhaustion entry is from pod ...m3n2p, not ...q8w7e: an instance from one entry bound to another entry's message.",
)

add(
    "state",
    "en",
    "supported",
    "Which alerts are active for order-service?",
    "HighErrorRate is firing for order-service. DBConnectionPoolSaturation is only pending on pod-order-service-5c7d8e9f1-m3n2p.",
    [a_alerts()],
    "States match the /api/v1/alerts payload: one firing, one pending.",
)

add(
    "state",
    "en",
    "unsupported",
    "Which alerts are active for order-service?",
    "Two alerts are firing for order-service: HighErrorRate and DBConnectionPoolSaturation.",
    [a_alerts()],
    "DBConnectionPoolSaturation is pending, not firing.",
)

add(
    "wrong_value",
    "en",
    "unsupported",
    "Which order failed?",
    "Order 5512 failed with an HTTP 500 on POST /api/v1/orders after 30012 ms, on pod pod-order-service-5c7d8e9f1-q8w7e.",
    [a_logs()],
    "The id in the log entry is 5521, not 5512.",
)

add(
    "wrong_value",
    "en",
    "supported",
    "Which order failed?",
    "Order 5521 failed with an HTTP 500 on POST /api/v1/orders after 30012 ms, on pod pod-order-service-5c7d8e9f1-q8w7e.",
    [a_logs()],
    "Id, status, endpoint, duration and pod are all in one log entry.",
)

add(
    "causal",
    "en",
    "supported",
    Q_A,
    "According to the HikariCP runbook, pool exhaustion leads to HTTP 500 errors on the endpoints that need a connection. "
    "order-service logged exactly that exhaustion: active 50/50 with 23 threads waiting on pod-order-service-5c7d8e9f1-m3n2p.",
    [a_logs(), a_kb()],
    "The causal link is stated by a HIGH-relevance knowledge chunk; the values sit in one ERROR entry.",
)

add(
    "causal",
    "en",
    "unsupported",
    Q_A,
    "The 23 waiting threads on pod-order-service-5c7d8e9f1-m3n2p caused the 4.5s UPDATE on the orders table.",
    [a_logs(), a_kb()],
    "Nothing states that waiting threads caused the slow UPDATE; the facts are in two entries and the link is invented.",
)

add(
    "formatting",
    "en",
    "supported",
    "How long did the failed order request take?",
    "The failed POST /api/v1/orders request for order 5521 took about 30 s before returning HTTP 500.",
    [a_logs()],
    "30012ms stated as 'about 30 s' is correct at the stated precision.",
)

add(
    "formatting",
    "en",
    "unsupported",
    "How long did the failed order request take?",
    "The failed POST /api/v1/orders request for order 5521 took about 3 s before returning HTTP 500.",
    [a_logs()],
    "30012 ms is 30 s, not 3 s: a unit conversion off by ten.",
)

add(
    "honest_gap",
    "en",
    "supported",
    "Is the order-service connection pool full?",
    "pod-order-service-5c7d8e9f1-m3n2p logged 'Cannot acquire connection from pool' with active 50/50 and 23 threads waiting. "
    "The Prometheus query for hikaricp_connections_active timed out after 10s, so the metric could not confirm how long the pool stayed full.",
    [a_logs(), a_metric_timeout()],
    "The failed query is named honestly and only for its failure; the rest rests on an ERROR entry.",
)

add(
    "honest_gap",
    "en",
    "unsupported",
    "Is the order-service connection pool full?",
    "Yes. hikaricp_connections_active has been at 50 for the whole last hour on every order-service pod.",
    [a_logs(), a_metric_timeout()],
    "The metric claim rests only on the query that timed out; logs show one pod at one moment.",
)

# ---------------------------------------------------------------- Scenario B: payment-service (zh, Java mock shapes)


def b_alerts_java():
    return java_alerts(
        "b-alerts",
        [
            java_alert(
                "HighCPUUsage",
                "firing",
                (-25, 0),
                "25m",
                "服务 payment-service 的 CPU 使用率持续超过 80%，当前值为 92%。实例: pod-payment-service-7d8f9c6b5-x2k4m，命名空间: production",
            ),
            java_alert(
                "HighMemoryUsage",
                "firing",
                (-15, 0),
                "15m",
                "服务 order-service 的内存使用率持续超过 85%，当前值为 91%。JVM堆内存使用: 3.8GB/4GB，可能存在内存泄漏风险。实例: pod-order-service-5c7d8e9f1-m3n2p，命名空间: production",
            ),
        ],
    )


def b_alerts_prom():
    return prom_alerts(
        "b-prom-alerts",
        [
            alert(
                "HighCPUUsage",
                "firing",
                (-25, 0),
                "9.2e+01",
                service="payment-service",
                instance="pod-payment-service-7d8f9c6b5-x2k4m",
                namespace="production",
                summary="payment-service CPU 使用率超过 80%",
                description="当前值为 92%",
            ),
            alert(
                "HighMemoryUsage",
                "firing",
                (-15, 0),
                "9.1e+01",
                severity="warning",
                service="order-service",
                instance="pod-order-service-5c7d8e9f1-m3n2p",
                namespace="production",
                summary="order-service 内存使用率超过 85%",
                description="当前值为 91%，JVM堆内存 3.8GB/4GB",
            ),
        ],
    )


def b_cpu_logs():
    return logs_java(
        "b-cpu-logs",
        "system-metrics",
        "cpu_usage:>80",
        [
            entry(
                -i * 2,
                "WARN",
                "payment-service",
                "pod-payment-service-7d8f9c6b5-x2k4m",
                f"CPU使用率过高: {92.0 - i * 1.5:.1f}%, 进程: java (PID: 1), 线程数: 245",
                {
                    "cpu_usage": f"{92.0 - i * 1.5:.1f}",
                    "cpu_cores": "4",
                    "load_average_1m": "3.82",
                    "top_process": "java",
                    "process_threads": "245",
                },
            )
            for i in range(3)
        ],
        topic_key="logTopic",
    )


def b_redis_logs():
    return logs_java(
        "b-redis-logs",
        "application-logs",
        "downstream OR redis",
        [
            entry(
                -7,
                "ERROR",
                "payment-service",
                "pod-payment-service-7d8f9c6b5-x2k4m",
                "Redis 连接超时: 无法连接到 Redis 集群, 节点: redis-cluster-01:6379, 超时: 3000ms",
                {"dependency": "redis", "host": "redis-cluster-01:6379", "timeout_ms": "3000", "retry_count": "3"},
            ),
            entry(
                -9,
                "WARN",
                "order-service",
                "pod-order-service-5c7d8e9f1-m3n2p",
                "消息队列积压警告: 队列 order-process-queue 积压消息数: 15823, 消费速率下降",
                {
                    "dependency": "rabbitmq",
                    "queue": "order-process-queue",
                    "pending_messages": "15823",
                    "consumer_count": "3",
                },
            ),
        ],
    )


Q_B = "payment-service 为什么变慢了？"

add(
    "binding",
    "zh",
    "supported",
    "当前有哪些告警？",
    "payment-service 的 HighCPUUsage 告警正在触发，实例 pod-payment-service-7d8f9c6b5-x2k4m 的 CPU 使用率为 92%；"
    "order-service 的 HighMemoryUsage 告警也在触发，内存使用率 91%。",
    [b_alerts_prom()],
    "每个服务、实例和数值都与同一条告警绑定。",
)

add(
    "binding",
    "zh",
    "unsupported",
    "当前有哪些告警？",
    "payment-service 的内存使用率达到 91%，HighMemoryUsage 告警正在触发。",
    [b_alerts_prom()],
    "91% 和 HighMemoryUsage 属于 order-service 的告警，不是 payment-service：跨告警拼接。",
)

add(
    "binding",
    "zh",
    "unsupported",
    Q_B,
    "payment-service 的 pod-payment-service-7d8f9c6b5-x2k4m 出现 Redis 连接超时（redis-cluster-01:6379，超时 3000ms），"
    "同时该 pod 上队列 order-process-queue 积压了 15823 条消息。",
    [b_redis_logs()],
    "积压 15823 条消息出现在 order-service 的 pod-order-service-5c7d8e9f1-m3n2p 日志中，不在 payment-service 的 pod 上。",
)

add(
    "binding",
    "zh",
    "supported",
    Q_B,
    "payment-service（pod-payment-service-7d8f9c6b5-x2k4m）报 ERROR：连接 Redis 集群节点 redis-cluster-01:6379 超时，超时时间 3000ms，重试 3 次。"
    "另外 order-service 的队列 order-process-queue 积压 15823 条消息（WARN）。",
    [b_redis_logs()],
    "两句各自落在一条日志里，没有跨条目拼接。",
)

add(
    "negation",
    "zh",
    "unsupported",
    "payment-service 的 CPU 正常吗？",
    "payment-service 的 CPU 使用率正常，没有超过 80% 的阈值，HighCPUUsage 没有触发。",
    [b_alerts_prom(), b_cpu_logs()],
    "告警与日志都显示 CPU 92% 超过 80% 且告警在触发，结论与证据相反。",
)

add(
    "negation",
    "zh",
    "supported",
    "payment-service 的 CPU 正常吗？",
    "HighCPUUsage 正在触发：payment-service 的 CPU 使用率超过 80% 阈值，当前为 92%。",
    [b_alerts_prom(), b_cpu_logs()],
    "否定的是“正常”，与告警一致。",
)

add(
    "formatting",
    "zh",
    "supported",
    "payment-service 的 CPU 多高？",
    "HighCPUUsage 正在触发，pod-payment-service-7d8f9c6b5-x2k4m 的 CPU 使用率约为 92%。最近一条日志显示该 pod 有 4 核，1 分钟负载 3.82。",
    [b_alerts_prom(), b_cpu_logs()],
    "告警值 9.2e+01 以 92% 表述；核数与负载在同一条日志。",
)

add(
    "formatting",
    "zh",
    "unsupported",
    "payment-service 的 CPU 多高？",
    "HighCPUUsage 正在触发，pod-payment-service-7d8f9c6b5-x2k4m 的 CPU 使用率约为 29%。",
    [b_alerts_prom(), b_cpu_logs()],
    "告警值 9.2e+01、日志中为 92.0/90.5/89.0，没有 29%：数字颠倒。",
)

add(
    "advice_hedge",
    "zh",
    "supported",
    Q_B,
    "payment-service 连接 Redis 节点 redis-cluster-01:6379 超时（3000ms）。可能是 Redis 集群负载过高，尚未确认。"
    "建议检查 Redis 慢日志，并考虑为 payment-service 增加本地缓存。",
    [b_redis_logs()],
    "事实落在 ERROR 日志；猜测以“可能…尚未确认”明确对冲，建议不是事实。",
)

add(
    "advice_hedge",
    "zh",
    "unsupported",
    Q_B,
    "建议把 Redis 超时时间从 1000ms 调大到 5000ms，并把 payment-service 的副本数从 3 扩到 6。",
    [b_redis_logs()],
    "建议里夹带事实：日志显示超时为 3000ms 而非 1000ms，副本数 3 没有任何证据。",
)

add(
    "long_markdown",
    "zh",
    "supported",
    "现在线上有什么问题？",
    """### 结论
payment-service 的 **HighCPUUsage** 告警正在触发。order-service 的 **HighMemoryUsage** 告警也在触发。

### 证据
| 告警 | 服务 | 实例 | 当前值 |
|---|---|---|---|
| HighCPUUsage | payment-service | pod-payment-service-7d8f9c6b5-x2k4m | 92% |
| HighMemoryUsage | order-service | pod-order-service-5c7d8e9f1-m3n2p | 91% |

- payment-service 日志：CPU使用率过高 92.0%，java 进程线程数 245。
- order-service 告警描述中 JVM 堆内存为 3.8GB/4GB。

### 可能原因
order-service 可能存在内存泄漏，尚未确认。

### 建议
1. 对 order-service 做一次堆转储。
2. 检查 payment-service 的热点线程。
""",
    [b_alerts_prom(), b_cpu_logs()],
    "表格每一行都绑定在一条告警上；原因以“可能…尚未确认”对冲。",
)

add(
    "long_markdown",
    "zh",
    "unsupported",
    "现在线上有什么问题？",
    """### 结论
目前有三个告警在触发。

### 证据
| 告警 | 服务 | 当前值 |
|---|---|---|
| HighCPUUsage | payment-service | 92% |
| HighMemoryUsage | order-service | 91% |
| HighDiskUsage | log-collector | 87% |

- payment-service 的 java 进程线程数为 245。

### 建议
- 清理 /data/logs 目录。
""",
    [b_alerts_prom(), b_cpu_logs()],
    "HighDiskUsage 告警和 87% 在证据中不存在，“三个告警”也与两个不符。",
)
