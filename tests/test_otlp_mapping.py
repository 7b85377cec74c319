"""The pure OTLP GenAI mapping: spans of plain values -> invocations, steps, ignored or unmappable."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_trace.server.domain.model import (
    AgentStep,
    ErrorKind,
    EvidenceHint,
    Invocation,
    OutputState,
    RelevanceLevel,
    StepKind,
)
from evidence_trace.server.domain.otlp_mapping import (
    Ignored,
    Span,
    SpanEvent,
    Unmappable,
    input_params,
    map_span,
    trace_sessions,
)
from evidence_trace.server.domain.validation import ID_PATTERN, Limits, validate_invocation, validate_step

TRACE, SPAN = "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331"
START = 1_764_496_800_000_000_000  # 2025-11-30T10:00:00Z


def span(attributes=None, **fields) -> Span:
    base = dict(
        trace_id=TRACE, span_id=SPAN, name="execute_tool query_logs", start_ns=START, end_ns=START + 250_000_000
    )
    base.update(fields)
    return Span(attributes=attributes or {}, **base)


def tool(**attributes) -> dict:
    return {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "query_logs", **attributes}


def test_a_successful_tool_span_is_an_invocation():
    inv = map_span(
        span(
            tool(
                **{
                    "gen_ai.tool.call.id": "call_abc123",
                    "gen_ai.conversation.id": "conv-1",
                    "gen_ai.tool.call.arguments": '{"query": "level:ERROR"}',
                    "gen_ai.tool.call.result": "1 ERROR line",
                }
            )
        )
    )
    assert isinstance(inv, Invocation)
    assert (inv.invocation_id, inv.session_id, inv.tool_name) == ("call_abc123", "conv-1", "query_logs")
    assert inv.input_params == {"query": "level:ERROR"}
    assert (inv.success, inv.output_state, inv.output_preview) == (True, OutputState.CAPTURED, "1 ERROR line")
    assert inv.start_time == dt.datetime(2025, 11, 30, 10, tzinfo=dt.timezone.utc)
    assert inv.duration_ms == 250
    assert validate_invocation(inv, Limits()) == []


def test_ids_fall_back_to_the_trace_and_span():
    inv = map_span(span(tool(**{"gen_ai.tool.call.id": "has spaces/slashes"})))
    assert isinstance(inv, Invocation)
    assert inv.invocation_id == f"{TRACE}:{SPAN}" and ID_PATTERN.fullmatch(inv.invocation_id)
    assert inv.session_id == TRACE


def test_the_configured_session_attribute_is_read_from_the_span_then_the_resource():
    assert map_span(span(tool(**{"app.session": "s-span"})), "app.session").session_id == "s-span"  # type: ignore[union-attr]
    from_resource = map_span(span(tool(), resource={"app.session": "s-res"}), "app.session")
    assert from_resource.session_id == "s-res"  # type: ignore[union-attr]
    assert map_span(span(tool(), resource={"app.session": "s-res"})).session_id == TRACE  # type: ignore[union-attr]


def test_a_missing_result_is_not_captured_and_an_empty_one_is_empty():
    missing = map_span(span(tool()))
    assert (missing.success, missing.output_state) == (True, OutputState.NOT_CAPTURED)  # type: ignore[union-attr]
    empty = map_span(span(tool(**{"gen_ai.tool.call.result": ""})))
    assert empty.output_state == OutputState.EMPTY  # type: ignore[union-attr]
    structured = map_span(span(tool(**{"gen_ai.tool.call.result": {"hits": 0}})))
    assert structured.output_preview == '{"hits":0}'  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "arguments, params",
    [
        ('{"a": 1}', {"a": 1}),
        ("[1, 2]", {"arguments": [1, 2]}),
        ("not json", {"arguments": "not json"}),
        ({"a": [1]}, {"a": [1]}),
        (None, {}),
    ],
)
def test_arguments_become_an_object(arguments, params):
    assert input_params(arguments) == params


def test_a_timeout_exception_is_a_timeout_failure():
    inv = map_span(
        span(
            tool(),
            status_error=True,
            status_message="TimeoutError: backend did not answer",
            events=(
                SpanEvent(
                    "exception", {"exception.type": "TimeoutError", "exception.message": "backend did not answer"}
                ),
            ),
        )
    )
    assert isinstance(inv, Invocation)
    assert (inv.success, inv.error_kind) == (False, ErrorKind.TIMEOUT)
    assert inv.error_message == "TimeoutError: backend did not answer"
    assert inv.output_state == OutputState.NOT_CAPTURED
    assert validate_invocation(inv, Limits()) == []


@pytest.mark.parametrize(
    "fields, kind, message",
    [
        (
            dict(events=(SpanEvent("exception", {"exception.type": "KeyError", "exception.message": "'x'"}),)),
            ErrorKind.EXCEPTION,
            "KeyError: 'x'",
        ),
        (dict(attributes=tool(**{"error.type": "500"})), ErrorKind.EXECUTION_ERROR, "500"),
        (dict(attributes=tool(**{"error.type": "deadline_exceeded"})), ErrorKind.TIMEOUT, "deadline_exceeded"),
        (dict(status_error=True), ErrorKind.EXECUTION_ERROR, "the span's status is ERROR"),
    ],
)
def test_failures_from_status_error_type_and_exception_events(fields, kind, message):
    inv = map_span(span(**{"attributes": tool(), **fields}))
    assert isinstance(inv, Invocation)
    assert (inv.success, inv.error_kind, inv.error_message) == (False, kind, message)


def test_retrieval_attributes():
    inv = map_span(
        span(
            tool(
                **{
                    "gen_ai.tool.name": "lookup_knowledge",
                    "evidence_trace.retrieval.layer": "L1",
                    "evidence_trace.retrieval.l0_count": 3,
                    "evidence_trace.retrieval.l1_count": "0",
                    "evidence_trace.retrieval.relevance_level": "RELEVANCE_LEVEL_HIGH",
                    "evidence_trace.retrieval.dedup_reason": "seen",
                    "evidence_trace.topic_domain": "payments",
                    "evidence_trace.evidence_hint": "direct",
                }
            )
        )
    )
    assert isinstance(inv, Invocation) and inv.retrieval is not None
    r = inv.retrieval
    assert (r.layer, r.l0_count, r.l1_count, r.relevance, r.dedup_reason) == ("L1", 3, 0, RelevanceLevel.HIGH, "seen")
    assert (inv.topic_domain, inv.evidence_hint) == ("payments", EvidenceHint.DIRECT)
    assert map_span(span(tool())).retrieval is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "attributes, field",
    [
        ({"evidence_trace.retrieval.l0_count": "many"}, "evidence_trace.retrieval.l0_count"),
        ({"evidence_trace.retrieval.l1_count": 1.5}, "evidence_trace.retrieval.l1_count"),
        ({"evidence_trace.retrieval.relevance_level": "extreme"}, "evidence_trace.retrieval.relevance_level"),
        ({"evidence_trace.evidence_hint": "maybe"}, "evidence_trace.evidence_hint"),
    ],
)
def test_unreadable_evidence_trace_attributes_make_the_span_unmappable(attributes, field):
    mapped = map_span(span(tool(**attributes)))
    assert isinstance(mapped, Unmappable)
    assert mapped.violations[0].field == field


def test_an_older_tool_span_is_recognised_by_its_name():
    inv = map_span(span({}, name="execute_tool search_tickets"))
    assert isinstance(inv, Invocation) and inv.tool_name == "search_tickets"


@pytest.mark.parametrize(
    "operation, attributes, kind, name",
    [
        ("chat", {"gen_ai.request.model": "gpt-4o"}, StepKind.MODEL_STEP, "gpt-4o"),
        ("generate_content", {"gen_ai.response.model": "gemini-2.0"}, StepKind.MODEL_STEP, "gemini-2.0"),
        ("text_completion", {}, StepKind.MODEL_STEP, "completion span"),
        ("invoke_agent", {"gen_ai.agent.name": "triage"}, StepKind.HELPER_CALL, "triage"),
        ("create_agent", {"gen_ai.agent.name": "planner"}, StepKind.HELPER_CALL, "planner"),
    ],
)
def test_model_and_agent_spans_are_steps(operation, attributes, kind, name):
    step = map_span(
        span({"gen_ai.operation.name": operation, "gen_ai.usage.input_tokens": 7, **attributes}, name="completion span")
    )
    assert isinstance(step, AgentStep)
    assert (step.kind, step.name, step.step_id, step.session_id) == (kind, name, f"{TRACE}:{SPAN}", TRACE)
    assert step.detail == f"{operation} input_tokens=7"
    assert (step.success, step.duration_ms) == (True, 250)
    assert validate_step(step, Limits()) == []


def test_a_failed_model_call_is_a_failed_step():
    step = map_span(span({"gen_ai.operation.name": "chat"}, status_error=True, status_message="rate limited"))
    assert isinstance(step, AgentStep)
    assert (step.success, step.error_message) == (False, "rate limited")


@pytest.mark.parametrize(
    "attributes, name",
    [({"gen_ai.operation.name": "embeddings"}, "embeddings text-embedding-3"), ({}, "GET /healthz"), ({}, "")],
)
def test_other_spans_are_ignored(attributes, name):
    assert isinstance(map_span(span(attributes, name=name)), Ignored)


# -- OpenInference and OpenLLMetry (LangChain, LlamaIndex) ---------------------------------------------


def test_an_openinference_tool_span_is_an_invocation():
    inv = map_span(
        span(
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "query_logs",
                "input.value": '{"logTopic": "payment", "query": "level:ERROR"}',
                "input.mime_type": "application/json",
                "output.value": '{"total": 2, "logs": [{"level": "ERROR"}]}',
                "session.id": "incident-7",
            },
            name="query_logs",
        )
    )
    assert isinstance(inv, Invocation)
    assert (inv.tool_name, inv.session_id, inv.output_state) == ("query_logs", "incident-7", OutputState.CAPTURED)
    assert inv.input_params == {"logTopic": "payment", "query": "level:ERROR"}
    assert inv.output_preview.startswith('{"total": 2')
    assert validate_invocation(inv, Limits()) == []


def test_an_openinference_tool_span_without_output_is_not_captured_and_a_failure_stays_a_failure():
    inv = map_span(
        span(
            {"openinference.span.kind": "TOOL", "tool.name": "query_metrics", "input.value": "{}"},
            name="query_metrics",
            status_error=True,
            status_message="prometheus timed out after 30s",
        )
    )
    assert isinstance(inv, Invocation)
    assert (inv.output_state, inv.success, inv.error_kind) == (OutputState.NOT_CAPTURED, False, ErrorKind.TIMEOUT)


def test_an_openllmetry_tool_span_is_an_invocation():
    inv = map_span(
        span(
            {
                "traceloop.span.kind": "tool",
                "traceloop.entity.name": "lookup_knowledge",
                "traceloop.entity.input": '{"args": [], "kwargs": {"query": "disk full runbook"}}',
                "traceloop.entity.output": '"Runbook: expand the volume"',
            },
            name="lookup_knowledge.tool",
        )
    )
    assert isinstance(inv, Invocation)
    assert inv.tool_name == "lookup_knowledge"
    assert inv.input_params == {"args": [], "kwargs": {"query": "disk full runbook"}}
    assert inv.output_preview == '"Runbook: expand the volume"'


@pytest.mark.parametrize(
    "attributes, kind, name",
    [
        ({"openinference.span.kind": "LLM", "llm.model_name": "gpt-4o-mini"}, StepKind.MODEL_STEP, "gpt-4o-mini"),
        ({"openinference.span.kind": "AGENT"}, StepKind.HELPER_CALL, "AgentExecutor"),
        ({"llm.request.type": "chat", "llm.request.model": "claude-3-5"}, StepKind.MODEL_STEP, "claude-3-5"),
        ({"traceloop.span.kind": "agent"}, StepKind.HELPER_CALL, "AgentExecutor"),
    ],
)
def test_openinference_and_openllmetry_model_and_agent_spans_are_steps(attributes, kind, name):
    step = map_span(span(attributes, name="AgentExecutor"))
    assert isinstance(step, AgentStep) and (step.kind, step.name) == (kind, name)


@pytest.mark.parametrize(
    "attributes",
    [
        {"openinference.span.kind": "CHAIN"},
        {"openinference.span.kind": "RETRIEVER"},
        {"openinference.span.kind": "EMBEDDING"},
        {"traceloop.span.kind": "workflow"},
        {"traceloop.span.kind": "task"},
    ],
)
def test_other_openinference_and_openllmetry_spans_are_ignored(attributes):
    assert isinstance(map_span(span(attributes, name="RunnableSequence")), Ignored)


def test_the_genai_conventions_win_over_the_others_on_one_span():
    inv = map_span(
        span(
            tool(
                **{
                    "openinference.span.kind": "LLM",
                    "tool.name": "other",
                    "gen_ai.tool.call.result": "ok",
                    "output.value": "not this",
                    "gen_ai.conversation.id": "c-1",
                    "session.id": "s-other",
                }
            )
        )
    )
    assert isinstance(inv, Invocation)
    assert (inv.tool_name, inv.output_preview, inv.session_id) == ("query_logs", "ok", "c-1")


def test_session_id_is_read_after_the_configured_attribute_and_before_the_trace_id():
    assert map_span(span(tool(), resource={"session.id": "from-resource"})).session_id == "from-resource"
    configured = span(tool(**{"session.id": "general", "app.session": "configured"}))
    assert map_span(configured, session_attribute="app.session").session_id == "configured"


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=8,
)
_KEYS = st.sampled_from(
    [
        "gen_ai.operation.name",
        "gen_ai.tool.name",
        "gen_ai.tool.call.id",
        "gen_ai.tool.call.arguments",
        "gen_ai.tool.call.result",
        "gen_ai.conversation.id",
        "gen_ai.request.model",
        "error.type",
        "openinference.span.kind",
        "input.value",
        "output.value",
        "traceloop.span.kind",
        "llm.request.type",
        "session.id",
        "evidence_trace.retrieval.l0_count",
        "evidence_trace.retrieval.relevance_level",
        "evidence_trace.evidence_hint",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    attributes=st.dictionaries(_KEYS, _VALUES, max_size=10),
    operation=st.sampled_from(["execute_tool", "chat", "invoke_agent", "TOOL", "", "x"]),
    error=st.booleans(),
)
def test_no_span_makes_the_mapping_raise(attributes, operation, error):
    """Whatever an exporter sends, a span maps to something; the recorder's validation has the last word."""
    if operation:
        attributes.setdefault("gen_ai.operation.name", operation)
    mapped = map_span(span(attributes, status_error=error), session_attribute="session.id")
    assert isinstance(mapped, (Invocation, AgentStep, Ignored, Unmappable))
    if isinstance(mapped, Invocation):
        validate_invocation(mapped, Limits())  # returns violations; never raises
    if isinstance(mapped, AgentStep):
        validate_step(mapped, Limits())


# -- Spring AI (spring-projects/spring-ai: ToolCallingObservationDocumentation, ChatClientObservationDocumentation) --


def spring_ai_tool(**attributes) -> dict:
    """A `spring.ai.tool` observation's span attributes, as DefaultToolCallingObservationConvention sets them."""
    return {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.system": "spring_ai",
        "spring.ai.kind": "tool_call",
        "spring.ai.tool.definition.name": "query_logs",
        "spring.ai.tool.type": "FunctionToolCallback",
        "spring.ai.tool.definition.description": "Search the service logs",
        "spring.ai.tool.definition.schema": '{"type":"object"}',
        "spring.ai.tool.call.id": "call_spring_1",
        **attributes,
    }


def test_a_spring_ai_tool_span_is_an_invocation_with_its_content_when_included():
    inv = map_span(
        span(
            spring_ai_tool(
                **{
                    "spring.ai.tool.call.arguments": '{"logTopic":"payment"}',
                    "spring.ai.tool.call.result": '{"total":2}',
                }
            )
        ),
        trace_session="conv-9",
    )
    assert isinstance(inv, Invocation)
    assert (inv.invocation_id, inv.session_id, inv.tool_name) == ("call_spring_1", "conv-9", "query_logs")
    assert inv.input_params == {"logTopic": "payment"}
    assert (inv.output_state, inv.output_preview) == (OutputState.CAPTURED, '{"total":2}')


def test_a_spring_ai_tool_span_without_include_content_is_not_captured_never_an_empty_success():
    inv = map_span(span(spring_ai_tool()))
    assert isinstance(inv, Invocation)
    assert (inv.success, inv.output_state, inv.output_preview, inv.input_params) == (
        True,
        OutputState.NOT_CAPTURED,
        "",
        {},
    )
    assert inv.session_id == TRACE  # no conversation anywhere in the trace: the trace is the session


def test_a_failed_spring_ai_tool_call_is_a_failed_invocation():
    exception = SpanEvent(
        "exception",
        {"exception.type": "org.springframework.ai.tool.execution.ToolExecutionException", "exception.message": "no"},
    )
    inv = map_span(span(spring_ai_tool(), status_error=True, events=(exception,)))
    assert isinstance(inv, Invocation)
    assert (inv.success, inv.error_kind) == (False, ErrorKind.EXCEPTION)
    assert "ToolExecutionException" in inv.error_message


def test_the_spring_ai_chat_client_span_is_ignored_and_lends_its_conversation_to_its_trace():
    client = span(
        {
            "gen_ai.operation.name": "framework",
            "gen_ai.system": "spring_ai",
            "spring.ai.kind": "chat_client",
            "spring.ai.chat.client.conversation.id": "incident-42",
        },
        name="spring_ai chat_client",
        span_id="00000000000000c1",
    )
    model = span(
        {"gen_ai.operation.name": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o"},
        name="chat gpt-4o",
    )
    other_trace = span(spring_ai_tool(), trace_id="1" * 32)
    sessions = trace_sessions([model, other_trace, client])
    assert sessions == {TRACE: "incident-42"}
    assert isinstance(map_span(client), Ignored)
    step = map_span(model, trace_session=sessions.get(model.trace_id, ""))
    assert isinstance(step, AgentStep)
    assert (step.kind, step.session_id, step.name) == (StepKind.MODEL_STEP, "incident-42", "gpt-4o")
    assert map_span(other_trace, trace_session=sessions.get(other_trace.trace_id, "")).session_id == "1" * 32


def test_a_span_s_own_session_wins_over_its_trace_s():
    inv = map_span(span(tool(**{"gen_ai.conversation.id": "own"})), trace_session="lent")
    assert isinstance(inv, Invocation) and inv.session_id == "own"
