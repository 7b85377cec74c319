"""The query_logs rule: the Java tool's JSON payload or plain log lines; an error-level entry is a hit."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from evidence_trace.server.domain.classifier.call import Finding, ToolCall, _preview_excerpt, quote
from evidence_trace.server.domain.classifier.generic import _judge_unhinted
from evidence_trace.server.domain.classifier.text import (
    _QUOTED_LIMIT,
    EXCERPT_LIMIT,
    _as_text,
    _quoted,
    bounded,
    cut,
    first_line,
)
from evidence_trace.server.domain.formats.fields import MESSAGE_FIELDS, TIME_FIELDS, level_of, subject_of, text_of
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.payloads import TRUNCATION_MARK, JsonPath, LogLine, parse_log_line, parse_log_lines


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
    if not isinstance(entries, list):
        if call.format.id not in ("generic_json", "java_query_logs"):
            # Another log store's response (Elasticsearch hits, Loki streams, ...): its format reads it.
            return _judge_unhinted(call)
        return _judge_log_entries(call, (), reported_total)
    # Entries are read one at a time, up to the first error-level one.
    read = ((prefix + (i,), _log_entry(item)) for i, item in enumerate(entries))
    return _judge_log_entries(call, ((path, e) for path, e in read if e is not None), reported_total)


#: Words of a payload message that say the search found nothing (the Java tool: "未找到匹配的日志").
_NOTHING_FOUND = (
    "未找到",
    "没有找到",
    "无匹配",
    "not found",
    "no log",
    "no matching",
    "nothing found",
    "no result",
    "no entries",
)
#: Words of a payload message that say the search itself failed.
_FAILURE_WORDS = (
    "失败",
    "错误",
    "异常",
    "error",
    "exception",
    "fail",
    "denied",
    "forbidden",
    "timeout",
    "timed out",
    "unavailable",
    "invalid",
)
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


def _judge_log_entries(
    call: ToolCall, entries: Iterable[tuple[Optional[JsonPath], LogLine]], reported_total: int
) -> Finding:
    """An error-level entry is direct support (the first one); any other entry indirect (the first one)."""
    first: Optional[tuple[Optional[JsonPath], LogLine]] = None
    for path, entry in entries:
        if entry.is_error:
            return Finding(Outcome.DIRECT_SUPPORT, excerpt=_entry_excerpt(call, path, entry), note=entry.render())
        if first is None:
            first = path, entry
    if first is not None:
        path, entry = first
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_entry_excerpt(call, path, entry), note=entry.render())
    if reported_total > 0:
        return Finding(
            Outcome.INDIRECT_SUPPORT,
            excerpt=_preview_excerpt(call),
            note=f"{reported_total} matching log entries reported, none shown",
        )
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
        timestamp=text_of(item, TIME_FIELDS),
        level=level_of(item),
        service=subject_of(item),
        message=text_of(item, MESSAGE_FIELDS),
    )


def _log_topic(call: ToolCall) -> str:
    """input_params "logTopic"/"log_topic"/"topic", else the payload's "logTopic" or "log_topic"."""
    return (
        call.param("logTopic", "log_topic", "topic")
        or call.payload_field("logTopic")
        or call.payload_field("log_topic")
    )
