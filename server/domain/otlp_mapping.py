"""OpenTelemetry GenAI spans (and OpenInference / OpenLLMetry / Spring AI ones) -> invocations and agent steps
(docs/otlp.md).

Pure: the transport converts each OTLP span to a `Span` of plain Python
values (attributes as str, bool, int, float, list or dict) and this module
decides what it becomes, following the OpenTelemetry GenAI semantic
conventions (`gen_ai.operation.name`):

- `execute_tool` -> an `Invocation` (a tool call, evidence);
- `chat`, `generate_content`, `text_completion` -> an `AgentStep` of kind MODEL_STEP;
- `invoke_agent`, `create_agent` -> an `AgentStep` of kind HELPER_CALL;
- anything else -> `Ignored` (counted, never stored).

Spring AI's observations already carry `gen_ai.operation.name` (`execute_tool`
for `spring.ai.tool`, `chat` for `gen_ai.client.operation`); their own
attributes name the tool, the call and its content (`spring.ai.tool.*`), and
the conversation id is on the enclosing chat client span only
(`spring.ai.chat.client.conversation.id`): `trace_sessions` lends a trace's
session to the spans of that trace, in the same export, that have none.

A span whose attributes cannot be read under our contract (a retrieval count
that is not an integer, an unknown relevance level) becomes `Unmappable` with
the violations; everything else is validated by the recorder, like any row.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from typing import Any, Iterable, Mapping, Optional, Union

from evidence_trace.server.domain.errors import Violation
from evidence_trace.server.domain.model import (
    AgentStep,
    ErrorKind,
    EvidenceHint,
    Invocation,
    OutputState,
    RelevanceLevel,
    Retrieval,
    StepKind,
)
from evidence_trace.server.domain.validation import ID_PATTERN

TOOL_OPERATIONS = frozenset({"execute_tool"})
MODEL_OPERATIONS = frozenset({"chat", "generate_content", "text_completion"})
AGENT_OPERATIONS = frozenset({"invoke_agent", "create_agent"})

#: Span name prefix of tool spans from instrumentations that predate `gen_ai.operation.name` on every span.
TOOL_SPAN_PREFIX = "execute_tool "

#: Span kinds of the two instrumentation families LangChain and LlamaIndex are
#: traced with, as GenAI operations: OpenInference (`openinference.span.kind`)
#: and OpenLLMetry (`traceloop.span.kind`). Read only when a span has no
#: `gen_ai.operation.name`.
OPENINFERENCE_KINDS = {"TOOL": "execute_tool", "LLM": "chat", "AGENT": "invoke_agent"}
TRACELOOP_KINDS = {"tool": "execute_tool", "agent": "invoke_agent"}
#: OpenLLMetry's model spans: `llm.request.type`.
TRACELOOP_REQUEST_TYPES = {"chat": "chat", "completion": "text_completion"}

#: Where each tool-call field is read, first match wins: the GenAI conventions,
#: then OpenInference, then OpenLLMetry, then Spring AI (ToolCallingObservationDocumentation;
#: arguments and result only with spring.ai.tools.observations.include-content=true).
TOOL_NAME_KEYS = ("gen_ai.tool.name", "tool.name", "traceloop.entity.name", "spring.ai.tool.definition.name")
TOOL_CALL_ID_KEYS = ("gen_ai.tool.call.id", "tool_call.id", "tool.call.id", "spring.ai.tool.call.id")
ARGUMENTS_KEYS = (
    "gen_ai.tool.call.arguments",
    "input.value",
    "traceloop.entity.input",
    "spring.ai.tool.call.arguments",
)
RESULT_KEYS = ("gen_ai.tool.call.result", "output.value", "traceloop.entity.output", "spring.ai.tool.call.result")
MODEL_KEYS = ("gen_ai.request.model", "gen_ai.response.model", "llm.model_name", "llm.request.model")
#: The session, after `gen_ai.conversation.id` and the configured attribute:
#: the general `session.id` (also OpenInference's), on the span, then the resource.
SESSION_KEY = "session.id"
#: Spring AI's ChatClient observation (`spring.ai.chat.client`): the ChatMemory conversation id.
SPRING_AI_CONVERSATION_KEY = "spring.ai.chat.client.conversation.id"

#: The documented evidence_trace.* attributes (docs/otlp.md).
LAYER = "evidence_trace.retrieval.layer"
L0_COUNT = "evidence_trace.retrieval.l0_count"
L1_COUNT = "evidence_trace.retrieval.l1_count"
RELEVANCE = "evidence_trace.retrieval.relevance_level"
DEDUP_REASON = "evidence_trace.retrieval.dedup_reason"
TOPIC_DOMAIN = "evidence_trace.topic_domain"
EVIDENCE_HINT = "evidence_trace.evidence_hint"

_TIMEOUT = re.compile(r"timeout|timed out|deadline", re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class SpanEvent:
    name: str
    attributes: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Span:
    """One OTLP span as plain values; ids in lowercase hex."""

    trace_id: str
    span_id: str
    name: str
    start_ns: int = 0
    end_ns: int = 0
    attributes: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    resource: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    status_error: bool = False
    status_message: str = ""
    events: tuple[SpanEvent, ...] = ()


@dataclasses.dataclass(frozen=True)
class Ignored:
    """A span that is neither a tool call, a model call nor an agent call."""

    operation: str


@dataclasses.dataclass(frozen=True)
class Unmappable:
    """A span whose attributes break the contract before any row is built."""

    violations: tuple[Violation, ...]


Mapped = Union[Invocation, AgentStep, Ignored, Unmappable]


def operation_of(span: Span) -> str:
    """`gen_ai.operation.name`, or `execute_tool` for an older tool span named `execute_tool NAME`."""
    a = span.attributes
    operation = a.get("gen_ai.operation.name")
    if isinstance(operation, str) and operation:
        return operation
    if (kind := str(a.get("openinference.span.kind", "")).upper()) in OPENINFERENCE_KINDS:
        return OPENINFERENCE_KINDS[kind]
    if (kind := str(a.get("traceloop.span.kind", "")).lower()) in TRACELOOP_KINDS:
        return TRACELOOP_KINDS[kind]
    if (kind := str(a.get("llm.request.type", "")).lower()) in TRACELOOP_REQUEST_TYPES:
        return TRACELOOP_REQUEST_TYPES[kind]
    if span.name.startswith(TOOL_SPAN_PREFIX):
        return "execute_tool"
    return ""


def map_span(span: Span, session_attribute: str = "", trace_session: str = "") -> Mapped:
    """What one span becomes; `session_attribute` is the fallback session id attribute (span, then resource),
    `trace_session` the session of its trace when the span names none (`trace_sessions`)."""
    operation = operation_of(span)
    session = session_of(span, session_attribute) or trace_session or span.trace_id
    if operation in TOOL_OPERATIONS:
        return _invocation(span, session)
    if operation in MODEL_OPERATIONS:
        name = _first_text(span.attributes, MODEL_KEYS)
        return _step(span, session, StepKind.MODEL_STEP, name, operation)
    if operation in AGENT_OPERATIONS:
        return _step(span, session, StepKind.HELPER_CALL, _text(span.attributes, "gen_ai.agent.name"), operation)
    return Ignored(operation)


def trace_sessions(spans: Iterable[Span], session_attribute: str = "") -> dict[str, str]:
    """trace id -> the first session a span of that trace names (Spring AI's chat client span, an agent span...),
    lent to the spans of the trace that name none."""
    found: dict[str, str] = {}
    for span in spans:
        if span.trace_id not in found and (session := session_of(span, session_attribute)):
            found[span.trace_id] = session
    return found


def span_key(span: Span) -> str:
    """The id made of the trace and span ids: `TRACE:SPAN` in hex (49 characters)."""
    return f"{span.trace_id}:{span.span_id}"


def session_of(span: Span, session_attribute: str = "") -> str:
    """The session a span names: `gen_ai.conversation.id`, else Spring AI's conversation id, else the configured
    attribute (span, then resource), else `session.id` (span, then resource); "" when it names none."""
    for value in (
        span.attributes.get("gen_ai.conversation.id"),
        span.attributes.get(SPRING_AI_CONVERSATION_KEY),
        span.attributes.get(session_attribute) if session_attribute else None,
        span.resource.get(session_attribute) if session_attribute else None,
        span.attributes.get(SESSION_KEY),
        span.resource.get(SESSION_KEY),
    ):
        if value is not None and str(value):
            return str(value)
    return ""


def _text(attributes: Mapping[str, Any], key: str) -> str:
    value = attributes.get(key)
    return "" if value is None else str(value)


def _first_text(attributes: Mapping[str, Any], keys: tuple[str, ...]) -> str:
    return next((text for key in keys if (text := _text(attributes, key))), "")


def _first(attributes: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    """The first of `keys` the span has (None when it has none of them)."""
    return next((attributes[key] for key in keys if key in attributes), None)


def _start(span: Span) -> Optional[dt.datetime]:
    if span.start_ns <= 0:
        return None
    return dt.datetime.fromtimestamp(span.start_ns // 1000 / 1e6, dt.timezone.utc)


def _duration_ms(span: Span) -> int:
    if span.start_ns <= 0 or span.end_ns <= 0:
        return 0
    return round((span.end_ns - span.start_ns) / 1e6)


@dataclasses.dataclass(frozen=True)
class _Failure:
    message: str
    kind: ErrorKind


def _failure(span: Span) -> Optional[_Failure]:
    """The failure a span reports: status ERROR, `error.type` or an `exception` event; None when it succeeded."""
    error_type = _text(span.attributes, "error.type")
    exception = next((e for e in span.events if e.name == "exception"), None)
    if not span.status_error and not error_type and exception is None:
        return None
    exc_type = _text(exception.attributes, "exception.type") if exception else ""
    exc_message = _text(exception.attributes, "exception.message") if exception else ""
    message = span.status_message or exc_message or exc_type or error_type or "the span's status is ERROR"
    if exc_type and exc_type not in message:
        message = f"{exc_type}: {message}"
    if any(_TIMEOUT.search(text) for text in (error_type, exc_type, exc_message, span.status_message) if text):
        kind = ErrorKind.TIMEOUT
    elif exception is not None:
        kind = ErrorKind.EXCEPTION
    else:
        kind = ErrorKind.EXECUTION_ERROR
    return _Failure(message, kind)


def _json_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def input_params(arguments: Any) -> dict[str, Any]:
    """`gen_ai.tool.call.arguments` as an object: JSON text parsed; anything else under "arguments"."""
    if arguments is None:
        return {}
    if isinstance(arguments, dict):
        return arguments
    if isinstance(arguments, str):
        try:
            parsed = json.loads(arguments)
        except ValueError:
            return {"arguments": arguments}
        return parsed if isinstance(parsed, dict) else {"arguments": parsed}
    return {"arguments": arguments}


def _invocation(span: Span, session: str) -> Mapped:
    a = span.attributes
    tool_name = _first_text(a, TOOL_NAME_KEYS)
    if not tool_name and span.name.startswith(TOOL_SPAN_PREFIX):
        tool_name = span.name[len(TOOL_SPAN_PREFIX) :].strip()
    call_id = _first_text(a, TOOL_CALL_ID_KEYS)
    retrieval, violations = _retrieval(a)
    hint = EvidenceHint.UNSPECIFIED
    if EVIDENCE_HINT in a:
        hint = _enum(EvidenceHint, a[EVIDENCE_HINT], "EVIDENCE_HINT_")
        if hint is None:
            violations.append(Violation(EVIDENCE_HINT, "must be direct, indirect or no_hit"))
    if violations:
        return Unmappable(tuple(violations))
    result = _first(a, RESULT_KEYS)
    preview = "" if result is None else _json_text(result)
    if result is None:
        state = OutputState.NOT_CAPTURED
    else:
        state = OutputState.CAPTURED if preview else OutputState.EMPTY
    failure = _failure(span)
    return Invocation(
        invocation_id=call_id if ID_PATTERN.fullmatch(call_id) else span_key(span),
        session_id=session,
        tool_name=tool_name,
        input_params=input_params(_first(a, ARGUMENTS_KEYS)),
        start_time=_start(span),
        duration_ms=_duration_ms(span),
        success=failure is None,
        output_state=state,
        output_preview=preview,
        error_message=failure.message if failure else "",
        error_kind=failure.kind if failure else ErrorKind.UNSPECIFIED,
        retrieval=retrieval,
        topic_domain=_text(a, TOPIC_DOMAIN),
        evidence_hint=hint,
    )


def _enum(kind: Any, value: Any, prefix: str) -> Any:
    """An enum member from its name (any case, with or without its proto prefix) or number; None if unknown."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return kind(value) if value in kind._value2member_map_ and value != 0 else None
    name = str(value).strip().upper().removeprefix(prefix)
    member = kind.__members__.get(name)
    return None if member is None or member.value == 0 else member


def _count(a: Mapping[str, Any], key: str, violations: list[Violation]) -> Optional[int]:
    value = a.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().lstrip("-").isdigit():
        violations.append(Violation(key, "must be an integer"))
        return None
    return int(value)


def _retrieval(a: Mapping[str, Any]) -> tuple[Optional[Retrieval], list[Violation]]:
    violations: list[Violation] = []
    if not any(key in a for key in (LAYER, L0_COUNT, L1_COUNT, RELEVANCE, DEDUP_REASON)):
        return None, violations
    relevance = RelevanceLevel.UNSPECIFIED
    if RELEVANCE in a:
        relevance = _enum(RelevanceLevel, a[RELEVANCE], "RELEVANCE_LEVEL_")
        if relevance is None:
            violations.append(Violation(RELEVANCE, "must be none, low, medium or high"))
            relevance = RelevanceLevel.UNSPECIFIED
    retrieval = Retrieval(
        layer=_text(a, LAYER),
        l0_count=_count(a, L0_COUNT, violations),
        l1_count=_count(a, L1_COUNT, violations),
        relevance=relevance,
        dedup_reason=_text(a, DEDUP_REASON),
    )
    return retrieval, violations


def _step(span: Span, session: str, kind: StepKind, name: str, operation: str) -> AgentStep:
    failure = _failure(span)
    return AgentStep(
        step_id=span_key(span),
        session_id=session,
        kind=kind,
        name=name or span.name or operation,
        start_time=_start(span),
        duration_ms=_duration_ms(span),
        detail=_step_detail(span.attributes, operation),
        success=failure is None,
        error_message=failure.message if failure else "",
    )


def _step_detail(a: Mapping[str, Any], operation: str) -> str:
    """The operation, and token usage when reported."""
    parts = [operation]
    for key, label in (("gen_ai.usage.input_tokens", "input_tokens"), ("gen_ai.usage.output_tokens", "output_tokens")):
        if a.get(key) is not None:
            parts.append(f"{label}={a[key]}")
    return " ".join(parts)
