from lib import *

# ---------------------------------------------------------------- Scenario H: inventory-service MySQL locks (zh)


def h_logs(iid="h-logs", region="ap-guangzhou"):
    return logs_java(
        iid,
        "application-logs",
        "service:inventory-service AND level:ERROR",
        [
            entry(
                11,
                "ERROR",
                "inventory-service",
                "pod-inventory-service-6f5d9-abcde",
                "Deadlock found when trying to get lock; try restarting transaction, sku=88231, 耗时: 1520ms",
                {"error_code": "1213", "sql_state": "40001", "sku": "88231"},
            ),
            entry(
                12,
                "ERROR",
                "inventory-service",
                "pod-inventory-service-6f5d9-fghij",
                "扣减库存失败: sku=88231, orderId=770915, 原因: Lock wait timeout exceeded; try restarting transaction",
                {"error_code": "1205", "sku": "88231", "order_id": "770915"},
            ),
            entry(
                12,
                "INFO",
                "inventory-service",
                "pod-inventory-service-6f5d9-abcde",
                "库存扣减成功: sku=10244, orderId=770911",
                {"sku": "10244", "order_id": "770911"},
                second=30,
            ),
        ],
        region=region,
        limit=20,
    )


def h_kb(relevance="HIGH", iid="h-kb"):
    return knowledge(
        iid,
        "mysql 错误码 1213 1205",
        [
            chunk(
                "MySQL 锁问题排查手册",
                "mysql-locks.md",
                "错误码 1213 (ER_LOCK_DEADLOCK) 表示 InnoDB 检测到死锁，会回滚代价较小的事务；错误码 1205 (ER_LOCK_WAIT_TIMEOUT) 表示锁等待超时，innodb_lock_wait_timeout 默认 50 秒。",
                index=3,
                total=8,
            )
        ],
        relevance=relevance,
        l0=1,
        l1=1,
    )


def h_kb_low():
    return knowledge(
        "h-kb-low",
        "inventory-service 架构",
        [
            chunk(
                "库存服务架构说明",
                "inventory-arch.md",
                "库存服务采用分库分表，按 sku 哈希分为 16 个分片，每个分片一主两从。",
                distance=0.41,
                rerank=0.22,
            )
        ],
        relevance="LOW",
        l0=0,
        l1=1,
        layer="L1",
    )


def h_dedup():
    return knowledge(
        "h-kb-dedup",
        "innodb_lock_wait_timeout 默认值",
        [
            chunk(
                "MySQL 参数说明",
                "mysql-params.md",
                "innodb_lock_wait_timeout 默认 50 秒，生产环境建议 10 秒。",
                index=5,
                total=9,
            )
        ],
        relevance="HIGH",
        dedup="same query already answered in this session",
    )


def h_nohit():
    return logs_java("h-nohit", "application-logs", "service:warehouse-service AND level:ERROR", [], empty_success=True)


def h_slow_fail():
    return failed(
        "h-slow-fail",
        "query_logs",
        {
            "region": "ap-guangzhou",
            "logTopic": "database-slow-query",
            "query": "table:inventory AND lock_time:>1",
            "limit": 20,
        },
        "TIMEOUT",
        "CLS search timed out after 10s",
        minute=13,
    )


def h_deadlocks():
    return prom_vector(
        "h-deadlocks",
        'increase(mysql_info_schema_innodb_metrics_lock_lock_deadlocks_total{instance="mysql-primary-01:9104"}[1h])',
        [({"instance": "mysql-primary-01:9104", "job": "mysqld"}, "37")],
        threshold=0,
    )


Q_H = "inventory-service 为什么扣减库存失败？"

add(
    "causal",
    "zh",
    "supported",
    Q_H,
    "orderId=770915（sku=88231）扣减库存失败，原因是 Lock wait timeout exceeded，错误码 1205。",
    [h_logs()],
    "因果由同一条 ERROR 日志给出（“原因: Lock wait timeout exceeded”）。",
)

add(
    "causal",
    "zh",
    "unsupported",
    Q_H,
    "死锁导致 orderId=770915 扣减库存失败。",
    [h_logs()],
    "orderId=770915 的失败原因是锁等待超时（1205）；死锁在另一条日志里，因果是跨单元拼接的。",
)

add(
    "weak_evidence",
    "zh",
    "supported",
    Q_H,
    "pod-inventory-service-6f5d9-abcde 处理 sku=88231 时报 ERROR：Deadlock found when trying to get lock。知识库说明错误码 1213 表示 InnoDB 检测到死锁。",
    [h_logs(), h_kb("HIGH"), h_kb_low()],
    "事实落在 ERROR 日志和高相关知识块上；低相关的架构文档没有被引用。",
)

add(
    "weak_evidence",
    "zh",
    "unsupported",
    "库存服务有多少个分片？",
    "库存服务按 sku 哈希分为 16 个分片，每个分片一主两从。",
    [h_kb_low(), h_logs()],
    "唯一来源是 LOW 相关度的知识块：只能算弱证据。",
)

add(
    "weak_evidence",
    "zh",
    "unsupported",
    "innodb_lock_wait_timeout 是多少？",
    "innodb_lock_wait_timeout 默认为 50 秒，生产环境建议设为 10 秒。",
    [h_dedup()],
    "唯一来源是被去重拦截的调用：不产生新证据。",
)

add(
    "weak_evidence",
    "zh",
    "unsupported",
    "warehouse-service 有问题吗？",
    "warehouse-service 没有任何 ERROR 日志，可以排除它的问题。inventory-service 则在 pod-inventory-service-6f5d9-abcde 上报了死锁。",
    [h_nohit(), h_logs()],
    "“没有任何 ERROR 日志”只来自一次无结果的查询（no-hit），只能算弱证据。",
)

add(
    "binding",
    "zh",
    "supported",
    Q_H,
    "pod-inventory-service-6f5d9-fghij 上 orderId=770915 扣减库存失败，错误码 1205。",
    [h_logs()],
    "实例、订单号与错误码都在同一条日志中。",
)

add(
    "binding",
    "zh",
    "unsupported",
    Q_H,
    "pod-inventory-service-6f5d9-fghij 报了死锁错误（1213），sku=88231。",
    [h_logs()],
    "1213 死锁在 pod-...abcde 的日志里；fghij 的错误码是 1205。",
)

add(
    "wrong_value",
    "zh",
    "supported",
    "MySQL 死锁有多频繁？",
    "mysql-primary-01:9104 在过去 1 小时内记录了 37 次死锁。",
    [h_deadlocks()],
    "37 与实例在同一个序列中，1h 来自查询本身。",
)

add(
    "wrong_value",
    "zh",
    "unsupported",
    "MySQL 死锁有多频繁？",
    "mysql-primary-01:9104 在过去 1 小时内记录了 73 次死锁。",
    [h_deadlocks()],
    "序列值是 37，不是 73。",
)

add(
    "negation",
    "zh",
    "unsupported",
    Q_H,
    "inventory-service 没有出现死锁，问题只是锁等待超时。",
    [h_logs()],
    "pod-...abcde 明确记录了 Deadlock found（1213），否定与证据相反。",
)

add(
    "negation",
    "zh",
    "supported",
    Q_H,
    "sku=10244 的扣减没有报错，日志级别为 INFO（orderId=770911）。sku=88231 则在 pod-inventory-service-6f5d9-abcde 上报 ERROR：Deadlock found when trying to get lock。",
    [h_logs()],
    "否定与 INFO 条目一致；另一句落在 ERROR 条目上。",
)

add(
    "long_markdown",
    "zh",
    "supported",
    Q_H,
    """
## 摘要
inventory-service 扣减库存时出现数据库锁错误。

## 证据
1. pod-inventory-service-6f5d9-abcde：Deadlock found when trying to get lock，sku=88231，错误码 1213。
2. pod-inventory-service-6f5d9-fghij：orderId=770915 扣减库存失败，原因是 Lock wait timeout exceeded，错误码 1205。
3. mysql-primary-01:9104 过去 1 小时内记录了 37 次死锁。
4. 知识库：错误码 1205 表示锁等待超时，innodb_lock_wait_timeout 默认 50 秒。

## 无法确认
慢查询日志的查询超时（10s），无法确认是哪条 SQL 持有锁。

## 可能原因
热点 sku=88231 上的并发扣减可能造成锁竞争，尚未确认。

## 建议
- 对热点 sku 的扣减改为排队或乐观锁。
""",
    [h_logs(), h_kb(), h_deadlocks(), h_slow_fail()],
    "每条证据落在一个单元上；超时的查询只被如实提到；原因已对冲。",
)

add(
    "long_markdown",
    "zh",
    "unsupported",
    Q_H,
    """
## 摘要
inventory-service 扣减库存时出现数据库锁错误。

## 证据
1. pod-inventory-service-6f5d9-abcde：Deadlock found when trying to get lock，sku=88231，错误码 1213。
2. orderId=770915 扣减库存失败，错误码 1205。
3. mysql-primary-01:9104 过去 1 小时内记录了 37 次死锁。
4. warehouse-service 日志正常，没有错误。

## 建议
- 对热点 sku 的扣减改为排队。
""",
    [h_logs(), h_kb(), h_deadlocks(), h_nohit()],
    "“warehouse-service 日志正常”只来自无结果的查询（弱证据），不能作为已验证事实。",
)

# ---------------------------------------------------------------- Scenario I: search-api GC (en)


def i_gc():
    body = [
        {
            "@timestamp": "2026-11-30T08:21:44.120Z",
            "severity": "ERROR",
            "service": "search-api",
            "pod": "search-api-7c8d9-kq2lp",
            "msg": "java.lang.OutOfMemoryError: GC overhead limit exceeded; heap used 7.6Gi of 8Gi",
        },
        {
            "@timestamp": "2026-11-30T08:21:40.002Z",
            "severity": "WARN",
            "service": "search-api",
            "pod": "search-api-7c8d9-kq2lp",
            "msg": "[gc] Pause Young (G1 Evacuation Pause) 7780M->7702M(8192M) 2140.512ms",
        },
        {
            "@timestamp": "2026-11-30T08:20:02.554Z",
            "severity": "INFO",
            "service": "search-api",
            "pod": "search-api-7c8d9-w8v6n",
            "msg": "[gc] Pause Young (Normal) 3120M->1210M(8192M) 18.204ms",
        },
    ]
    return inv(
        "i-gc",
        "query_logs",
        {"topic": "search-api", "query": "gc OR OutOfMemoryError", "since": "30m"},
        compact(body),
        minute=22,
    )


def i_kb(relevance="HIGH"):
    return knowledge(
        "i-kb",
        "GC overhead limit exceeded",
        [
            chunk(
                "JVM memory troubleshooting",
                "jvm-memory.md",
                "The JVM throws OutOfMemoryError: GC overhead limit exceeded when more than 98% of the total time is spent in garbage collection and less than 2% of the heap is recovered.",
                index=4,
                total=9,
            )
        ],
        relevance=relevance,
    )


def i_heap():
    return prom_matrix(
        "i-heap",
        'sum by (pod) (jvm_memory_used_bytes{area="heap",service="search-api"})',
        [
            ({"pod": "search-api-7c8d9-kq2lp"}, [(10, "6979321856"), (15, "7713982464"), (20, "8160437862")]),
            ({"pod": "search-api-7c8d9-w8v6n"}, [(10, "2362232012"), (15, "2254857830"), (20, "2469606195")]),
        ],
        start=(10, 0),
        end=(20, 0),
        step="300s",
        threshold=7516192768,
    )


def i_traces_fail():
    return failed(
        "i-traces",
        "query_traces",
        {"service": "search-api", "minDuration": "2s", "topic": "search-api"},
        "TIMEOUT",
        "tempo search exceeded deadline of 15s",
        minute=23,
        duration=15000,
    )


Q_I = "Why is search-api failing?"

add(
    "causal",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-kq2lp threw OutOfMemoryError: GC overhead limit exceeded. Per the JVM guide, that error is thrown when more than 98% of the time is spent in GC and less than 2% of the heap is recovered.",
    [i_gc(), i_kb("HIGH")],
    "The mechanism comes from a HIGH-relevance chunk; the error from one ERROR entry.",
)

add(
    "causal",
    "en",
    "unsupported",
    Q_I,
    "The 2140 ms G1 evacuation pause on search-api-7c8d9-kq2lp caused the GC overhead limit error.",
    [i_gc(), i_kb("HIGH")],
    "No unit links that pause to the error; the chunk states a different condition.",
)

add(
    "binding",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-kq2lp logged ERROR 'GC overhead limit exceeded' with 7.6Gi of 8Gi heap used.",
    [i_gc()],
    "Pod, level, message and sizes are one entry.",
)

add(
    "binding",
    "en",
    "unsupported",
    Q_I,
    "search-api-7c8d9-w8v6n logged ERROR 'GC overhead limit exceeded' with 7.6Gi of 8Gi heap used.",
    [i_gc()],
    "The ERROR is from -kq2lp; -w8v6n only logged an INFO young pause.",
)

add(
    "state",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-kq2lp logged the 2140 ms G1 evacuation pause at WARN. It then logged 'GC overhead limit exceeded' at ERROR.",
    [i_gc()],
    "Each sentence binds its level to its own entry.",
)

add(
    "state",
    "en",
    "unsupported",
    Q_I,
    "search-api-7c8d9-kq2lp logged the 2140 ms G1 evacuation pause as an ERROR.",
    [i_gc()],
    "That pause is logged at WARN.",
)

add(
    "negation",
    "en",
    "unsupported",
    Q_I,
    "search-api did not run out of memory; GC pauses are short and heap usage is normal.",
    [i_gc(), i_heap()],
    "An ERROR entry shows OutOfMemoryError and the heap series crosses 7 GiB on -kq2lp.",
)

add(
    "negation",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-w8v6n is not under heap pressure: its heap was about 2.3 GiB at 08:20, below the 7 GiB threshold. search-api-7c8d9-kq2lp crossed it, reaching 7.6 GiB at 08:20.",
    [i_heap(), i_gc()],
    "2469606195 B = 2.3 GiB; 8160437862 B = 7.6 GiB; 7516192768 B is the 7 GiB threshold of the query.",
)

add(
    "long_markdown",
    "en",
    "supported",
    Q_I,
    """
### Summary
search-api-7c8d9-kq2lp is out of heap.

### Evidence
- 08:21:44 ERROR on search-api-7c8d9-kq2lp: `java.lang.OutOfMemoryError: GC overhead limit exceeded`, heap used 7.6Gi of 8Gi.
- 08:21:40 WARN on the same pod: G1 evacuation pause of 2140 ms.
- Heap of search-api-7c8d9-kq2lp went from 6.5 GiB at 08:10 to 7.6 GiB at 08:20.
- search-api-7c8d9-w8v6n was at 2.3 GiB at 08:20.

### Could not check
Tracing: the tempo search exceeded its 15s deadline, so slow requests were not inspected.

### Likely cause
A memory leak on that pod is possible; it is not confirmed by the evidence.

### Recommendations
* Take a heap dump of search-api-7c8d9-kq2lp before restarting it.
* Consider raising the heap limit only after the dump.
""",
    [i_gc(), i_heap(), i_kb(), i_traces_fail()],
    "6979321856 B = 6.5 GiB; every bullet is one entry or one series; the failed tracing call is named honestly; the cause is hedged.",
)

add(
    "long_markdown",
    "en",
    "unsupported",
    Q_I,
    """
### Summary
search-api-7c8d9-kq2lp is out of heap.

### Evidence
- 08:21:44 ERROR on search-api-7c8d9-kq2lp: `java.lang.OutOfMemoryError: GC overhead limit exceeded`.
- Heap of search-api-7c8d9-kq2lp went from 6.5 GiB at 08:10 to 7.6 GiB at 08:20.
- Traces show /search requests taking over 2s on that pod.

### Recommendations
* Take a heap dump of search-api-7c8d9-kq2lp.
""",
    [i_gc(), i_heap(), i_kb(), i_traces_fail()],
    "The trace claim rests only on the failed tempo search.",
)

add(
    "honest_gap",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-kq2lp logged OutOfMemoryError: GC overhead limit exceeded. The tempo trace search exceeded its 15s deadline, so I could not see which requests were slow.",
    [i_gc(), i_traces_fail()],
    "The failure is named with its real deadline and grounds only itself.",
)

add(
    "honest_gap",
    "en",
    "unsupported",
    Q_I,
    "search-api-7c8d9-kq2lp logged OutOfMemoryError: GC overhead limit exceeded. The tempo trace search timed out after 60s.",
    [i_gc(), i_traces_fail()],
    "A fact about the failure is wrong: the deadline was 15s, not 60s.",
)

add(
    "weak_evidence",
    "en",
    "unsupported",
    Q_I,
    "The JVM throws 'GC overhead limit exceeded' when more than 98% of the time is spent in GC and less than 2% of the heap is recovered.",
    [i_kb("LOW")],
    "The only unit is a LOW-relevance chunk.",
)

add(
    "weak_evidence",
    "en",
    "supported",
    Q_I,
    "search-api-7c8d9-kq2lp logged 'GC overhead limit exceeded' at ERROR. The JVM memory guide (medium relevance) says this happens when more than 98% of the time is spent in GC.",
    [i_gc(), i_kb("MEDIUM")],
    "MEDIUM-relevance knowledge grounds a claim; the direct claim is the ERROR entry.",
)

# ---------------------------------------------------------------- Scenario J: cart-service Jedis pool (en + zh)


def j_logs():
    return logs_java(
        "j-logs",
        "application-logs",
        "service:cart-service AND JedisExhaustedPoolException",
        [
            entry(
                30,
                "ERROR",
                "cart-service",
                "pod-cart-service-64c8b7d9f-qz7tn",
                "redis.clients.jedis.exceptions.JedisExhaustedPoolException: Could not get a resource since the pool is exhausted (maxTotal=8, maxIdle=8, numActive=8, numWaiters=41)",
                {"pool_max_total": "8", "pool_active": "8", "pool_waiters": "41"},
            )
        ],
        topic_key="logTopic",
    )


def j_kb():
    return knowledge(
        "j-kb",
        "jedis pool exhausted maxTotal",
        [
            chunk(
                "Jedis 连接池配置",
                "jedis-pool.md",
                "GenericObjectPoolConfig defaults: maxTotal=8, maxIdle=8, minIdle=0. When all maxTotal connections are borrowed, borrowers wait up to maxWaitMillis and then fail with JedisExhaustedPoolException.",
                index=1,
                total=3,
            )
        ],
        relevance="HIGH",
    )


Q_J = "Why does cart-service fail to reach Redis?"

add(
    "advice_hedge",
    "en",
    "supported",
    Q_J,
    "cart-service exhausted its Jedis pool on pod-cart-service-64c8b7d9f-qz7tn: maxTotal=8, all 8 active, 41 waiters. Raise maxTotal from 8 to 64 and consider setting maxWaitMillis explicitly.",
    [j_logs(), j_kb()],
    "The fact inside the advice (maxTotal is 8) is in the ERROR entry.",
)

add(
    "advice_hedge",
    "en",
    "unsupported",
    Q_J,
    "cart-service cannot get Redis connections. Raise maxTotal from 16 to 64.",
    [j_logs(), j_kb()],
    "The advice asserts maxTotal is 16; the log shows maxTotal=8.",
)

add(
    "advice_hedge",
    "zh",
    "supported",
    Q_J,
    "cart-service 的 Jedis 连接池已耗尽（maxTotal=8，numActive=8）。建议将 maxTotal 从 8 调大到 64，同时可能需要排查连接泄漏。",
    [j_logs(), j_kb()],
    "建议中的 8 与日志一致；“可能需要”是建议而非事实。",
)

add(
    "advice_hedge",
    "zh",
    "unsupported",
    Q_J,
    "建议把 maxTotal 从 8 调到 64，目前有 100 个线程在等待连接。",
    [j_logs(), j_kb()],
    "等待线程数为 41，不是 100。",
)

add(
    "advice_hedge",
    "en",
    "unsupported",
    Q_J,
    "Consider rolling back cart-service release v2.14.3, which introduced the pool regression.",
    [j_logs(), j_kb()],
    "The relative clause asserts a release and a regression that no unit mentions.",
)
