"""The evidence rules of docs/evidence-rules.md, on plain domain objects."""

from __future__ import annotations

import json
import pathlib
from typing import Any, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_trace.server.domain.evidence import (
    EXCERPT_LIMIT,
    GENERAL_TOPIC,
    NOTE_LIMIT,
    RULES,
    classify,
    promql_metric_name,
)
from evidence_trace.server.domain.model import (
    Classification,
    ErrorKind,
    EvidenceHint,
    Invocation,
    Outcome,
    OutputState,
    RelevanceLevel,
    Retrieval,
)
from evidence_trace.server.domain.payloads import (
    close_truncated_json,
    parse_cut_json_reference,
    parse_json_preview,
    parse_log_line,
)

PAYLOADS = pathlib.Path(__file__).parent / "fixtures" / "payloads"

VECTOR_PARAMS = {"query": 'http_server_error_ratio{job="api"}', "threshold": 0.05}
MATRIX_PARAMS = {
    "query": "histogram_quantile(0.99, sum by (le, service) (rate(http_server_duration_seconds_bucket[5m])))",
    "threshold": "1.5",
}


def payload(name: str) -> str:
    """A fixture payload's text."""
    return (PAYLOADS / name).read_text(encoding="utf-8")


def call(tool: str, preview: str = "", params: Optional[dict[str, Any]] = None, **fields: Any) -> Invocation:
    """A successful call with captured output, unless fields say otherwise."""
    fields.setdefault("success", True)
    fields.setdefault("output_state", OutputState.CAPTURED if preview else OutputState.EMPTY)
    return Invocation(
        invocation_id="inv-1",
        session_id="sess-1",
        tool_name=tool,
        input_params=params or {},
        output_preview=preview,
        **fields,
    )


def cut(text: str, anchor: str, delta: Optional[int] = None) -> str:
    """text cut right after anchor, or delta characters after its start."""
    start = text.index(anchor)
    return text[: start + (len(anchor) if delta is None else delta)]


def classify_cut(name: str, tool: str, params: dict[str, Any], anchor: str, delta: Optional[int]) -> Classification:
    """Classify a fixture cut at an anchor, flagged truncated."""
    return classify(call(tool, cut(payload(name), anchor, delta), params, output_truncated=True))


# -- the rows every tool shares -------------------------------------------------------


@pytest.mark.parametrize("tool", ["lookup_knowledge", "query_logs", "query_metrics", "custom_tool"])
def test_failed_call_is_failed_with_kind_and_first_line(tool: str) -> None:
    result = classify(
        call(
            tool,
            payload("query_logs_java_error.json"),
            success=False,
            error_kind=ErrorKind.TIMEOUT,
            error_message="\nupstream did not answer in 30s\n  at Client.call(Client.java:42)",
            retrieval=Retrieval(relevance=RelevanceLevel.HIGH, l0_count=3),
            evidence_hint=EvidenceHint.DIRECT,
        )
    )
    assert result.outcome == Outcome.FAILED
    assert result.note == "timeout: upstream did not answer in 30s"
    assert result.excerpt == ""


def test_failure_note_is_bounded() -> None:
    result = classify(call("query_logs", success=False, error_kind=ErrorKind.EXCEPTION, error_message="x" * 5000))
    assert result.outcome == Outcome.FAILED
    assert len(result.note) == NOTE_LIMIT
    assert result.note.startswith("exception: xxx") and result.note.endswith("\u2026")


@pytest.mark.parametrize("tool", ["lookup_knowledge", "query_logs", "custom_tool"])
def test_dedup_reason_makes_any_tool_deduped(tool: str) -> None:
    result = classify(
        call(
            tool,
            "cached answer",
            retrieval=Retrieval(
                relevance=RelevanceLevel.HIGH, l0_count=2, dedup_reason=" same query already answered "
            ),
            evidence_hint=EvidenceHint.DIRECT,
        )
    )
    assert result == Classification(Outcome.DEDUPED, result.topic_domain, note="same query already answered")


def test_failure_wins_over_dedup() -> None:
    result = classify(
        call(
            "lookup_knowledge",
            success=False,
            error_kind=ErrorKind.EXECUTION_ERROR,
            error_message="index offline",
            retrieval=Retrieval(dedup_reason="same query"),
        )
    )
    assert (result.outcome, result.note) == (Outcome.FAILED, "execution error: index offline")


@pytest.mark.parametrize(
    ("state", "preview", "note"),
    [
        (OutputState.EMPTY, "", 'returned no output for query "disk full"'),
        (OutputState.EMPTY, "ignored", 'returned no output for query "disk full"'),
        (OutputState.NOT_CAPTURED, "", 'output not captured for query "disk full"'),
        (OutputState.CAPTURED, "  \n ", 'returned no output for query "disk full"'),
    ],
)
def test_missing_output_is_no_hit_and_never_promoted(state: OutputState, preview: str, note: str) -> None:
    for tool in ("lookup_knowledge", "custom_tool"):
        result = classify(
            call(
                tool,
                preview,
                {"query": "disk full"},
                output_state=state,
                retrieval=Retrieval(relevance=RelevanceLevel.HIGH, l0_count=4),
                evidence_hint=EvidenceHint.DIRECT,
            )
        )
        assert (result.outcome, result.note, result.excerpt) == (Outcome.NO_HIT, note, "")


def test_not_captured_with_a_preview_is_classified() -> None:
    preview = payload("query_logs_plain.txt")
    result = classify(call("query_logs", preview, output_state=OutputState.NOT_CAPTURED))
    assert result.outcome == Outcome.DIRECT_SUPPORT


def test_known_tools_are_registered_in_one_table() -> None:
    assert set(RULES) == {"lookup_knowledge", "query_logs", "query_metrics"}


# -- the generic rule -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hint", "outcome"),
    [
        (EvidenceHint.DIRECT, Outcome.DIRECT_SUPPORT),
        (EvidenceHint.INDIRECT, Outcome.INDIRECT_SUPPORT),
        (EvidenceHint.NO_HIT, Outcome.NO_HIT),
        (EvidenceHint.UNSPECIFIED, Outcome.INDIRECT_SUPPORT),
    ],
)
def test_generic_tool_follows_the_hint(hint: EvidenceHint, outcome: Outcome) -> None:
    result = classify(call("trace_search", "span checkout took 31s", {"topic": "checkout"}, evidence_hint=hint))
    assert result.outcome == outcome
    assert result.topic_domain == "checkout"
    if outcome == Outcome.NO_HIT:
        assert result.note == "the agent marked the output as no hit"
    else:
        assert result.excerpt == "span checkout took 31s"


def test_known_tool_ignores_the_hint() -> None:
    preview = payload("query_logs_java_empty.json")
    result = classify(call("query_logs", preview, evidence_hint=EvidenceHint.DIRECT))
    assert result.outcome == Outcome.NO_HIT
    preview = payload("query_logs_java_info.json")
    assert classify(call("query_logs", preview, evidence_hint=EvidenceHint.NO_HIT)).outcome == Outcome.INDIRECT_SUPPORT


# -- lookup_knowledge --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("relevance", "l0", "l1", "outcome"),
    [
        (RelevanceLevel.HIGH, 2, 0, Outcome.DIRECT_SUPPORT),
        (RelevanceLevel.HIGH, None, None, Outcome.DIRECT_SUPPORT),  # counts not given, preview non-empty
        (RelevanceLevel.HIGH, 0, 0, Outcome.NO_HIT),
        (RelevanceLevel.MEDIUM, 0, 1, Outcome.INDIRECT_SUPPORT),
        (RelevanceLevel.LOW, None, None, Outcome.INDIRECT_SUPPORT),
        (RelevanceLevel.NONE, 5, 5, Outcome.NO_HIT),
        (RelevanceLevel.UNSPECIFIED, 1, None, Outcome.INDIRECT_SUPPORT),
        (RelevanceLevel.UNSPECIFIED, 0, 0, Outcome.NO_HIT),
        (RelevanceLevel.UNSPECIFIED, None, None, Outcome.INDIRECT_SUPPORT),  # generic rule
    ],
)
def test_lookup_knowledge_from_retrieval_fields(
    relevance: RelevanceLevel, l0: Optional[int], l1: Optional[int], outcome: Outcome
) -> None:
    result = classify(
        call(
            "lookup_knowledge",
            "[L0] 支付超时排查手册: 检查渠道网关 timeout 配置",
            {"query": "  Payment   TIMEOUT\tRunbook "},
            retrieval=Retrieval(layer="L0", l0_count=l0, l1_count=l1, relevance=relevance),
            evidence_hint=EvidenceHint.NO_HIT,  # ignored for a known tool
        )
    )
    assert result.outcome == outcome
    assert result.topic_domain == "payment timeout runbook"
    if outcome == Outcome.NO_HIT:
        assert '"payment timeout runbook"' in result.note
        assert result.excerpt == ""
    else:
        assert result.excerpt == "[L0] 支付超时排查手册: 检查渠道网关 timeout 配置"


def test_knowledge_topic_is_bounded_normalized_question() -> None:
    result = classify(call("lookup_knowledge", "x", {"question": "Why " + "A" * 300}))
    assert result.topic_domain == "why " + "a" * 124
    assert len(result.topic_domain) == 128


# -- query_logs and query_metrics on whole payloads ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "tool", "params", "outcome", "reading", "note"),
    [
        (
            "query_logs_java_error.json",
            "query_logs",
            {},
            Outcome.DIRECT_SUPPORT,
            "2024-05-01T10:00:31.902Z ERROR payment-service: 支付服务调用超时: channel=alipay timeout=30000ms",
            "",
        ),
        (
            "query_logs_java_info.json",
            "query_logs",
            {},
            Outcome.INDIRECT_SUPPORT,
            "2024-05-01 10:05:00.013 INFO order-service: 连接池状态 active=18 idle=2 maxTotal=20",
            "",
        ),
        (
            "query_logs_java_empty.json",
            "query_logs",
            {},
            Outcome.NO_HIT,
            "",
            'no log entries for query "service:refund-service AND level:ERROR AND message:"退款失败"" '
            'in log topic "refund-service-log" (未找到匹配的日志)',
        ),
        (
            "query_logs_java_failed.json",
            "query_logs",
            {},
            Outcome.FAILED,
            "",
            "日志服务查询失败: SLS endpoint 返回 403 Forbidden (AccessKey 无权限)",
        ),
        (
            "query_logs_plain.txt",
            "query_logs",
            {},
            Outcome.DIRECT_SUPPORT,
            "2024-05-01T10:00:31.902Z ERROR payment-service: [http-nio-8080-exec-7] 支付服务调用超时 "
            "channel=alipay timeout=30000ms",
            "",
        ),
        (
            "prometheus_vector.json",
            "query_metrics",
            VECTOR_PARAMS,
            Outcome.DIRECT_SUPPORT,
            'http_server_error_ratio{service="payment-service",instance="10.0.3.17:8080"} = 0.1873 '
            "at 2024-05-01T10:00:00Z (threshold > 0.05)",
            "",
        ),
        (
            "prometheus_vector.json",
            "query_metrics",
            {"query": "http_server_error_ratio"},
            Outcome.INDIRECT_SUPPORT,
            'http_server_error_ratio{service="order-service",instance="10.0.3.12:8080"} = 0.0042 '
            "at 2024-05-01T10:00:00Z (no threshold given)",
            "",
        ),
        (
            "prometheus_vector.json",
            "query_metrics",
            {"threshold": 0.5},
            Outcome.INDIRECT_SUPPORT,
            'http_server_error_ratio{service="order-service",instance="10.0.3.12:8080"} = 0.0042 '
            "at 2024-05-01T10:00:00Z (threshold > 0.5 not crossed)",
            "",
        ),
        (
            "prometheus_vector.json",
            "query_metrics",
            {"threshold": 0.001, "comparison": "<"},
            Outcome.INDIRECT_SUPPORT,
            'http_server_error_ratio{service="order-service",instance="10.0.3.12:8080"} = 0.0042 '
            "at 2024-05-01T10:00:00Z (threshold < 0.001 not crossed)",
            "",
        ),
        (
            "prometheus_vector.json",
            "query_metrics",
            {"threshold": "0.01", "comparison": "<"},
            Outcome.DIRECT_SUPPORT,
            'http_server_error_ratio{service="order-service",instance="10.0.3.12:8080"} = 0.0042 '
            "at 2024-05-01T10:00:00Z (threshold < 0.01)",
            "",
        ),
        (
            "prometheus_vector_empty.json",
            "query_metrics",
            {"promql": "up == 0"},
            Outcome.NO_HIT,
            "",
            'returned no series for PromQL query "up == 0"',
        ),
        (
            "prometheus_matrix.json",
            "query_metrics",
            MATRIX_PARAMS,
            Outcome.DIRECT_SUPPORT,
            '{service="payment-service",le="+Inf"} = 2.731 at 2024-05-01T09:57:00Z (threshold > 1.5)',
            "",
        ),
        (
            "prometheus_alerts_firing.json",
            "query_metrics",
            {},
            Outcome.DIRECT_SUPPORT,
            'firing alert PaymentErrorRateHigh severity=critical {service="payment-service",namespace="prod"} '
            "since 2024-05-01T09:58:30.000Z: 支付服务错误率超过 5%",
            "",
        ),
        (
            "prometheus_alerts_pending.json",
            "query_metrics",
            {},
            Outcome.INDIRECT_SUPPORT,
            'pending alert OrderQueueBacklog severity=warning {service="order-service"} '
            "since 2024-05-01T10:03:15.000Z: 订单队列积压超过 1000 条",
            "",
        ),
        (
            "prometheus_alerts_none.json",
            "query_metrics",
            {"alertname": "DiskFull"},
            Outcome.NO_HIT,
            "",
            'no firing or pending alerts named "DiskFull"',
        ),
        (
            "prometheus_error.json",
            "query_metrics",
            {},
            Outcome.FAILED,
            "",
            'bad_data: invalid parameter "query": 1:36: parse error: unexpected "}" in label matching, expected string',
        ),
    ],
)
def test_whole_payloads(
    name: str, tool: str, params: dict[str, Any], outcome: Outcome, reading: str, note: str
) -> None:
    """A hit's reading (`<timestamp> <LEVEL> <service>: <message>`...) is its note; its excerpt is verbatim."""
    text = payload(name)
    result = classify(call(tool, text, params))
    if outcome in SUPPORT:
        assert (result.outcome, result.note) == (outcome, reading)
        assert result.excerpt and is_verbatim(result.excerpt, text)
    else:
        assert (result.outcome, result.excerpt, result.note) == (outcome, "", note)


SUPPORT = (Outcome.DIRECT_SUPPORT, Outcome.INDIRECT_SUPPORT)


def is_verbatim(excerpt: str, evidence: str) -> bool:
    """Whether every piece of the excerpt between "…" marks is text of the evidence, in order."""
    position = 0
    for piece in excerpt.split("\u2026"):
        found = evidence.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def test_a_java_log_hit_excerpt_is_the_entry_as_written() -> None:
    text = payload("query_logs_java_error.json")
    result = classify(call("query_logs", text))
    start = text.index('{\n    "timestamp" : "2024-05-01T10:00:31.902Z"')
    end = text.index("\n  }", text.index('"retryCount" : 3')) + len("\n  }")
    assert result.excerpt == text[start:end]


def test_a_plain_log_hit_excerpt_is_the_line_as_written() -> None:
    text = payload("query_logs_plain.txt")
    result = classify(call("query_logs", text))
    assert result.excerpt in text.splitlines() and "31.902Z ERROR" in result.excerpt


def test_log_levels_are_case_insensitive_and_include_critical_and_panic() -> None:
    for level in ("error", "Fatal", "CRITICAL", "panic"):
        preview = json.dumps({"success": True, "logs": [{"level": "info"}, {"level": level, "message": "boom"}]})
        assert classify(call("query_logs", preview)).outcome == Outcome.DIRECT_SUPPORT
    preview = json.dumps({"success": True, "logs": [{"level": "WARN", "message": "slow"}]})
    assert classify(call("query_logs", preview)).outcome == Outcome.INDIRECT_SUPPORT


def test_non_json_metrics_output_is_indirect() -> None:
    result = classify(call("query_metrics", "cpu_usage 0.93", {"query": "cpu_usage"}))
    assert (result.outcome, result.excerpt, result.topic_domain) == (
        Outcome.INDIRECT_SUPPORT,
        "cpu_usage 0.93",
        "cpu_usage",
    )


# -- truncated previews ------------------------------------------------------------------------

ERROR_LOGS = ("query_logs_java_error.json", "query_logs", {})
INFO_LOGS = ("query_logs_java_info.json", "query_logs", {})
EMPTY_LOGS = ("query_logs_java_empty.json", "query_logs", {})
FAILED_LOGS = ("query_logs_java_failed.json", "query_logs", {})
PLAIN_LOGS = ("query_logs_plain.txt", "query_logs", {})
VECTOR = ("prometheus_vector.json", "query_metrics", VECTOR_PARAMS)
MATRIX = ("prometheus_matrix.json", "query_metrics", MATRIX_PARAMS)
FIRING = ("prometheus_alerts_firing.json", "query_metrics", {})
PENDING = ("prometheus_alerts_pending.json", "query_metrics", {})
PROM_ERROR = ("prometheus_error.json", "query_metrics", {})

# (fixture, anchor, delta: None = cut right after the anchor, else offset from its start,
#  expected outcome, a fragment the excerpt (support) or note (otherwise) must contain)
CUTS = [
    # Java query_logs with an ERROR entry (Jackson pretty printer, Chinese messages)
    (ERROR_LOGS, "{", None, Outcome.NO_HIT, "preview cut before any log entry"),
    (ERROR_LOGS, '"logTopic" : "payment', None, Outcome.NO_HIT, "preview cut before any log entry"),
    (ERROR_LOGS, '"logs" : [ {', None, Outcome.NO_HIT, "preview cut before any log entry"),
    (ERROR_LOGS, '"message" : "开始处理', None, Outcome.INDIRECT_SUPPORT, "INFO payment-service: 开始处理\u2026"),
    (ERROR_LOGS, '{\n    "timestamp" : "2024-05-01T10:00:31', 1, Outcome.INDIRECT_SUPPORT, "INFO payment-service"),
    (ERROR_LOGS, '"level" : "ERR', None, Outcome.INDIRECT_SUPPORT, "INFO payment-service"),
    (ERROR_LOGS, '"level" : "ERROR', None, Outcome.INDIRECT_SUPPORT, "INFO payment-service"),
    (ERROR_LOGS, '"level" : "ERROR"', None, Outcome.DIRECT_SUPPORT, "2024-05-01T10:00:31.902Z ERROR"),
    (ERROR_LOGS, '"message" : "支付服务调用超时', 13, Outcome.DIRECT_SUPPORT, "ERROR payment-service: \u2026"),
    (ERROR_LOGS, '"message" : "支付服务调', None, Outcome.DIRECT_SUPPORT, "ERROR payment-service: 支付服务调\u2026"),
    (ERROR_LOGS, '{\n      "latencyMs" : 30012', 1, Outcome.DIRECT_SUPPORT, "支付服务调用超时: channel=alipay"),
    (ERROR_LOGS, '"latencyMs" : 300', None, Outcome.DIRECT_SUPPORT, "支付服务调用超时: channel=alipay"),
    (ERROR_LOGS, '"message" : "查询', None, Outcome.DIRECT_SUPPORT, "支付服务调用超时: channel=alipay"),
    # Java query_logs, INFO/WARN/DEBUG only (Gson style, \u003d escapes)
    (INFO_LOGS, "{", None, Outcome.NO_HIT, "preview cut before any log entry"),
    (INFO_LOGS, "active\\u00", None, Outcome.INDIRECT_SUPPORT, "连接池状态 active\u2026"),
    (INFO_LOGS, "active\\", None, Outcome.INDIRECT_SUPPORT, "连接池状态 active\u2026"),
    (INFO_LOGS, '"message": "订单', None, Outcome.INDIRECT_SUPPORT, "INFO order-service: 连接池状态"),
    (INFO_LOGS, '"level": "DEBUG"', None, Outcome.INDIRECT_SUPPORT, "INFO order-service"),
    # Java query_logs with no match (total 0, Chinese message)
    (EMPTY_LOGS, "{", None, Outcome.NO_HIT, "preview cut before any log entry"),
    (EMPTY_LOGS, 'message:\\"退款', None, Outcome.NO_HIT, "preview cut before any log entry"),
    (EMPTY_LOGS, '"message" : "未找到', None, Outcome.NO_HIT, 'in log topic "refund-service-log"'),
    # Java query_logs that failed (success false)
    (FAILED_LOGS, "{", None, Outcome.NO_HIT, "preview cut before any log entry"),
    (FAILED_LOGS, '"message" : "日志服务查询', None, Outcome.FAILED, "日志服务查询\u2026"),
    # plain log lines
    (PLAIN_LOGS, "Started Payment", None, Outcome.INDIRECT_SUPPORT, "INFO payment-service: [main] Started Payment"),
    (PLAIN_LOGS, "31.902Z ERR", None, Outcome.INDIRECT_SUPPORT, "INFO payment-service"),
    (PLAIN_LOGS, "31.902Z ERROR", None, Outcome.DIRECT_SUPPORT, "2024-05-01T10:00:31.902Z ERROR"),
    (PLAIN_LOGS, "[http-nio-8080-exec-7] 支付服务调", None, Outcome.DIRECT_SUPPORT, "exec-7] 支付服务调"),
    (
        PLAIN_LOGS,
        "[http-nio-8080-exec-7] 支",
        -1 + len("[http-nio-8080-exec-7] 支"),
        Outcome.DIRECT_SUPPORT,
        "ERROR payment-service: [http-nio-8080-exec-7]",
    ),
    # Prometheus vector, threshold 0.05
    (VECTOR, "{", None, Outcome.NO_HIT, "preview cut before any series or alert"),
    (VECTOR, '"result":[', None, Outcome.NO_HIT, "preview cut before any series for PromQL query"),
    (
        VECTOR,
        '"order-serv',
        None,
        Outcome.INDIRECT_SUPPORT,
        '{__name__="http_server_error_ratio",service="order-serv\u2026"}',
    ),
    (
        VECTOR,
        '{"metric":{"__name__":"http_server_error_ratio","service":"payment',
        1,
        Outcome.INDIRECT_SUPPORT,
        "0.0042",
    ),
    (VECTOR, '"0.18', None, Outcome.INDIRECT_SUPPORT, "0.0042"),
    (VECTOR, '"0.1873', None, Outcome.INDIRECT_SUPPORT, "0.0042"),
    (VECTOR, '"0.1873"', None, Outcome.DIRECT_SUPPORT, "= 0.1873 at 2024-05-01T10:00:00Z (threshold > 0.05)"),
    # Prometheus matrix, threshold 1.5
    (MATRIX, '"values":[', None, Outcome.INDIRECT_SUPPORT, "samples cut off"),
    (MATRIX, '"2.7', None, Outcome.INDIRECT_SUPPORT, "threshold > 1.5 not crossed"),
    (MATRIX, '"2.731"', None, Outcome.DIRECT_SUPPORT, "= 2.731 at 2024-05-01T09:57:00Z"),
    # Prometheus alerts: pending, then firing (Chinese summaries)
    (FIRING, "{", None, Outcome.NO_HIT, "preview cut before any series or alert"),
    (FIRING, '"alerts":[', None, Outcome.NO_HIT, "preview cut before any firing or pending alert"),
    (FIRING, '"alerts":[{', None, Outcome.NO_HIT, "preview cut before any firing or pending alert"),
    (
        FIRING,
        '"summary":"支付服务 P99',
        None,
        Outcome.INDIRECT_SUPPORT,
        "alert cut before its state: alert PaymentLatencyHigh",
    ),
    (FIRING, '"state":"pending"', None, Outcome.INDIRECT_SUPPORT, "pending alert PaymentLatencyHigh"),
    (FIRING, '"summary":"支付服务错误', None, Outcome.INDIRECT_SUPPORT, "pending alert PaymentLatencyHigh"),
    (FIRING, '"state":"fir', None, Outcome.INDIRECT_SUPPORT, "pending alert PaymentLatencyHigh"),
    (FIRING, '"state":"firing"', None, Outcome.DIRECT_SUPPORT, "firing alert PaymentErrorRateHigh severity=critical"),
    (FIRING, '"activeAt":"2024-05-01T09:58', None, Outcome.DIRECT_SUPPORT, ": 支付服务错误率超过 5%"),
    # Prometheus alerts: pending only
    (PENDING, '"alerts":[{', None, Outcome.NO_HIT, "preview cut before any firing or pending alert"),
    (PENDING, '"summary":"订单队列', None, Outcome.INDIRECT_SUPPORT, "alert cut before its state"),
    (PENDING, '"state":"pending"', None, Outcome.INDIRECT_SUPPORT, "pending alert OrderQueueBacklog"),
    # Prometheus error
    (PROM_ERROR, "{", None, Outcome.NO_HIT, "preview cut before any series or alert"),
    (PROM_ERROR, '"status":"err', None, Outcome.NO_HIT, "preview cut before any series or alert"),
    (PROM_ERROR, "parse error", None, Outcome.FAILED, 'bad_data: invalid parameter "query": 1:36: parse error\u2026'),
]


@pytest.mark.parametrize(("case", "anchor", "delta", "outcome", "fragment"), CUTS)
def test_cut_previews(
    case: tuple[str, str, dict[str, Any]], anchor: str, delta: Optional[int], outcome: Outcome, fragment: str
) -> None:
    name, tool, params = case
    result = classify_cut(name, tool, params, anchor, delta)
    assert result.outcome == outcome
    if outcome in (Outcome.DIRECT_SUPPORT, Outcome.INDIRECT_SUPPORT):
        assert fragment in result.note
        assert result.excerpt and is_verbatim(result.excerpt, payload(name))
    else:
        assert fragment in result.note
        assert result.excerpt == ""


# Where each fixture's first concrete hit becomes visible: a cut at or after it is
# direct support, a cut before it never is.
HIT_ENDS = [
    (ERROR_LOGS, '"level" : "ERROR"'),
    (PLAIN_LOGS, "31.902Z ERROR"),
    (VECTOR, '"0.1873"'),
    (MATRIX, '"2.731"'),
    (FIRING, '"state":"firing"'),
    (INFO_LOGS, None),
    (EMPTY_LOGS, None),
    (FAILED_LOGS, None),
    (PENDING, None),
    (PROM_ERROR, None),
    (("prometheus_vector.json", "query_metrics", {"query": "x"}), None),  # no threshold: never direct
]


@pytest.mark.parametrize(("case", "hit_anchor"), HIT_ENDS)
def test_every_cut_point_is_direct_exactly_when_the_hit_is_visible(
    case: tuple[str, str, dict[str, Any]], hit_anchor: Optional[str]
) -> None:
    name, tool, params = case
    text = payload(name)
    hit_end = text.index(hit_anchor) + len(hit_anchor) if hit_anchor else len(text) + 1
    for end in range(1, len(text) + 1):
        result = classify(call(tool, text[:end], params, output_truncated=end < len(text)))
        assert (result.outcome == Outcome.DIRECT_SUPPORT) == (end >= hit_end), (end, text[:end][-30:], result)
        assert len(result.excerpt) <= EXCERPT_LIMIT and len(result.note) <= NOTE_LIMIT
        assert is_verbatim(result.excerpt, text[:end]), (end, result.excerpt)
        result.excerpt.encode("utf-8")
        result.note.encode("utf-8")


def test_truncated_unparseable_json_without_flag_is_still_read() -> None:
    text = cut(payload("query_logs_java_error.json"), '"message" : "支付服务调')
    assert classify(call("query_logs", text)).outcome == Outcome.DIRECT_SUPPORT


def test_cut_inside_a_surrogate_pair_escape_yields_valid_utf8() -> None:
    preview = '{"success": true, "logs": [{"level": "ERROR", "message": "boom \\ud83d'
    result = classify(call("query_logs", preview, output_truncated=True))
    assert result.outcome == Outcome.DIRECT_SUPPORT
    assert result.excerpt == '{"level": "ERROR", "message": "boom \\ud83d\u2026'
    assert result.note == "ERROR: boom \ufffd\u2026"
    result.note.encode("utf-8")


def test_excerpt_is_bounded() -> None:
    preview = json.dumps({"logs": [{"level": "ERROR", "message": "支" * 5000}]}, ensure_ascii=False)
    result = classify(call("query_logs", preview))
    assert result.outcome == Outcome.DIRECT_SUPPORT
    assert len(result.excerpt) == EXCERPT_LIMIT
    assert result.excerpt.startswith('{"level": "ERROR", "message": "支支') and result.excerpt.endswith("\u2026")
    assert is_verbatim(result.excerpt, preview)


def test_classify_gives_a_bounded_result_on_large_adversarial_previews() -> None:
    # how long these take is measured in bench/pathological.py, against plain previews of the same size
    previews = [
        '{"logs": [' + ", ".join(['{"level": "INFO", "message": "ok"}'] * 400),  # ~16 KiB, cut
        "[" * 16000,
        '{"a": "' + "\\" * 16000,
        "x" * 16384,
        '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":['
        + ",".join(f'[{i},"0.1"]' for i in range(1200)),
    ]
    for preview in previews:
        for tool in ("query_logs", "query_metrics"):
            result = classify(call(tool, preview, {"threshold": 5}, output_truncated=True))
            assert result.outcome in (Outcome.DIRECT_SUPPORT, Outcome.INDIRECT_SUPPORT, Outcome.NO_HIT)
            assert len(result.excerpt) <= EXCERPT_LIMIT and is_verbatim(result.excerpt.rstrip("\u2026"), preview)


# -- topic domains ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "params", "preview", "own", "topic"),
    [
        ("query_logs", {"logTopic": "payment-log"}, "x", "", "payment-log"),
        ("query_logs", {"log_topic": " order-log "}, "x", "", "order-log"),
        ("query_logs", {"topic": "t"}, "x", "", "t"),
        ("query_logs", {}, payload("query_logs_java_error.json"), "", "payment-service-log"),
        ("query_logs", {}, cut(payload("query_logs_java_error.json"), '"logTopic" : "pay'), "", GENERAL_TOPIC),
        ("query_logs", {"logTopic": "payment-log"}, "x", "  agent-topic ", "agent-topic"),
        ("query_metrics", {"alertname": "DiskFull", "query": "up"}, "x", "", "DiskFull"),
        ("query_metrics", {}, payload("prometheus_alerts_firing.json"), "", "PaymentErrorRateHigh"),
        (
            "query_metrics",
            {"query": "up", "service": "s"},
            payload("prometheus_alerts_pending.json"),
            "",
            "OrderQueueBacklog",
        ),
        ("query_metrics", MATRIX_PARAMS, "x", "", "http_server_duration_seconds_bucket"),
        ("query_metrics", {"promql": '{job="api"}', "service": "payment"}, "x", "", "payment"),
        ("query_metrics", {}, "x", "", GENERAL_TOPIC),
        ("lookup_knowledge", {"query": "Redis  Eviction\nPolicy"}, "x", "", "redis eviction policy"),
        ("custom_tool", {"topic": "checkout"}, "x", "", "checkout"),
        ("custom_tool", {"query": "ignored"}, "x", "", GENERAL_TOPIC),
    ],
)
def test_topic_domain(tool: str, params: dict[str, Any], preview: str, own: str, topic: str) -> None:
    assert classify(call(tool, preview, params, topic_domain=own)).topic_domain == topic


def test_failed_call_still_gets_a_derived_topic() -> None:
    result = classify(
        call("query_logs", params={"logTopic": "payment-log"}, success=False, error_kind=ErrorKind.TIMEOUT)
    )
    assert (result.outcome, result.topic_domain, result.note) == (
        Outcome.FAILED,
        "payment-log",
        "timeout (no error message)",
    )


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("up", "up"),
        ("up == 0", "up"),
        ('rate(http_requests_total{code=~"5.."}[5m])', "http_requests_total"),
        ("sum by (service) (rate(http_requests_total[5m]))", "http_requests_total"),
        ("sum(rate(errors_total[1m])) without (instance) / sum(rate(requests_total[1m]))", "errors_total"),
        ("histogram_quantile(0.99, sum by (le) (rate(http_seconds_bucket[5m])))", "http_seconds_bucket"),
        ("max_over_time(node_load1[10m:1m] offset 1h)", "node_load1"),
        ("a_metric * on (instance) group_left (version) build_info", "a_metric"),
        ('{__name__="x"}', ""),
        ("", ""),
    ],
)
def test_promql_metric_name(query: str, name: str) -> None:
    assert promql_metric_name(query) == name


# -- payload parsing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "closed"),
    [
        ("{", "{}"),
        ('{"a"', "{}"),
        ('{"a":', "{}"),
        ('{"a": "xy', '{"a": "xy\u2026"}'),
        ('{"a": [1, 2', '{"a": [1]}'),
        ('{"a": [1, 2,', '{"a": [1, 2]}'),
        ('{"a": {"b": "c"}, "d": tr', '{"a": {"b": "c"}}'),
        ('[{"x": "支付', '[{"x": "支付\u2026"}]'),
        ('{"a":"\\u00', '{"a":"\u2026"}'),
        ('{"a":"x\\u004', '{"a":"x\u2026"}'),
        ('{"a":"x\\u0041bc', '{"a":"x\\u0041bc\u2026"}'),
        ('{"a":"C:\\\\u00', '{"a":"C:\\\\u00\u2026"}'),
        ('{"a":"abc\\', '{"a":"abc\u2026"}'),
        ('{"a": 1} trailing', '{"a": 1}'),
        ('{"a" 1', None),
        ("[" * 300, None),
    ],
)
def test_close_truncated_json(text: str, closed: Optional[str]) -> None:
    assert close_truncated_json(text) == closed
    if closed is not None:
        json.loads(closed)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    value=st.one_of(st.lists(JSON_VALUES, max_size=4), st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4)),
    indent=st.sampled_from([None, 2]),
    ascii_only=st.booleans(),
)
def test_every_prefix_of_a_json_document_closes_into_valid_json(
    value: Any, indent: Optional[int], ascii_only: bool
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    for end in range(1, len(text) + 1):
        closed = close_truncated_json(text[:end])
        assert closed is not None, text[:end]
        json.loads(closed)
    assert close_truncated_json(text) == text


@pytest.mark.parametrize(
    ("line", "fields"),
    [
        (
            "2024-05-01T10:00:00Z ERROR payment-service upstream timeout",
            ("2024-05-01T10:00:00Z", "ERROR", "payment-service", "upstream timeout"),
        ),
        (
            "2024-05-01 10:00:00.123 [error] [order-service] 库存不足",
            ("2024-05-01 10:00:00.123", "ERROR", "order-service", "库存不足"),
        ),
        ("2024-05-01T10:00:00Z level=warn disk at 91%", ("2024-05-01T10:00:00Z", "WARN", "", "disk at 91%")),
        ("FATAL gateway: out of memory", ("", "FATAL", "gateway", "out of memory")),
        ("just some text without a level", ("", "", "", "just some text without a level")),
    ],
)
def test_parse_log_line(line: str, fields: tuple[str, str, str, str]) -> None:
    entry = parse_log_line(line)
    assert entry is not None
    assert (entry.timestamp, entry.level, entry.service, entry.message) == fields


def _same_reading(text: str) -> None:
    fast = parse_json_preview(text)
    reference = parse_cut_json_reference(text)
    got = None if fast is None else fast.value
    assert json.dumps(got, sort_keys=False) == json.dumps(reference, sort_keys=False), text


@settings(max_examples=200, deadline=None)
@given(
    value=st.one_of(st.lists(JSON_VALUES, max_size=4), st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4)),
    indent=st.sampled_from([None, 2]),
    ascii_only=st.booleans(),
    noise=st.tuples(
        st.integers(min_value=0), st.sampled_from(["", ",", "]", "}", ":", '"', "x", "\u00a0", "\\", "\n"])
    ),
)
def test_fast_cut_reader_agrees_with_the_reference_on_every_prefix(
    value: Any, indent: Optional[int], ascii_only: bool, noise: tuple[int, str]
) -> None:
    """parse_json_preview's C-scanner path reads every cut exactly as close_truncated_json defines."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    at, char = noise
    at %= len(text) + 1
    noisy = text[:at] + char + text[at:]  # also exercise syntax errors before the cut
    for doc in (text, noisy):
        for end in range(1, len(doc) + 1):
            _same_reading(doc[:end])


@pytest.mark.parametrize("name", sorted(p.name for p in PAYLOADS.glob("*.json")))
def test_fast_cut_reader_agrees_on_every_cut_of_the_fixtures(name: str) -> None:
    text = (PAYLOADS / name).read_text(encoding="utf-8")
    for end in range(1, len(text) + 1):
        _same_reading(text[:end])


# -- the Java query_logs tool's success=false payloads --------------------------------------------


def test_java_nothing_found_with_success_false_is_no_hit() -> None:
    """QueryLogsTools sets success to "found any": a completed search with no match is not a failure."""
    result = classify(call("query_logs", payload("query_logs_java_not_found.json")))
    assert result.outcome == Outcome.NO_HIT
    assert result.note == (
        'no log entries for query "level:ERROR AND service:refund-service" '
        'in log topic "application-logs" (未找到匹配的日志)'
    )
    assert result.topic_domain == "application-logs"


@pytest.mark.parametrize(
    "preview",
    [
        payload("query_logs_java_query_failed.json"),  # buildErrorResponse: "logs" null
        '{"success":false,"message":"获取日志失败: connect timed out"}',  # its fallback string
        '{"success": false, "logs": [], "total": 0, "message": "未找到匹配的日志", "error": "403 Forbidden"}',
        '{"success": false, "logs": [], "total": 0, "message": "查询失败: topic not found"}',
        '{"success": false, "logs": [], "total": 0, "exception": "java.net.SocketTimeoutException"}',
        '{"success": false, "logs": [], "total": 0, "message": ""}',
        '{"success": false, "logs": [], "total": 3, "message": "未找到匹配的日志"}',
    ],
)
def test_java_success_false_with_an_error_stays_failed(preview: str) -> None:
    assert classify(call("query_logs", preview)).outcome == Outcome.FAILED
