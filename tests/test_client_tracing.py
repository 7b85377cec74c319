"""@traced and trace_tool: what each kind of call records, and that the server accepts it."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest

from evidence_trace.client import (
    DirectRecorder,
    EvidenceTraceClient,
    Retrieval,
    ToolResult,
    trace_step,
    trace_tool,
    traced,
)
from evidence_trace.client.recording import RecorderStats
from evidence_trace.v1 import evidence_trace_pb2 as pb


class Captured:
    """A recorder that keeps what it is given, to look at the built records."""

    def __init__(self) -> None:
        self.invocations: list[pb.ToolInvocation] = []
        self.steps: list[pb.AgentStep] = []

    def submit(self, invocation: pb.ToolInvocation) -> bool:
        self.invocations.append(invocation)
        return True

    def submit_step(self, step: pb.AgentStep) -> bool:
        self.steps.append(step)
        return True

    def stats(self) -> RecorderStats:
        return RecorderStats()

    @property
    def last(self) -> pb.ToolInvocation:
        return self.invocations[-1]


@pytest.fixture
def rec() -> Captured:
    return Captured()


def test_success_records_params_timing_and_preview(rec):
    @traced(rec, session_id="s-1")
    def query_logs(log_topic: str, query: str = "level:ERROR", *, limit: int = 10) -> dict:
        return {"total": 1, "logs": [{"level": "ERROR", "msg": "upstream timeout"}]}

    assert query_logs("payment")["total"] == 1
    inv = rec.last
    assert inv.tool_name == "query_logs" and inv.session_id == "s-1" and inv.success
    assert dict(inv.input_params) == {"log_topic": "payment", "query": "level:ERROR", "limit": 10}
    assert inv.output_state == pb.OUTPUT_STATE_CAPTURED and '"upstream timeout"' in inv.output_preview
    assert inv.HasField("start_time") and inv.duration_ms >= 0 and not inv.output_truncated
    assert len(inv.invocation_id) == 36


def test_each_call_gets_its_own_invocation_id(rec):
    tool = traced(rec, session_id="s-1", tool_name="lookup_knowledge")(lambda q: "hit")
    tool("a"), tool("a")
    assert len({i.invocation_id for i in rec.invocations}) == 2
    assert rec.last.tool_name == "lookup_knowledge"


@pytest.mark.parametrize("empty", [None, "", [], {}, b""])
def test_empty_results_are_explicitly_empty(rec, empty):
    traced(rec, session_id="s", tool_name="query_logs")(lambda: empty)()
    assert rec.last.success and rec.last.output_state == pb.OUTPUT_STATE_EMPTY and rec.last.output_preview == ""


def test_exception_is_recorded_and_reraised(rec):
    @traced(rec, session_id="s")
    def query_metrics(metric: str) -> float:
        raise ConnectionError("prometheus refused the connection")

    with pytest.raises(ConnectionError):
        query_metrics("cpu")
    inv = rec.last
    assert inv.HasField("success") and not inv.success
    assert inv.error_kind == pb.ERROR_KIND_EXCEPTION
    assert inv.error_message == "ConnectionError: prometheus refused the connection"
    assert inv.output_state == pb.OUTPUT_STATE_NOT_CAPTURED


@pytest.mark.parametrize("timeout", [TimeoutError("30s"), asyncio.TimeoutError(), concurrent.futures.TimeoutError()])
def test_timeouts_are_their_own_error_kind(rec, timeout):
    def slow() -> None:
        raise timeout

    with pytest.raises(type(timeout)):
        traced(rec, session_id="s", tool_name="query_logs")(slow)()
    assert rec.last.error_kind == pb.ERROR_KIND_TIMEOUT and rec.last.error_message


def test_preview_is_bounded_on_a_character_boundary(rec):
    traced(rec, session_id="s", tool_name="query_logs", preview_bytes=1000)(lambda: "é" * 1000)()
    inv = rec.last
    assert inv.output_truncated and len(inv.output_preview.encode()) <= 1000 and inv.output_preview == "é" * 500


def test_default_preview_bound_is_16_kib(rec):
    traced(rec, session_id="s", tool_name="t")(lambda: "x" * 20000)()
    assert len(rec.last.output_preview) == 16 * 1024 and rec.last.output_truncated


def test_tool_result_carries_retrieval_topic_and_passes_through(rec):
    result = ToolResult(
        "runbook: restart the payment pods",
        retrieval=Retrieval(
            retrieval_layer="L0+L1", l0_count=1, l1_count=3, relevance_level="HIGH", details={"doc_ids": ["rb-7"]}
        ),
        topic_domain="payment",
    )
    assert traced(rec, session_id="s", tool_name="lookup_knowledge")(lambda q: result)("payments down") is result
    inv = rec.last
    assert inv.topic_domain == "payment" and inv.retrieval.retrieval_layer == "L0+L1"
    assert (inv.retrieval.l0_count, inv.retrieval.l1_count) == (1, 3)
    assert inv.retrieval.relevance_level == pb.RELEVANCE_LEVEL_HIGH
    assert list(inv.retrieval.details["doc_ids"]) == ["rb-7"]
    assert inv.output_preview == "runbook: restart the payment pods"


def test_dict_with_retrieval_key_and_dedup(rec):
    traced(rec, session_id="s", tool_name="lookup_knowledge")(
        lambda: {"hits": [], "retrieval": {"dedup_reason": "same query already answered", "relevance": "NONE"}}
    )()
    assert rec.last.retrieval.dedup_reason == "same query already answered"
    assert rec.last.retrieval.relevance_level == pb.RELEVANCE_LEVEL_NONE


def test_execution_error_from_tool_result(rec):
    traced(rec, session_id="s", tool_name="query_logs")(
        lambda: ToolResult({"status": 503}, execution_error="backend said 503")
    )()
    inv = rec.last
    assert not inv.success and inv.error_kind == pb.ERROR_KIND_EXECUTION_ERROR
    assert inv.error_message == "backend said 503" and inv.output_preview == ""


def test_params_are_json_safe_and_exclusions_apply(rec):
    class Opaque:
        def __repr__(self) -> str:
            return "<Opaque>"

    @traced(rec, session_id="s", exclude_params=["api_key"])
    def tool(self, when, *tags, api_key="secret", **extra):
        return "ok"

    import datetime

    tool(None, datetime.date(2026, 11, 30), "a", "b", nan=float("nan"), obj=Opaque(), big=2**60)
    params = rec.last.input_params
    assert "self" not in params and "api_key" not in params
    assert params["when"] == "2026-11-30" and list(params["tags"]) == ["a", "b"]
    assert params["nan"] == "nan" and params["obj"] == "<Opaque>" and params["big"] == str(2**60)


def test_oversized_params_are_elided_not_rejected(rec):
    traced(rec, session_id="s", tool_name="t")(lambda blob, q: "ok")("x" * 200_000, "small")
    params = rec.last.input_params
    assert params["q"] == "small" and params["blob"].endswith("...[elided]")


def test_session_id_may_be_a_function(rec):
    current = {"id": "first"}
    tool = traced(rec, session_id=lambda: current["id"], tool_name="t")(lambda: "ok")
    tool()
    current["id"] = "second"
    tool()
    assert [i.session_id for i in rec.invocations] == ["first", "second"]


def test_a_broken_session_callable_does_not_break_the_tool(rec):
    def broken() -> str:
        raise KeyError("no session")

    assert traced(rec, session_id=broken, tool_name="t")(lambda: 42)() == 42
    assert rec.invocations == []


def test_a_failing_recorder_does_not_break_the_tool():
    class Exploding(Captured):
        def submit(self, invocation):
            raise RuntimeError("boom")

    assert traced(Exploding(), session_id="s", tool_name="t")(lambda: 7)() == 7


def test_async_tools_are_traced(rec):
    @traced(rec, session_id="s")
    async def query_logs(query: str) -> str:
        await asyncio.sleep(0)
        return "ERROR payment-service upstream timeout"

    @traced(rec, session_id="s")
    async def query_metrics(metric: str) -> str:
        raise asyncio.TimeoutError()

    async def run() -> None:
        assert (await query_logs("level:ERROR")).startswith("ERROR")
        with pytest.raises(asyncio.TimeoutError):
            await query_metrics("p99")

    asyncio.run(run())
    ok, timed_out = rec.invocations
    assert ok.success and ok.tool_name == "query_logs" and dict(ok.input_params) == {"query": "level:ERROR"}
    assert not timed_out.success and timed_out.error_kind == pb.ERROR_KIND_TIMEOUT


def test_trace_tool_context_manager(rec):
    with trace_tool(rec, session_id="s", tool_name="query_logs", input_params={"query": "q"}) as call:
        call.set_result("line")
    with pytest.raises(ValueError):
        with trace_tool(rec, session_id="s", tool_name="query_logs"):
            raise ValueError("bad query")
    with trace_tool(rec, session_id="s", tool_name="query_logs"):
        pass  # no result given: not captured
    ok, failed, uncaptured = rec.invocations
    assert ok.output_preview == "line" and dict(ok.input_params) == {"query": "q"}
    assert failed.error_message == "ValueError: bad query"
    assert uncaptured.success and uncaptured.output_state == pb.OUTPUT_STATE_NOT_CAPTURED


def test_trace_step_records_helper_calls_and_failures(rec):
    with trace_step(rec, session_id="s", name="rewrite_query") as step:
        step.detail = "level:ERROR AND service:payment"
    with pytest.raises(RuntimeError):
        with trace_step(rec, session_id="s", name="gpt-4o", kind=pb.AGENT_STEP_KIND_MODEL_STEP):
            raise RuntimeError("model overloaded")
    helper, model = rec.steps
    assert helper.kind == pb.AGENT_STEP_KIND_HELPER_CALL and helper.success and helper.detail
    assert model.kind == pb.AGENT_STEP_KIND_MODEL_STEP and not model.success and "overloaded" in model.error_message


def test_the_server_accepts_every_kind_of_traced_call(server):
    """End to end through DirectRecorder: success, empty, failure, timeout, dedup, truncated, steps."""
    with EvidenceTraceClient(f"127.0.0.1:{server.port}") as client:
        recorder = DirectRecorder(client)
        tool = traced(recorder, session_id="e2e", tool_name="query_logs", topic_domain="payment")(
            lambda action: action()
        )

        tool(lambda: '{"total": 1, "logs": [{"level": "ERROR"}]}')  # success
        tool(lambda: None)  # empty
        with pytest.raises(OSError):
            tool(raising(OSError("es down")))
        with pytest.raises(TimeoutError):
            tool(raising(TimeoutError()))
        traced(recorder, session_id="e2e", tool_name="lookup_knowledge")(
            lambda: ToolResult("", retrieval=Retrieval(dedup_reason="already answered"))
        )()
        traced(recorder, session_id="e2e", tool_name="query_metrics")(lambda: "ERROR " + "x" * 40000)()
        with trace_step(recorder, session_id="e2e", name="plan"):
            pass
        stats = recorder.stats()
        assert (stats.sent, stats.rejected, stats.failed_after_retries) == (7, 0, 0)
        session = client.get_session(session_id="e2e").session
        assert (session.tool_call_count, session.helper_call_count) == (6, 1)
        entries = {(e.tool_name, e.topic_domain): e for e in client.summarize_session(session_id="e2e").entries}
        logs = entries[("query_logs", "payment")]
        assert (logs.call_count, logs.failure_count) == (4, 2)
        assert sum(e.dedup_count for e in entries.values()) == 1


def raising(exc: BaseException):
    def action() -> None:
        raise exc

    return action
