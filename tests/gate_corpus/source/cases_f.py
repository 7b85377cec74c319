import json

from cases_b import c_p99
from lib import *


def gson_logs():
    """A Gson-serialised variant of the Java payload: compact, `=` escaped as \\u003d."""
    payload = {
        "success": True,
        "region": "ap-chengdu",
        "logTopic": "application-logs",
        "query": "service:coupon-service AND level:ERROR",
        "logs": [
            {
                "timestamp": cst(41, 7),
                "level": "ERROR",
                "service": "coupon-service",
                "instance": "coupon-service-5d6f7-hp9rs",
                "message": "Redemption failed: couponId=CPN-20931, userId=884120, reason=EXPIRED (expiredAt=2026-11-29T16:00:00Z)",
                "metrics": {"http_status": "409"},
            },
            {
                "timestamp": cst(41, 2),
                "level": "WARN",
                "service": "coupon-service",
                "instance": "coupon-service-5d6f7-hp9rs",
                "message": "Retrying redemption: couponId=CPN-20871, attempt=2",
                "metrics": {},
            },
        ],
        "total": 2,
        "message": "成功查询到 2 条日志",
    }
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).replace("=", "\\u003d")
    return inv(
        "gson-logs",
        "query_logs",
        {
            "region": "ap-chengdu",
            "logTopic": "application-logs",
            "query": "service:coupon-service AND level:ERROR",
            "limit": 20,
        },
        text,
        minute=41,
    )


def cut_ratio():
    full = compact(
        {
            "status": "success",
            "data": {
                "resultType": "vector",
                "result": [
                    {"metric": {"service": "payments-api", "route": "/v2/charge"}, "value": [epoch(44), "0.0342"]},
                    {"metric": {"service": "payments-api", "route": "/v2/refund"}, "value": [epoch(44), "0.1873"]},
                ],
            },
        }
    )
    cut = full[: full.index("0.1873") + 4]  # the preview ends inside the second value: "0.18
    return inv(
        "cut-ratio",
        "query_metrics",
        {
            "query": 'sum by (service, route) (rate(http_requests_total{service="payments-api",code=~"5.."}[5m])) / sum by (service, route) (rate(http_requests_total{service="payments-api"}[5m]))',
            "threshold": 0.02,
        },
        cut,
        truncated=True,
        minute=44,
    )


add(
    "wrong_value",
    "en",
    "supported",
    "Why did the coupon redemption fail?",
    "coupon-service rejected coupon CPN-20931 for user 884120 with HTTP 409 because the coupon had expired (reason=EXPIRED).",
    [gson_logs()],
    "Gson escapes '=' as \\u003d; id, user, status and the stated reason are one ERROR entry, and the entry states the reason.",
)

add(
    "wrong_value",
    "en",
    "unsupported",
    "Why did the coupon redemption fail?",
    "coupon-service rejected coupon CPN-20871 for user 884120 with HTTP 409 because the coupon had expired.",
    [gson_logs()],
    "CPN-20871 is the coupon of the WARN retry entry; the expired one is CPN-20931.",
)

add(
    "formatting",
    "en",
    "supported",
    "What is the payments-api error ratio?",
    "payments-api /v2/charge is failing 3.4% of requests, above the 2% threshold of the query.",
    [cut_ratio()],
    "0.0342 read as 3.4%; that sample is complete before the preview cut.",
)

add(
    "formatting",
    "en",
    "unsupported",
    "What is the payments-api error ratio?",
    "payments-api /v2/refund is failing 18% of requests.",
    [cut_ratio()],
    "The /v2/refund value is cut by truncation ('0.18…'): a cut value grounds nothing.",
)

add(
    "binding",
    "en",
    "supported",
    "How did user-service P99 evolve?",
    "user-service P99 was 2.917 s at 08:05 UTC. It was 3.871 s at 08:20 UTC.",
    [c_p99(iid="c-p99-b")],
    "Each time/value pair is one sample of the series.",
)

add(
    "binding",
    "en",
    "unsupported",
    "How did user-service P99 evolve?",
    "user-service P99 was 4.213 s at 08:20 UTC.",
    [c_p99(iid="c-p99-b")],
    "4.213 s is the 08:10 sample; at 08:20 it was 3.871 s: value and time from different samples.",
)


def java_nothing():
    """QueryLogsTools when nothing matched: success=false, 未找到匹配的日志."""
    return logs_java("java-nothing", "application-logs", "service:payment-service AND level:ERROR", [], minute=7)


from cases_a import b_alerts_prom  # noqa: E402

add(
    "weak_evidence",
    "zh",
    "unsupported",
    "payment-service 有错误日志吗？",
    "payment-service 最近 30 分钟没有 ERROR 日志，应用本身运行正常。",
    [java_nothing()],
    "唯一的日志调用返回 success=false（未找到匹配的日志）：没有结果不能证明“运行正常”。",
)

add(
    "honest_gap",
    "zh",
    "supported",
    "payment-service 有错误日志吗？",
    "日志工具没有找到匹配的日志（返回 success=false：未找到匹配的日志），所以无法用日志确认错误。HighCPUUsage 正在触发，pod-payment-service-7d8f9c6b5-x2k4m 的 CPU 使用率当前为 92%。",
    [java_nothing(), b_alerts_prom()],
    "对失败调用的如实陈述只落在该调用本身；其余事实落在触发中的告警上。",
)
