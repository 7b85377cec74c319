from cases_a import a_alerts, a_logs, b_alerts_java, b_alerts_prom, b_redis_logs
from cases_b import d_events, d_kb
from cases_c import e_alert, e_lag, f_nginx, g_ratio
from cases_d import h_logs, j_logs
from lib import *

# ---------------------------------------------------------------- Scenario K: cart-service connection refused, total vs shown


def k_logs():
    msg = "Connection refused: inventory-service.shop.svc:8080 (POST /internal/stock/reserve)"
    return logs_java(
        "k-logs",
        "application-logs",
        'service:cart-service AND "Connection refused"',
        [
            entry(
                29, "ERROR", "cart-service", "pod-cart-service-64c8b7d9f-qz7tn", msg, {"http_status": "503"}, second=58
            ),
            entry(
                29, "ERROR", "cart-service", "pod-cart-service-64c8b7d9f-qz7tn", msg, {"http_status": "503"}, second=41
            ),
            entry(
                29, "ERROR", "cart-service", "pod-cart-service-64c8b7d9f-m2x9d", msg, {"http_status": "503"}, second=12
            ),
        ],
        region="ap-shanghai",
        limit=3,
        total=1284,
        topic_key="logTopic",
        message="共匹配 1284 条日志，返回前 3 条",
    )


RATIO_Q = (
    'sum(rate(http_server_requests_seconds_count{service="order-service",status=~"5.."}[5m])) / '
    'sum(rate(http_server_requests_seconds_count{service="order-service"}[5m]))'
)


def k_ratio():
    return prom_vector("k-ratio", RATIO_Q, [({}, "0.0871")], threshold=0.05)


Q_K = "How often is cart-service failing to reach inventory-service?"

add(
    "query_vs_result",
    "en",
    "supported",
    Q_K,
    "The search for 'Connection refused' in cart-service logs (region ap-shanghai, topic application-logs) matched 1284 entries. "
    "The latest one shown is an ERROR on pod-cart-service-64c8b7d9f-qz7tn: Connection refused to inventory-service.shop.svc:8080.",
    [k_logs()],
    "Region and topic are the question's; 1284 is the reported total; the entry claim binds one entry.",
)

add(
    "query_vs_result",
    "en",
    "unsupported",
    Q_K,
    "cart-service logged only 3 'Connection refused' errors, all in the last minute.",
    [k_logs()],
    "3 is the number of entries shown (limit 3), not the number of matches (1284).",
)

add(
    "query_vs_result",
    "en",
    "unsupported",
    Q_K,
    "All 1284 'Connection refused' errors came from pod-cart-service-64c8b7d9f-qz7tn.",
    [k_logs()],
    "Only 3 entries are shown and one of them is from pod -m2x9d; the total says nothing about pods.",
)

add(
    "query_vs_result",
    "zh",
    "supported",
    Q_K,
    "在 ap-shanghai 地域的 application-logs 主题中，查询共匹配 1284 条日志。其中 pod-cart-service-64c8b7d9f-m2x9d 报 ERROR：Connection refused: inventory-service.shop.svc:8080。",
    [k_logs()],
    "地域与主题来自查询参数；1284 是 total；ERROR 绑定在一条日志上。",
)

add(
    "query_vs_result",
    "zh",
    "unsupported",
    Q_K,
    "在 ap-beijing 地域查询到 1284 条 cart-service 的 Connection refused 日志。",
    [k_logs()],
    "查询的地域是 ap-shanghai，不是 ap-beijing。",
)

add(
    "query_vs_result",
    "en",
    "supported",
    "Is order-service's error ratio above 5%?",
    "Yes, order-service's 5xx ratio is 8.7%, above the 5% threshold I queried with.",
    [k_ratio()],
    "0.0871 stated as 8.7%; 5% is the query's threshold (0.05).",
)

add(
    "query_vs_result",
    "en",
    "unsupported",
    "Is order-service's error ratio above 5%?",
    "order-service's 5xx ratio is 5%.",
    [k_ratio()],
    "5% is the threshold the query asked about; the result is 8.7%.",
)

add(
    "query_vs_result",
    "zh",
    "unsupported",
    Q_K,
    "inventory-service 共查询到 20 条错误日志。",
    [h_logs()],
    "20 是查询的 limit，返回的只有 3 条。",
)

add(
    "query_vs_result",
    "zh",
    "supported",
    "inventory-service 有多少错误日志？",
    "查询条件为 service:inventory-service AND level:ERROR，返回 3 条日志。其中 pod-inventory-service-6f5d9-abcde 报 ERROR：Deadlock found when trying to get lock。",
    [h_logs()],
    "查询条件来自参数，3 条来自 total/message，ERROR 绑定在一条日志上。",
)

# ---------------------------------------------------------------- vague

add(
    "vague",
    "en",
    "supported",
    "Any alerts on order-service?",
    "HighErrorRate is firing for order-service.",
    [a_alerts()],
    "Short, but the alert name, state and service are checkable and grounded.",
)

add(
    "vague",
    "zh",
    "supported",
    "checkout 为什么重启？",
    "node-worker-02 上的 OOM Killer 杀死了 java 进程（PID 12345）。",
    [d_events()],
    "简短但具体，可在一条 ERROR 日志中核对。",
)

add(
    "vague",
    "en",
    "supported",
    "What's wrong with checkout?",
    "Upstream 10.0.3.17:8080 is timing out for shop.example.com.",
    [f_nginx()],
    "A concrete upstream and host, both in the ERROR line.",
)

add(
    "vague",
    "zh",
    "supported",
    "inventory-sync 积压多少？",
    "inventory-sync 在 orders.events 分区 3 积压 15823 条消息。",
    [e_lag()],
    "一个序列即可核对。",
)

add(
    "vague",
    "en",
    "supported",
    "Which order failed?",
    "Order 5521 failed with HTTP 500.",
    [a_logs()],
    "Terse, but the id and the status are in one ERROR entry.",
)

add(
    "vague",
    "zh",
    "supported",
    "有告警吗？",
    "KafkaConsumerLagHigh 告警正在触发，消费组 inventory-sync。",
    [e_alert()],
    "告警名、状态和消费组都在同一条告警中。",
)

add(
    "vague",
    "en",
    "supported",
    "Is the disk full on node-worker-01?",
    "node-worker-01:9100 /data is 87% full.",
    [g_ratio()],
    "0.8712 stated as 87%; one series.",
)

add(
    "vague",
    "en",
    "unsupported",
    "Why is order-service failing?",
    "There seem to be some problems with the backend and performance is degraded. I recommend further investigation.",
    [a_alerts(), a_logs()],
    "Nothing checkable: no service, value, alert or state is asserted.",
)

add(
    "vague",
    "zh",
    "unsupported",
    "inventory-service 为什么失败？",
    "系统整体存在一些异常，可能与数据库有关，建议进一步排查。",
    [h_logs()],
    "没有任何可核对的事实，只有模糊描述、猜测和建议。",
)

add(
    "vague",
    "en",
    "unsupported",
    "Is the lag alert still active?",
    "Everything looks healthy now.",
    [e_alert()],
    "Nothing checkable, and it contradicts the firing alert.",
)

add(
    "vague",
    "zh",
    "unsupported",
    "payment-service 怎么了？",
    "服务有点问题，已经处理好了。",
    [b_redis_logs()],
    "没有可核对的事实。",
)

add(
    "vague",
    "en",
    "unsupported",
    "What's wrong with order-service?",
    "There are some issues in the system. HighErrorRate is firing for order-service.",
    [a_alerts()],
    "The first sentence is a factual claim with nothing checkable: a vague claim keeps the draft from ACCEPT.",
)

add(
    "vague",
    "en",
    "unsupported",
    "What did you find?",
    "Several errors were found in the logs and some alerts are active.",
    [a_alerts(), a_logs()],
    "No name, value or entity to check.",
)

# ---------------------------------------------------------------- honest_gap


def prom_deadlock_error():
    return prom_error(
        "hg-prom-err",
        "increase(mysql_info_schema_innodb_metrics_lock_lock_deadlocks_total[1h])",
        "timeout",
        "query timed out in expression evaluation",
    )


def kb_fail():
    return failed(
        "hg-kb-fail",
        "lookup_knowledge",
        {"query": "jedis pool exhausted", "topK": 3},
        "EXCEPTION",
        "io.milvus.exception.ServerException: connection refused: milvus:19530",
        minute=31,
        duration=42,
    )


def slow_topic_fail():
    return logs_java_error(
        "hg-slow-fail",
        "database-slow-query",
        "query_time:>2",
        "查询失败: CLS TopicId is not configured for 'database-slow-query'. Set cls.topics.database-slow-query or pass a real CLS TopicId.",
    )


def cpu_prom_fail():
    return failed(
        "hg-cpu-fail",
        "query_metrics",
        {"query": 'avg by (pod) (rate(container_cpu_usage_seconds_total{pod=~"pod-payment-service.*"}[5m]))'},
        "EXECUTION_ERROR",
        "Prometheus returned HTTP 503: service unavailable",
        minute=3,
        duration=120,
    )


add(
    "honest_gap",
    "zh",
    "supported",
    "MySQL 死锁多吗？",
    "Prometheus 查询报错（query timed out in expression evaluation），无法确认过去 1 小时的死锁次数。日志中 pod-inventory-service-6f5d9-abcde 报 Deadlock found when trying to get lock（sku=88231）。",
    [h_logs(), prom_deadlock_error()],
    "失败的查询只用于陈述失败本身；其余事实落在 ERROR 日志上。",
)

add(
    "honest_gap",
    "zh",
    "unsupported",
    "MySQL 死锁多吗？",
    "虽然日志查询没有问题，Prometheus 显示过去 1 小时死锁次数为 37 次。",
    [h_logs(), prom_deadlock_error()],
    "Prometheus 查询报错（status error），37 次没有任何依据。",
)

add(
    "honest_gap",
    "en",
    "supported",
    "Why does cart-service fail to reach Redis?",
    "The runbook lookup failed (connection refused to milvus:19530), so no documented fix was checked. cart-service logged JedisExhaustedPoolException with maxTotal=8 and 41 waiters.",
    [j_logs(), kb_fail()],
    "The knowledge failure is described as it happened and grounds nothing else.",
)

add(
    "honest_gap",
    "zh",
    "supported",
    "payment-service 为什么慢？",
    "慢查询日志查询失败（database-slow-query 的 CLS TopicId 未配置），无法确认数据库慢查询。HighCPUUsage 正在触发，payment-service 的 CPU 使用率当前为 92%。",
    [slow_topic_fail(), b_alerts_prom()],
    "工具返回 success=false 的失败被如实说明；告警为直接证据。",
)

add(
    "honest_gap",
    "en",
    "unsupported",
    "What is payment-service's CPU?",
    "The Prometheus CPU query failed with HTTP 503, but the last value it reported for pod-payment-service-7d8f9c6b5-x2k4m was 0.93 cores.",
    [cpu_prom_fail(), b_redis_logs()],
    "A failed call grounds only its failure; 0.93 cores appears nowhere.",
)

# ---------------------------------------------------------------- weak_evidence


def dedup_kb_lag():
    return knowledge(
        "w-dedup",
        "kafka consumer lag runbook",
        [
            chunk(
                "Kafka consumer lag",
                "kafka-lag.md",
                "If lag grows on a single partition, check for a stuck consumer or a hot key.",
                index=2,
                total=5,
            )
        ],
        relevance="MEDIUM",
        dedup="same query already answered in this session",
        minute=6,
    )


def none_kb():
    return knowledge(
        "w-none",
        "redis timeout payment-service runbook",
        [
            chunk(
                "新人入职指南",
                "onboarding.md",
                "遇到 Redis 超时时，先重启 payment-service 的所有 pod，再联系 DBA。",
                distance=0.21,
                rerank=0.03,
            )
        ],
        relevance="NONE",
        l0=0,
        l1=1,
        layer="L1",
        minute=8,
    )


def kb_two_chunks():
    return knowledge(
        "w-two",
        "nginx upstream timed out 110",
        [
            chunk(
                "Ingress timeouts",
                "ingress-timeouts.md",
                "The ingress-nginx default proxy-read-timeout is 60 seconds.",
                index=1,
                total=4,
            ),
            chunk(
                "Ingress timeouts",
                "ingress-timeouts.md",
                "Error 110 (Connection timed out) while reading response header means the upstream accepted the connection but sent no response header within proxy-read-timeout.",
                index=2,
                total=4,
            ),
        ],
        relevance="HIGH",
        l0=2,
        l1=3,
        layer="L0+L1",
    )


def dedup_logs():
    payload = {
        "success": True,
        "region": "ap-guangzhou",
        "logTopic": "application-logs",
        "query": "service:user-service AND level:ERROR",
        "logs": [
            entry(
                4,
                "ERROR",
                "user-service",
                "pod-user-service-8e9f0a1b2-k5j6h",
                "HTTP 500 Internal Server Error: /api/v1/users/profile, 耗时: 5800ms, 错误: Database query timeout",
            )
        ],
        "total": 1,
        "message": "成功查询到 1 条日志",
    }
    return inv(
        "w-dedup-logs",
        "query_logs",
        {
            "region": "ap-guangzhou",
            "logTopic": "application-logs",
            "query": "service:user-service AND level:ERROR",
            "limit": 20,
        },
        jackson(payload),
        retrieval={"dedupReason": "identical query_logs call already made in this session"},
        minute=9,
    )


add(
    "weak_evidence",
    "en",
    "supported",
    "Is there an alert for the inventory-sync lag?",
    "KafkaConsumerLagHigh is firing for consumer group inventory-sync on orders.events.",
    [e_alert(), dedup_kb_lag()],
    "The deduplicated lookup is present but the draft rests only on the firing alert.",
)

add(
    "weak_evidence",
    "zh",
    "supported",
    "payment-service 的 Redis 为什么超时？",
    "payment-service 的 pod-payment-service-7d8f9c6b5-x2k4m 报 ERROR：Redis 连接超时，节点 redis-cluster-01:6379，超时 3000ms。",
    [b_redis_logs(), none_kb()],
    "无关（NONE）的知识检索存在但未被引用；事实都在 ERROR 日志中。",
)

add(
    "weak_evidence",
    "en",
    "supported",
    "What does 'upstream timed out (110)' mean?",
    "nginx logged 'upstream timed out (110: Connection timed out)' for upstream 10.0.3.17:8080. The ingress guide says error 110 while reading the response header means the upstream accepted the connection but sent no header within proxy-read-timeout.",
    [f_nginx(), kb_two_chunks()],
    "The explanation is one chunk of a HIGH-relevance lookup; the observation is one ERROR line.",
)

add(
    "weak_evidence",
    "en",
    "unsupported",
    "What should we do about the Redis timeouts?",
    "The runbook says to restart all payment-service pods first and then contact the DBA.",
    [none_kb(), b_redis_logs()],
    "The only source is a NONE-relevance chunk.",
)

add(
    "weak_evidence",
    "en",
    "unsupported",
    "Is user-service throwing errors?",
    "Yes: pod-user-service-8e9f0a1b2-k5j6h returned HTTP 500 on /api/v1/users/profile after 5800ms with a database query timeout.",
    [dedup_logs()],
    "The only row was blocked by deduplication: its preview is not new evidence.",
)

# ---------------------------------------------------------------- extras

add(
    "negation",
    "en",
    "supported",
    "Has the order-service alert cleared?",
    "HighErrorRate is not resolved: it is still firing for order-service.",
    [a_alerts()],
    "The negation agrees with the firing alert.",
)

add(
    "negation",
    "en",
    "unsupported",
    "Which pods of order-service logged errors?",
    "pod-order-service-5c7d8e9f1-q8w7e did not log any errors; only pod-order-service-5c7d8e9f1-m3n2p did.",
    [a_logs()],
    "pod ...q8w7e logged an ERROR (HTTP 500 for order 5521).",
)

add(
    "binding",
    "zh",
    "supported",
    "哪些请求超时了？",
    "客户端 10.42.9.4 的 GET /api/cart/items 请求遇到 upstream 超时，upstream 为 10.0.3.17:8080。",
    [f_nginx()],
    "客户端、请求与 upstream 都在同一行 error 日志。",
)

add(
    "binding",
    "zh",
    "unsupported",
    "哪些请求超时了？",
    "客户端 10.42.9.4 的 POST /api/cart/checkout 请求遇到 upstream 超时。",
    [f_nginx()],
    "10.42.9.4 对应的是 GET /api/cart/items；POST /api/cart/checkout 来自 10.42.7.19。",
)

add(
    "causal",
    "zh",
    "supported",
    "checkout 为什么重启？",
    "checkout-6b9d7c5f4-2xkqp 的重启原因是 OOMKilled，退出码 137；node-worker-02 上的 OOM Killer 杀死了 java 进程（PID 12345）。知识库说明：原因为 OOMKilled 时，容器是因为超出内存限制而被内核杀死的。",
    [d_events(), d_kb("HIGH")],
    "因果由高相关知识块陈述；重启原因与退出码在同一条日志中。",
)

add(
    "causal",
    "en",
    "unsupported",
    "Why is payment-service timing out on Redis?",
    "The Redis timeouts on payment-service were caused by the order-process-queue backlog of 15823 messages.",
    [b_redis_logs()],
    "Two separate entries (payment-service Redis timeout, order-service queue backlog); nothing states a link.",
)

add(
    "state",
    "en",
    "supported",
    "What is firing right now?",
    "HighCPUUsage has been firing for 25m on payment-service. payment-service also logged a Redis connection timeout at ERROR level.",
    [b_alerts_java(), b_redis_logs()],
    "The Java tool's simplified alert carries state and duration; the log sentence is one ERROR entry.",
)
