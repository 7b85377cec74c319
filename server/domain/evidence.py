"""The evidence rules: what one tool call is worth as evidence.

classify() runs once per recorded invocation, on the write path. It decides the
row's Outcome in a fixed order (failure, deduplication, missing output, then
the tool's own classifier from RULES) and derives the topic domain the summary
groups by. docs/evidence-rules.md states the same rules as one table; keep the
two in step and bump CLASSIFIER_VERSION when an outcome can change.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
import operator
import re
import types
from typing import Any, Callable, Mapping, Optional

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
    TRUNCATION_MARK,
    JsonPath,
    JsonPreview,
    LogLine,
    iter_dicts,
    parse_json_preview,
    parse_log_line,
    parse_log_lines,
    value_span,
)

CLASSIFIER_VERSION = 2
"""Version of these rules: rows classified under another version may differ."""

EXCERPT_LIMIT = 512
"""Maximum length, in characters, of an excerpt."""

NOTE_LIMIT = 256
"""Maximum length, in characters, of a note."""

TOPIC_LIMIT = 256
"""Maximum length, in characters, of a topic domain (the contract's bound)."""

QUERY_TOPIC_LIMIT = 128
"""Maximum length of a normalized knowledge query used as a topic domain."""

GENERAL_TOPIC = "general"
"""The topic domain when neither the agent nor the tool's rule gives one."""

_QUOTED_LIMIT = 120  # a query or topic quoted inside a note
_SCAN_FACTOR = 4  # collapse at most this many times a limit of raw preview text

_FAILURE_LABELS = {
    ErrorKind.UNSPECIFIED: "failed",
    ErrorKind.EXCEPTION: "exception",
    ErrorKind.TIMEOUT: "timeout",
    ErrorKind.EXECUTION_ERROR: "execution error",
}
_COMPARISONS: Mapping[str, Callable[[float, float], bool]] = types.MappingProxyType(
    {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
)
_SURROGATE = re.compile("[\ud800-\udfff]")
_ALERT_STATES = frozenset({"firing", "pending", "inactive"})


@dataclasses.dataclass(frozen=True)
class Finding:
    """A classifier's verdict on one call, before bounding.

    excerpt is verbatim text of the preview (see `quote`); note is the rule's
    own words: for a hit, how it read it (`ERROR payment-service: ...`).
    """

    outcome: Outcome
    excerpt: str = ""
    note: str = ""


class ToolCall:
    """An invocation with its preview parsed at most once."""

    def __init__(self, invocation: Invocation) -> None:
        self.invocation = invocation

    @property
    def preview(self) -> str:
        """The raw output preview."""
        return self.invocation.output_preview

    @functools.cached_property
    def payload(self) -> Optional[JsonPreview]:
        """The preview read as JSON (whole or cut), or None when it is not JSON."""
        return parse_json_preview(self.invocation.output_preview)

    @property
    def partial(self) -> bool:
        """Whether the preview is known to be cut (flagged, or JSON that had to be closed)."""
        payload = self.payload
        if payload is not None:
            return not payload.complete
        return self.invocation.output_truncated

    def param(self, *names: str) -> str:
        """The first non-blank string input parameter among names, stripped."""
        return first_text(self.invocation.input_params, *names)

    def payload_field(self, name: str) -> str:
        """A top-level string field of a JSON object payload, unless the cut reached it."""
        payload = self.payload
        if payload is None or not isinstance(payload.value, dict):
            return ""
        value = first_text(payload.value, name)
        return "" if not payload.complete and value.endswith(TRUNCATION_MARK) else value


@dataclasses.dataclass(frozen=True)
class ToolRule:
    """How one tool's calls are judged and which topic they are about."""

    judge: Callable[[ToolCall], Finding]
    topic: Callable[[ToolCall], str]


def classify(invocation: Invocation) -> Classification:
    """Classify one tool call as evidence (rules: docs/evidence-rules.md)."""
    call = ToolCall(invocation)
    rule = RULES.get(invocation.tool_name, GENERIC_RULE)
    finding = _gate(call) or rule.judge(call)
    return Classification(
        outcome=finding.outcome,
        topic_domain=topic_domain(call, rule),
        excerpt=cut(finding.excerpt, EXCERPT_LIMIT),
        note=bounded(finding.note, NOTE_LIMIT),
    )


def topic_domain(call: ToolCall, rule: ToolRule) -> str:
    """The agent's topic domain, else the tool's derived one, else "general"."""
    own = call.invocation.topic_domain.strip()
    if own:
        return own[:TOPIC_LIMIT]
    derived = " ".join(rule.topic(call).split())[:TOPIC_LIMIT]
    return derived or GENERAL_TOPIC


# -- text ---------------------------------------------------------------------


def bounded(text: str, limit: int) -> str:
    """text with whitespace runs collapsed, cut to at most limit characters.

    A cut text ends in "…" (counted in the limit). Lone surrogates, which a
    preview cut inside a JSON surrogate-pair escape can leave, become U+FFFD so
    the result always encodes as UTF-8.
    """
    flat = " ".join(text[: limit * _SCAN_FACTOR].split())
    if len(text) > limit * _SCAN_FACTOR and len(flat) <= limit:
        flat += TRUNCATION_MARK  # the scan window itself cut the text
    if len(flat) > limit:
        flat = flat[: limit - 1] + TRUNCATION_MARK
    return _SURROGATE.sub("\ufffd", flat[:limit])


def cut(text: str, limit: int) -> str:
    """text cut to at most limit characters, ending in "…" when cut; nothing else changes.

    Excerpts are verbatim: no character that is not in the evidence is added,
    except the "…" that marks where text was left out.
    """
    return text if len(text) <= limit else text[: limit - 1] + TRUNCATION_MARK


def quote(call: "ToolCall", path: JsonPath, focus: Optional[JsonPath] = None) -> str:
    """The preview's own text of the JSON value at path, bounded to EXCERPT_LIMIT.

    When that text is too long and a focus value inside it (a crossing sample)
    would be cut off, the excerpt is the value's start, "…", then the focus.
    A value that the preview's cut ends also ends in "…". "" when not visible.
    """
    preview = call.preview
    span = value_span(preview, path)
    if span is None:
        return ""
    start, end = span
    text = preview[start:end].rstrip()
    cut_by_preview = end >= len(preview) and call.partial
    if cut_by_preview:
        text += TRUNCATION_MARK
    if len(text) <= EXCERPT_LIMIT:
        return text
    inner = value_span(preview, focus) if focus is not None else None
    if inner is not None and inner[1] - start > EXCERPT_LIMIT - 1:
        shown = preview[inner[0]:inner[1]][: EXCERPT_LIMIT // 2]
        head = preview[start: start + EXCERPT_LIMIT - len(shown) - 2]
        return head + TRUNCATION_MARK + shown + TRUNCATION_MARK
    return cut(text, EXCERPT_LIMIT)


def _preview_excerpt(call: "ToolCall") -> str:
    """The whole preview as an excerpt (stripped; cut at the excerpt limit)."""
    return cut(call.preview[: EXCERPT_LIMIT * _SCAN_FACTOR].strip(), EXCERPT_LIMIT)


def first_line(text: str) -> str:
    """The first non-blank line of text, stripped."""
    for line in text[: NOTE_LIMIT * _SCAN_FACTOR].splitlines():
        if line.strip():
            return line.strip()
    return ""


def first_text(mapping: Any, *names: str) -> str:
    """The first non-blank string value of mapping among names, stripped."""
    if not isinstance(mapping, dict):
        return ""
    for name in names:
        value = mapping.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _quoted(text: str) -> str:
    """text in double quotes, bounded for use inside a note."""
    return f'"{bounded(text, _QUOTED_LIMIT)}"'


def _query_suffix(call: ToolCall) -> str:
    """' for query "..."' when the call has a query parameter, else ""."""
    query = call.param("query", "promql", "question")
    return f" for query {_quoted(query)}" if query else ""


# -- gates common to every tool -------------------------------------------------


def _gate(call: ToolCall) -> Optional[Finding]:
    """Rules 1-3: failed, deduplicated and output-less calls, whatever the tool."""
    invocation = call.invocation
    if invocation.success is False:
        return Finding(Outcome.FAILED, note=_failure_note(invocation))
    retrieval = invocation.retrieval
    if retrieval is not None and retrieval.dedup_reason.strip():
        return Finding(Outcome.DEDUPED, note=retrieval.dedup_reason.strip())
    if invocation.output_state == OutputState.EMPTY:
        return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))
    if not invocation.output_preview.strip():
        if invocation.output_state == OutputState.NOT_CAPTURED:
            return Finding(Outcome.NO_HIT, note="output not captured" + _query_suffix(call))
        return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))
    return None


def _failure_note(invocation: Invocation) -> str:
    """'<error kind>: <first line of the error message>'."""
    label = _FAILURE_LABELS.get(invocation.error_kind, "failed")
    message = first_line(invocation.error_message)
    return f"{label}: {message}" if message else f"{label} (no error message)"


# -- generic rule ----------------------------------------------------------------


def _judge_generic(call: ToolCall) -> Finding:
    """Unknown tools: the agent's evidence hint, else any output is indirect support."""
    hint = call.invocation.evidence_hint
    if hint == EvidenceHint.DIRECT:
        return Finding(Outcome.DIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    if hint == EvidenceHint.NO_HIT:
        return Finding(Outcome.NO_HIT, note="the agent marked the output as no hit" + _query_suffix(call))
    return _judge_unhinted(call)


def _judge_unhinted(call: ToolCall) -> Finding:
    """Any non-blank output is indirect support; none is no hit."""
    if call.preview.strip():
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))


def _generic_topic(call: ToolCall) -> str:
    """Unknown tools: input_params "topic"."""
    return call.param("topic")


# -- lookup_knowledge ------------------------------------------------------------


def _judge_knowledge(call: ToolCall) -> Finding:
    """lookup_knowledge: relevance and hit counts from the retrieval fields."""
    retrieval = call.invocation.retrieval or Retrieval()
    counted = retrieval.l0_count is not None or retrieval.l1_count is not None
    hits = (retrieval.l0_count or 0) + (retrieval.l1_count or 0) if counted else int(bool(call.preview.strip()))
    query = _quoted(normalized_query(call))
    if retrieval.relevance == RelevanceLevel.NONE:
        return Finding(Outcome.NO_HIT, note=f"retrieval found nothing relevant for {query}")
    if counted and hits == 0:
        return Finding(Outcome.NO_HIT, note=f"retrieval returned 0 hits for {query}")
    if retrieval.relevance == RelevanceLevel.HIGH:
        return Finding(Outcome.DIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    if retrieval.relevance in (RelevanceLevel.MEDIUM, RelevanceLevel.LOW) or counted:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    return _judge_unhinted(call)


def normalized_query(call: ToolCall) -> str:
    """input_params "query"/"question": lowercased, whitespace collapsed, at most 128 chars."""
    raw = call.param("query", "question")[: QUERY_TOPIC_LIMIT * _SCAN_FACTOR]
    return " ".join(raw.lower().split())[:QUERY_TOPIC_LIMIT].rstrip()


# -- query_logs ------------------------------------------------------------------


def _judge_logs(call: ToolCall) -> Finding:
    """query_logs: the Java tool's JSON payload, or plain log lines."""
    payload = call.payload
    if payload is None:
        return _judge_log_entries(call, [(None, e) for e in parse_log_lines(call.preview)], reported_total=0)
    body = payload.value
    prefix: JsonPath = ()
    if isinstance(body, dict):
        if body.get("success") is False and not _reports_nothing_found(body):
            message = first_line(_as_text(body.get("message")))
            return Finding(Outcome.FAILED, note=message or "log query reported success=false")
        entries, prefix = body.get("logs"), ("logs",)
        total = body.get("total")
        reported_total = total if isinstance(total, int) and not isinstance(total, bool) else 0
    else:
        entries, reported_total = body, 0
    parsed = [(prefix + (i,), _log_entry(item)) for i, item in enumerate(entries)] if isinstance(entries, list) else []
    return _judge_log_entries(call, [(path, e) for path, e in parsed if e is not None], reported_total)


#: Words of a payload message that say the search found nothing (the Java tool: "未找到匹配的日志").
_NOTHING_FOUND = ("未找到", "没有找到", "无匹配", "not found", "no log", "no matching", "nothing found", "no result",
                  "no entries")
#: Words of a payload message that say the search itself failed.
_FAILURE_WORDS = ("失败", "错误", "异常", "error", "exception", "fail", "denied", "forbidden", "timeout", "timed out",
                  "unavailable", "invalid")
_ERROR_FIELDS = ("error", "errors", "exception", "errorMessage", "error_message", "stackTrace", "stack_trace")


def _reports_nothing_found(body: dict[str, Any]) -> bool:
    """Whether a `"success": false` payload is the Java tool's completed search that found nothing.

    The tool sets success to "found any": an empty `logs` list, `total` 0 (or
    absent), no error field, and a message saying nothing was found (and
    nothing failed). Anything else with success false stays a failure.
    """
    if body.get("logs") != [] or body.get("total", 0) not in (0, None):
        return False
    if any(body.get(name) not in (None, "", [], {}) for name in _ERROR_FIELDS):
        return False
    message = _as_text(body.get("message")).lower()
    return any(w in message for w in _NOTHING_FOUND) and not any(w in message for w in _FAILURE_WORDS)


def _judge_log_entries(call: ToolCall, entries: list[tuple[Optional[JsonPath], LogLine]],
                       reported_total: int) -> Finding:
    """An error-level entry is direct support; any other entry indirect."""
    for path, entry in entries:
        if entry.is_error:
            return Finding(Outcome.DIRECT_SUPPORT, excerpt=_entry_excerpt(call, path, entry), note=entry.render())
    if entries:
        path, entry = entries[0]
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_entry_excerpt(call, path, entry), note=entry.render())
    if reported_total > 0:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call),
                       note=f"{reported_total} matching log entries reported, none shown")
    return Finding(Outcome.NO_HIT, note=_log_no_hit_note(call))


def _entry_excerpt(call: ToolCall, path: Optional[JsonPath], entry: LogLine) -> str:
    """The entry as written: its JSON value in the payload, or its plain line."""
    if path is not None:
        return quote(call, path)
    text = entry.raw
    if call.invocation.output_truncated and call.preview.rstrip().endswith(text):
        text += TRUNCATION_MARK  # the last line, which the preview's cut may have ended
    return cut(text, EXCERPT_LIMIT)


def _log_no_hit_note(call: ToolCall) -> str:
    """Names the query and log topic that found nothing (and the tool's own message)."""
    query = call.param("query") or call.payload_field("query")
    topic = _log_topic(call)
    where = (f" for query {_quoted(query)}" if query else "") + (f" in log topic {_quoted(topic)}" if topic else "")
    if call.partial:
        return "preview cut before any log entry" + where
    message = call.payload_field("message")
    return "no log entries" + where + (f" ({bounded(message, _QUOTED_LIMIT)})" if message else "")


def _log_entry(item: Any) -> Optional[LogLine]:
    """One entry of a JSON "logs" list; None when it carries nothing."""
    if isinstance(item, str):
        return parse_log_line(item)
    if not isinstance(item, dict) or not item:
        return None
    return LogLine(
        timestamp=_as_text(item.get("timestamp", item.get("time", item.get("@timestamp")))),
        level=_as_text(item.get("level", item.get("severity"))).upper(),
        service=_as_text(item.get("service")),
        message=_as_text(item.get("message", item.get("msg"))),
    )


def _log_topic(call: ToolCall) -> str:
    """input_params "logTopic"/"log_topic"/"topic", else the payload's "logTopic" or "log_topic"."""
    return (call.param("logTopic", "log_topic", "topic") or call.payload_field("logTopic")
            or call.payload_field("log_topic"))


# -- query_metrics ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Series:
    """One Prometheus series: its labels, (timestamp, raw value) samples, and where each is written."""

    labels: dict[str, Any]
    samples: list[tuple[Any, Any]]
    path: JsonPath = ()
    sample_paths: tuple[JsonPath, ...] = ()

    def render(self, sample: tuple[Any, Any]) -> str:
        """'name{label="v",...} = value at time'."""
        labels = dict(self.labels)
        name = _as_text(labels.pop("__name__", ""))
        return f"{name}{_render_labels(labels)} = {_as_text(sample[1])} at {_render_time(sample[0])}"

    def quote(self, call: "ToolCall", sample_index: Optional[int] = None) -> str:
        """The series as written in the payload, showing the given sample if the excerpt must be cut."""
        focus = self.sample_paths[sample_index] if sample_index is not None and self.sample_paths else None
        return quote(call, self.path, focus)


def _judge_metrics(call: ToolCall) -> Finding:
    """query_metrics: Prometheus /api/v1/query(_range) and /api/v1/alerts responses."""
    payload = call.payload
    if payload is None or not isinstance(payload.value, dict):
        return _judge_unhinted(call)
    body = payload.value
    if body.get("status") == "error":
        kind, error = first_text(body, "errorType"), first_line(_as_text(body.get("error")))
        return Finding(Outcome.FAILED, note=": ".join(part for part in (kind, error) if part) or "Prometheus error")
    data = body.get("data")
    if isinstance(data, dict) and isinstance(data.get("alerts"), list):
        return _judge_alerts(call, [(("data", "alerts", i), alert) for i, alert in enumerate(data["alerts"])
                                    if isinstance(alert, dict) and alert])
    if isinstance(data, dict) and "result" in data:
        return _judge_series(call, _series_of(data.get("resultType"), data.get("result")))
    if payload.complete and body:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    prefix = "returned no series or alerts" if payload.complete else "preview cut before any series or alert"
    return Finding(Outcome.NO_HIT, note=prefix + _query_suffix(call))


def _judge_alerts(call: ToolCall, located: list[tuple[JsonPath, dict[str, Any]]]) -> Finding:
    """A firing alert is direct support, a pending one indirect; none is no hit."""
    alerts = [alert for _, alert in located]
    states = [_as_text(alert.get("state")).lower() for alert in alerts]
    for wanted, outcome in (("firing", Outcome.DIRECT_SUPPORT), ("pending", Outcome.INDIRECT_SUPPORT)):
        if wanted in states:
            path, alert = located[states.index(wanted)]
            return Finding(outcome, excerpt=quote(call, path), note=_render_alert(wanted, alert))
    if call.partial and alerts and states[-1] not in _ALERT_STATES:
        # Only the last alert can be cut; what is visible of it is content.
        path, alert = located[-1]
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=quote(call, path),
                       note="alert cut before its state: " + _render_alert("", alert))
    alertname = call.param("alertname", "alert_name")
    where = f" named {_quoted(alertname)}" if alertname else ""
    prefix = "preview cut before any firing or pending alert" if call.partial else "no firing or pending alerts"
    return Finding(Outcome.NO_HIT, note=prefix + where)


def _render_alert(state: str, alert: dict[str, Any]) -> str:
    """'firing alert Name severity=critical {labels} since t: summary'."""
    labels: dict[str, Any] = alert["labels"] if isinstance(alert.get("labels"), dict) else {}
    rest = {key: value for key, value in labels.items() if key not in ("alertname", "severity")}
    parts = [f"{state} alert" if state else "alert", _as_text(labels.get("alertname"))]
    if labels.get("severity"):
        parts.append(f"severity={_as_text(labels['severity'])}")
    if rest:
        parts.append(_render_labels(rest))
    if alert.get("activeAt"):
        parts.append(f"since {_as_text(alert['activeAt'])}")
    summary = first_text(alert.get("annotations"), "summary", "description", "message")
    head = " ".join(part for part in parts if part)
    return f"{head}: {summary}" if summary else head


def _series_of(result_type: Any, result: Any) -> list[_Series]:
    """The series of a vector, matrix or scalar result; cut or empty ones are skipped."""
    base: JsonPath = ("data", "result")
    if result_type in ("scalar", "string"):
        return [_Series({}, [(result[0], result[1])], base, (base,))] if _is_sample(result) else []
    series = []
    for i, item in enumerate(result if isinstance(result, list) else []):
        if not isinstance(item, dict):
            continue
        labels: dict[str, Any] = item["metric"] if isinstance(item.get("metric"), dict) else {}
        if "value" in item:
            raw, paths = [item["value"]], [base + (i, "value")]
        else:
            values = item.get("values")
            raw = values if isinstance(values, list) else []
            paths = [base + (i, "values", j) for j in range(len(raw))]
        kept = [(s, p) for s, p in zip(raw, paths) if _is_sample(s)]
        samples = [(s[0], s[1]) for s, _ in kept]
        if labels or samples:
            series.append(_Series(labels, samples, base + (i,), tuple(p for _, p in kept)))
    return series


def _is_sample(sample: Any) -> bool:
    """Whether sample is a [timestamp, value] pair."""
    return isinstance(sample, list) and len(sample) == 2


def _judge_series(call: ToolCall, series: list[_Series]) -> Finding:
    """A sample beyond the threshold is direct support; any series indirect."""
    if not series:
        prefix = "preview cut before any series" if call.partial else "returned no series"
        query = call.param("query", "promql")
        return Finding(Outcome.NO_HIT, note=prefix + (f" for PromQL query {_quoted(query)}" if query else ""))
    threshold = _threshold(call)
    if threshold is not None:
        symbol, limit = threshold
        crosses = _COMPARISONS[symbol]
        for one in series:
            for index, sample in enumerate(one.samples):
                value = _number(sample[1])
                if value is not None and crosses(value, limit):
                    return Finding(Outcome.DIRECT_SUPPORT, excerpt=one.quote(call, index),
                                   note=f"{one.render(sample)} (threshold {symbol} {limit:g})")
    first = series[0]
    if not first.samples:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=first.quote(call),
                       note=f"series {_render_labels(first.labels)} (samples cut off)")
    condition = f"threshold {threshold[0]} {threshold[1]:g} not crossed" if threshold else "no threshold given"
    return Finding(Outcome.INDIRECT_SUPPORT, excerpt=first.quote(call, len(first.samples) - 1),
                   note=f"{first.render(first.samples[-1])} ({condition})")


def _threshold(call: ToolCall) -> Optional[tuple[str, float]]:
    """input_params "threshold" (a number or numeric string) and "comparison" (default ">")."""
    params = call.invocation.input_params
    limit = _number(params.get("threshold"))
    if limit is None or math.isnan(limit):
        return None
    symbol = _as_text(params.get("comparison")).strip()
    return (symbol if symbol in _COMPARISONS else ">"), limit


def _number(raw: Any) -> Optional[float]:
    """raw as a float when it is a number or a numeric string, else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        return float(raw)
    if isinstance(raw, str) and len(raw) <= 64:
        try:
            return float(raw)
        except ValueError:
            return None
    return None


def _render_labels(labels: Mapping[str, Any]) -> str:
    """'{k="v",...}' in the payload's order, or "" for no labels."""
    if not labels:
        return ""
    return "{" + ",".join(f'{key}="{_as_text(value)}"' for key, value in labels.items()) + "}"


def _render_time(raw: Any) -> str:
    """A Prometheus unix timestamp as ISO 8601 UTC; other values as given."""
    seconds = _number(raw)
    if seconds is None:
        return _as_text(raw)
    try:
        moment = dt.datetime.fromtimestamp(seconds, tz=dt.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return _as_text(raw)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def _metrics_topic(call: ToolCall) -> str:
    """alertname (input_params, else payload), else the PromQL metric name, else "service"."""
    return (
        call.param("alertname", "alert_name")
        or _payload_alertname(call)
        or promql_metric_name(call.param("query", "promql"))
        or call.param("service")
    )


def _payload_alertname(call: ToolCall) -> str:
    """The alertname of the first firing alert in the payload, else of the first alert."""
    payload = call.payload
    data = payload.value.get("data") if payload is not None and isinstance(payload.value, dict) else None
    alerts = list(iter_dicts(data.get("alerts"))) if isinstance(data, dict) else []
    ordered = [a for a in alerts if a.get("state") == "firing"] + alerts
    for alert in ordered:
        name = first_text(alert.get("labels"), "alertname")
        if name and not name.endswith(TRUNCATION_MARK):
            return name
    return ""


_PROMQL_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`'  # string literals
    r"|\{[^{}]*\}|\[[^\[\]]*\]"  # label matchers, range and subquery selectors
    r"|[A-Za-z_:][A-Za-z0-9_:]*|\d[\w.]*|\S"
)
_PROMQL_IDENTIFIER = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")
_PROMQL_GROUPING = frozenset({"by", "without", "on", "ignoring", "group_left", "group_right"})
_PROMQL_KEYWORDS = frozenset(
    {
        "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values",
        "bottomk", "topk", "quantile", "limitk", "limit_ratio", "bool", "and", "or",
        "unless", "offset", "atan2", "inf", "nan",
    }
) | _PROMQL_GROUPING
_PROMQL_LIMIT = 2048


def promql_metric_name(query: str) -> str:
    """The first metric name of a PromQL query, skipping functions, aggregations
    and grouping labels: 'sum by (le) (rate(http_seconds_bucket[5m]))' gives
    'http_seconds_bucket'. "" when there is none."""
    tokens = _PROMQL_TOKEN.findall(query[:_PROMQL_LIMIT])
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token.lower() in _PROMQL_GROUPING and following == "(":
            index = _after_group(tokens, index + 1)
            continue
        if _PROMQL_IDENTIFIER.fullmatch(token) and following != "(" and token.lower() not in _PROMQL_KEYWORDS:
            return token
        index += 1
    return ""


def _after_group(tokens: list[str], open_index: int) -> int:
    """The index after the ")" matching the "(" at open_index."""
    depth = 0
    for index in range(open_index, len(tokens)):
        depth += {"(": 1, ")": -1}.get(tokens[index], 0)
        if depth == 0:
            return index + 1
    return len(tokens)


def _as_text(value: Any) -> str:
    """A JSON scalar as text ("" for None, containers as compact repr)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


RULES: Mapping[str, ToolRule] = types.MappingProxyType(
    {
        "lookup_knowledge": ToolRule(judge=_judge_knowledge, topic=normalized_query),
        "query_logs": ToolRule(judge=_judge_logs, topic=_log_topic),
        "query_metrics": ToolRule(judge=_judge_metrics, topic=_metrics_topic),
    }
)
"""The built-in classifier of each known tool. Known tools ignore evidence hints."""

GENERIC_RULE = ToolRule(judge=_judge_generic, topic=_generic_topic)
"""The rule for every tool not in RULES."""
