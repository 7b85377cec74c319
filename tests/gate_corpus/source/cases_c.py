from lib import *

# ---------------------------------------------------------------- Scenario E: Kafka consumer lag (en)

LAG_Q = 'sum by (consumergroup, topic, partition) (kafka_consumergroup_lag{consumergroup="inventory-sync"})'


def e_lag():
    return prom_vector(
        "e-lag",
        LAG_Q,
        [
            ({"consumergroup": "inventory-sync", "topic": "orders.events", "partition": "3"}, "15823"),
            ({"consumergroup": "inventory-sync", "topic": "orders.events", "partition": "0"}, "212"),
            ({"consumergroup": "inventory-sync", "topic": "orders.events", "partition": "7"}, "9870"),
        ],
        threshold=10000,
    )


def e_alert():
    return prom_alerts(
        "e-alerts",
        [
            alert(
                "KafkaConsumerLagHigh",
                "firing",
                (2, 30),
                "1.5823e+04",
                severity="warning",
                consumergroup="inventory-sync",
                topic="orders.events",
                summary="Consumer group inventory-sync lag above 10000 on orders.events",
            )
        ],
    )


def e_logs():
    return logs_plain(
        "e-logs",
        "inventory-sync",
        "orders.events-3 OR rebalance",
        [
            "2026-11-30T08:04:12.381Z WARN  inventory-sync-5f7b8c-tx2lq [Consumer clientId=inventory-sync-1, groupId=inventory-sync] Revoking previously assigned partitions [orders.events-3]",
            "2026-11-30T08:04:13.002Z ERROR inventory-sync-5f7b8c-tx2lq o.a.k.c.c.internals.ConsumerCoordinator: Offset commit failed on partition orders.events-3 at offset 88123911: The coordinator is not aware of this member.",
            "2026-11-30T08:04:13.118Z INFO  inventory-sync-5f7b8c-tx2lq [Consumer clientId=inventory-sync-1, groupId=inventory-sync] (Re-)joining group",
        ],
    )


def e_broker_fail():
    return failed(
        "e-broker",
        "query_logs",
        {"logTopic": "kafka-broker", "query": "orders.events AND level:ERROR", "limit": 50},
        "TIMEOUT",
        "CLS search did not finish within 30s (topic kafka-broker)",
        minute=5,
        duration=30000,
    )


Q_E = "Why is inventory-sync lagging?"

add(
    "binding",
    "en",
    "supported",
    Q_E,
    "Partition 3 of orders.events has a lag of 15823 messages for consumer group inventory-sync.",
    [e_lag()],
    "Partition, topic, group and value come from one series.",
)

add(
    "binding",
    "en",
    "unsupported",
    Q_E,
    "Partition 0 of orders.events has a lag of 15823 messages for consumer group inventory-sync.",
    [e_lag()],
    "15823 is partition 3's value; partition 0 is at 212.",
)

add(
    "negation",
    "en",
    "unsupported",
    Q_E,
    "inventory-sync is keeping up: no partition of orders.events is above the 10000-message lag threshold.",
    [e_lag(), e_alert()],
    "Partition 3 is at 15823 and KafkaConsumerLagHigh is firing: the negation contradicts both.",
)

add(
    "negation",
    "en",
    "supported",
    Q_E,
    "Partition 7 is not above the 10000 threshold yet (9870 messages). Partition 3 is, at 15823.",
    [e_lag()],
    "The negated claim agrees with its series (9870 < 10000).",
)

add(
    "query_vs_result",
    "en",
    "unsupported",
    Q_E,
    "Consumer group inventory-sync is lagging by 10000 messages on partition 3 of orders.events.",
    [e_lag()],
    "10000 is the threshold the query asked about, not the lag the result shows (15823).",
)

add(
    "query_vs_result",
    "en",
    "supported",
    Q_E,
    "I asked for inventory-sync partitions with a lag above 10000 messages. Partition 3 of orders.events crossed it, at 15823.",
    [e_lag()],
    "The threshold grounds the claim about the question; the crossing value grounds the result.",
)

add(
    "state",
    "en",
    "supported",
    "Is there an alert for the lag?",
    "Yes, KafkaConsumerLagHigh is firing (warning) for consumer group inventory-sync on orders.events.",
    [e_alert()],
    "One firing alert carries name, severity, group and topic.",
)

add(
    "state",
    "en",
    "unsupported",
    "Is there an alert for the lag?",
    "KafkaConsumerLagHigh fired for inventory-sync earlier but is resolved now.",
    [e_alert()],
    "The alert is firing, not resolved.",
)

add(
    "causal",
    "en",
    "supported",
    Q_E,
    "An offset commit on partition orders.events-3 at offset 88123911 failed because the coordinator was not aware of the member (logged at ERROR by inventory-sync-5f7b8c-tx2lq).",
    [e_logs(), e_lag()],
    "The ERROR line itself states the reason for the failed commit.",
)

add(
    "causal",
    "en",
    "unsupported",
    Q_E,
    "The consumer group rebalance on inventory-sync-5f7b8c-tx2lq caused the 15823-message lag on partition 3.",
    [e_logs(), e_lag()],
    "No unit links the rebalance to the lag; the log and the series are separate units.",
)

add(
    "honest_gap",
    "en",
    "supported",
    Q_E,
    "Partition 3 of orders.events is lagging by 15823 messages. I could not check the brokers: the kafka-broker log search timed out after 30s, so broker-side errors are unknown.",
    [e_lag(), e_broker_fail()],
    "The failure is named for what it is; the lag rests on a crossing series.",
)

add(
    "honest_gap",
    "en",
    "unsupported",
    Q_E,
    "Partition 3 of orders.events is lagging by 15823 messages. The kafka-broker logs show the partition leader for orders.events-3 moved to broker 2 at 08:03.",
    [e_lag(), e_broker_fail()],
    "The broker claim rests on a search that timed out: a failed row grounds nothing but its failure.",
)

add(
    "long_markdown",
    "en",
    "supported",
    Q_E,
    """
# inventory-sync lag

## Summary
KafkaConsumerLagHigh is firing for inventory-sync on orders.events.

## Evidence
| partition | lag |
|---|---|
| 3 | 15823 |
| 7 | 9870 |
| 0 | 212 |

- At 08:04:13 inventory-sync-5f7b8c-tx2lq logged ERROR: offset commit failed on partition orders.events-3 at offset 88123911.
- A WARN just before shows the consumer revoking partition orders.events-3.

## Not checked
The kafka-broker log search timed out after 30s.

## Hypothesis
The consumer may be stuck in a rebalance loop; this is not confirmed.

## Next steps
- Check max.poll.interval.ms against the processing time per batch.
""",
    [e_lag(), e_alert(), e_logs(), e_broker_fail()],
    "Table rows each bind one series; every bullet is one log line; the hypothesis is hedged.",
)

add(
    "long_markdown",
    "en",
    "unsupported",
    Q_E,
    """
# inventory-sync lag

## Summary
KafkaConsumerLagHigh is firing for inventory-sync on orders.events.

## Evidence
| partition | lag |
|---|---|
| 3 | 15823 |
| 7 | 12870 |
| 0 | 212 |

- inventory-sync-5f7b8c-tx2lq logged ERROR: offset commit failed on partition orders.events-3 at offset 88123911.

## Not checked
The kafka-broker log search timed out after 30s.
""",
    [e_lag(), e_alert(), e_logs(), e_broker_fail()],
    "One table row is wrong: partition 7 is at 9870, not 12870.",
)

# ---------------------------------------------------------------- Scenario F: ingress 504s (en)


def f_nginx():
    return logs_plain(
        "f-nginx",
        "ingress-nginx",
        "shop.example.com AND (upstream timed out OR 504)",
        [
            '2026/11/30 08:12:01 [error] 31#31: *48213 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.42.7.19, server: shop.example.com, request: "POST /api/cart/checkout HTTP/1.1", upstream: "http://10.0.3.17:8080/api/cart/checkout", host: "shop.example.com"',
            '10.42.7.19 - - [30/Nov/2026:08:12:01 +0000] "POST /api/cart/checkout HTTP/1.1" 504 160 "-" "okhttp/4.12.0" 1043 60.001 [shop-cart-8080] [] 10.0.3.17:8080 0 60.000 504 7f3c2a9e41d0b8c5',
            '2026/11/30 08:12:09 [error] 31#31: *48290 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.42.9.4, server: shop.example.com, request: "GET /api/cart/items HTTP/1.1", upstream: "http://10.0.3.17:8080/api/cart/items", host: "shop.example.com"',
        ],
    )


def f_rate():
    return prom_vector(
        "f-rate",
        'sum by (status) (rate(nginx_ingress_controller_requests{ingress="shop",status=~"5.."}[5m]))',
        [({"status": "504"}, "4.35"), ({"status": "502"}, "0.12"), ({"status": "500"}, "0.03")],
        threshold=1,
    )


def f_cart_fail():
    return failed(
        "f-cart-logs",
        "query_logs",
        {"logTopic": "application-logs", "query": "service:cart-service AND level:ERROR", "limit": 20},
        "EXCEPTION",
        "IllegalStateException: CLS TopicId is not configured for 'application-logs'.",
        minute=6,
        duration=35,
    )


Q_F = "Why does checkout return 504?"

add(
    "formatting",
    "en",
    "supported",
    Q_F,
    "The shop ingress is serving about 4.4 504s per second. 502s are much rarer at 0.12/s.",
    [f_rate()],
    "'504s' means HTTP 504 responses; 4.35/s rounds to 4.4 at the stated precision.",
)

add(
    "formatting",
    "en",
    "unsupported",
    Q_F,
    "Checkout requests through the shop ingress hang for 504s before nginx gives up.",
    [f_rate(), f_nginx()],
    "Reads the status code as a duration: the access log shows 60.001 s request time and status 504.",
)

add(
    "wrong_value",
    "en",
    "supported",
    Q_F,
    "nginx timed out reading the response header from upstream 10.0.3.17:8080 for POST /api/cart/checkout (client 10.42.7.19).",
    [f_nginx()],
    "Upstream, request and client come from one error line.",
)

add(
    "wrong_value",
    "en",
    "unsupported",
    Q_F,
    "nginx timed out reading the response header from upstream 10.0.3.71:8080 for POST /api/cart/checkout.",
    [f_nginx()],
    "The upstream is 10.0.3.17:8080; 10.0.3.71 appears nowhere.",
)

add(
    "honest_gap",
    "en",
    "supported",
    Q_F,
    "The ingress logged 'upstream timed out (110: Connection timed out)' for upstream 10.0.3.17:8080 on POST /api/cart/checkout. "
    "I could not read the cart-service application logs: the query failed (CLS TopicId is not configured for 'application-logs'), so what the upstream was doing is unknown.",
    [f_nginx(), f_cart_fail()],
    "The failed query is described accurately and used for nothing else.",
)

add(
    "honest_gap",
    "en",
    "unsupported",
    Q_F,
    "The cart-service logs show a deadlock in the checkout handler at 08:12, which made the upstream 10.0.3.17:8080 time out.",
    [f_nginx(), f_cart_fail()],
    "The cart-service log query failed; nothing shows a deadlock.",
)

# ---------------------------------------------------------------- Scenario G: disk (zh)

DISK_Q = '1 - node_filesystem_avail_bytes{mountpoint="/data"} / node_filesystem_size_bytes{mountpoint="/data"}'


def g_ratio():
    return prom_vector(
        "g-ratio",
        DISK_Q,
        [
            ({"instance": "node-worker-01:9100", "mountpoint": "/data", "device": "/dev/nvme1n1"}, "0.8712"),
            ({"instance": "node-worker-03:9100", "mountpoint": "/data", "device": "/dev/nvme1n1"}, "0.4410"),
        ],
        threshold=0.85,
    )


def g_logs():
    return logs_java(
        "g-logs",
        "system-metrics",
        "disk_usage:>85",
        [
            entry(
                -i * 5,
                "WARN",
                "log-collector",
                "node-worker-01",
                f"磁盘使用率告警: /data 分区使用率 {87.0 - i * 2:.1f}%, 可用空间: {13.0 + i * 2:.1f}GB",
                {
                    "disk_usage": f"{87.0 - i * 2:.1f}%",
                    "disk_available": f"{13.0 + i * 2:.1f}GB",
                    "disk_total": "100GB",
                    "mount_point": "/data",
                    "largest_dir": "/data/logs",
                },
            )
            for i in range(2)
        ],
    )


def g_alert():
    return prom_alerts(
        "g-alerts",
        [
            alert(
                "HighDiskUsage",
                "pending",
                (3, 0),
                "8.712e-01",
                severity="warning",
                instance="node-worker-01:9100",
                mountpoint="/data",
                summary="/data 使用率超过 85%",
                description="node-worker-01 的 /data 分区使用率为 87%",
            )
        ],
        params={"endpoint": "/api/v1/alerts", "alertname": "HighDiskUsage"},
    )


Q_G = "node-worker-01 的磁盘怎么了？"

add(
    "formatting",
    "zh",
    "supported",
    Q_G,
    "node-worker-01:9100 的 /data 分区已用 87%，超过了 85% 的阈值。",
    [g_ratio()],
    "比例 0.8712 以 87% 表述，精度一致；85% 是查询的阈值。",
)

add(
    "formatting",
    "zh",
    "unsupported",
    Q_G,
    "node-worker-01:9100 的 /data 分区已用 78%。",
    [g_ratio()],
    "比例为 0.8712（87%），不是 78%。",
)

add(
    "negation",
    "zh",
    "supported",
    "其他节点的 /data 也满了吗？",
    "node-worker-03:9100 的 /data 使用率为 44%，没有超过 85% 的阈值。node-worker-01:9100 超过了阈值，为 87%。",
    [g_ratio()],
    "否定与 node-worker-03 的序列一致；每个数值绑定在自己的序列上。",
)

add(
    "negation",
    "zh",
    "unsupported",
    "其他节点的 /data 也满了吗？",
    "是的，node-worker-03:9100 的 /data 使用率也超过了 85% 的阈值。",
    [g_ratio()],
    "node-worker-03 为 0.4410，没有超过 0.85。",
)

add(
    "wrong_value",
    "zh",
    "unsupported",
    Q_G,
    "node-worker-01 的 /data 分区使用率 87.0%，可用空间只剩 3.0GB。",
    [g_ratio(), g_logs()],
    "日志中可用空间为 13.0GB，不是 3.0GB。",
)

add(
    "state",
    "zh",
    "supported",
    "有磁盘告警吗？",
    "HighDiskUsage 告警处于 pending 状态（尚未触发），实例 node-worker-01:9100。Prometheus 显示 node-worker-01:9100 的 /data 已用比例为 0.8712，超过 0.85 的阈值。",
    [g_alert(), g_ratio()],
    "告警状态为 pending；比例来自越过阈值的序列。",
)

add(
    "state",
    "zh",
    "unsupported",
    "有磁盘告警吗？",
    "HighDiskUsage 告警已经在 node-worker-01:9100 上触发（firing）。Prometheus 显示 node-worker-01:9100 的 /data 已用比例为 0.8712。",
    [g_alert(), g_ratio()],
    "告警是 pending，不是 firing。",
)

add(
    "state",
    "zh",
    "unsupported",
    Q_G,
    "node-worker-01 的 log-collector 打印了 ERROR 日志：/data 分区使用率 87.0%。",
    [g_logs(), g_ratio()],
    "该日志级别是 WARN，不是 ERROR。",
)

add(
    "state",
    "zh",
    "supported",
    Q_G,
    "node-worker-01 的 log-collector 打印了 WARN 日志：/data 分区使用率 87.0%，可用空间 13.0GB。Prometheus 中 node-worker-01:9100 的 /data 已用比例为 0.8712。",
    [g_logs(), g_ratio()],
    "级别、实例和数值都在同一条日志中；比例来自越过阈值的序列。",
)

add(
    "advice_hedge",
    "zh",
    "supported",
    Q_G,
    "node-worker-01:9100 的 /data 已用 87%。日志显示最大的目录是 /data/logs，建议先清理该目录，并考虑为 log-collector 配置日志轮转。",
    [g_ratio(), g_logs()],
    "建议中夹带的事实（最大目录 /data/logs）在日志条目的 metrics 中。",
)

add(
    "advice_hedge",
    "zh",
    "unsupported",
    Q_G,
    "建议把 node-worker-01 的 /data 分区从 200GB 扩容到 500GB，当前已用 87%。",
    [g_ratio(), g_logs()],
    "建议里夹带的 200GB 与日志中的 disk_total 100GB 不符。",
)

add(
    "long_markdown",
    "zh",
    "supported",
    Q_G,
    """
## 结论
node-worker-01:9100 的 /data 分区使用率为 87%，超过 85% 阈值。

## 证据
- Prometheus：node-worker-01:9100 的 /data 已用比例 0.8712。
- node-worker-03:9100 的 /data 使用率为 44%。
- log-collector 在 node-worker-01 上打印 WARN：/data 分区使用率 87.0%，可用空间 13.0GB。
- HighDiskUsage 告警目前为 pending。

## 可能原因
/data/logs 目录可能增长过快，尚未确认。

## 建议
1. 清理 /data/logs。
2. 为 log-collector 配置日志轮转。
""",
    [g_ratio(), g_logs(), g_alert()],
    "每条都落在一个序列、一条日志或一条告警上；原因已对冲。",
)

add(
    "long_markdown",
    "zh",
    "unsupported",
    Q_G,
    """
## 结论
node-worker-01:9100 的 /data 分区使用率为 87%，超过 85% 阈值。

## 证据
- Prometheus：node-worker-01:9100 的 /data 已用比例 0.8712。
- log-collector 在 node-worker-01 上打印 WARN：/data 分区使用率 87.0%，可用空间 13.0GB。
- HighDiskUsage 告警目前为 pending。

## 原因
由于 /data/logs 目录一天增长了 40GB，导致磁盘使用率升高。

## 建议
1. 清理 /data/logs。
""",
    [g_ratio(), g_logs(), g_alert()],
    "“一天增长了 40GB”没有证据，因果断言也没有任何单元支持。",
)
