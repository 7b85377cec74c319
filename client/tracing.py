"""Tracing tool calls: `@traced` and `trace_tool` turn each call into a ToolInvocation.

What is recorded:

- the invocation id: a fresh uuid4 per call;
- `input_params`: the function's bound arguments (self/cls left out), made
  JSON-safe and kept within the contract's limits (convert.bounded_object);
- `start_time` and `duration_ms`, measured around the call;
- success: `success=true` with a preview of the output (its text, or its JSON,
  cut at `preview_bytes` of UTF-8 with `output_truncated` set), or
  `OUTPUT_STATE_EMPTY` when the tool returned None, "" or an empty container;
- an exception: `success=false`, `error_kind=ERROR_KIND_EXCEPTION` and
  "Type: message"; TimeoutError, asyncio.TimeoutError and
  concurrent.futures.TimeoutError give `ERROR_KIND_TIMEOUT`. The exception is
  always re-raised;
- retrieval fields, when the tool returns them (the convention): a
  `ToolResult(output, retrieval=...)`, a dict with a "retrieval" key, or an
  object with a `retrieval` attribute. A retrieval value is a `Retrieval`, a
  `RetrievalDetails` message, or a mapping with the same field names.

Recording never raises into the tool and, with the default background
recorder, never waits for the server.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import functools
import inspect
import logging
import time
import uuid
from typing import Any, Callable, Generic, Iterable, Literal, Mapping, Optional, TypeVar, Union

from evidence_trace.client.convert import (
    PARAMS_BYTES,
    PREVIEW_BYTES,
    bounded_message,
    bounded_object,
    error_message,
    is_empty_output,
    render_output,
    retrieval_details,
    tool_name_for,
    truncate_utf8,
)
from evidence_trace.client.recording import Recorder
from evidence_trace.v1 import evidence_trace_pb2 as pb

log = logging.getLogger("evidence_trace.client")

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

#: Exceptions recorded as ERROR_KIND_TIMEOUT.
TIMEOUT_ERRORS: tuple[type[BaseException], ...] = (TimeoutError, asyncio.TimeoutError, concurrent.futures.TimeoutError)

SessionId = Union[str, Callable[[], str]]
TopicDomain = Union[str, Callable[[Mapping[str, Any]], str], None]


@dataclasses.dataclass(frozen=True)
class Retrieval:
    """The retrieval fields of a retrieval-aware tool call (RetrievalDetails)."""

    #: The layer that answered, e.g. "L0", "L1", "L0+L1".
    retrieval_layer: str = ""
    #: Hits from the L0 layer.
    l0_count: Optional[int] = None
    #: Hits from the L1 layer.
    l1_count: Optional[int] = None
    #: "NONE", "LOW", "MEDIUM", "HIGH" (or a RelevanceLevel value).
    relevance_level: Union[str, int, None] = None
    #: Set when session-level dedup blocked the call; makes it DEDUPED.
    dedup_reason: str = ""
    #: Free-form details (scores, document ids).
    details: Optional[Mapping[str, Any]] = None


@dataclasses.dataclass(frozen=True)
class ToolResult(Generic[T]):
    """A tool's return value with the evidence fields the tracer should record.

    The traced function returns it unchanged; callers read `.output`.
    """

    #: What the tool produced; its preview is recorded.
    output: T
    #: Retrieval fields, for retrieval-aware tools.
    retrieval: Any = None
    #: The topic of the call (log topic, alert, service); derived by the server when empty.
    topic_domain: str = ""
    #: An evidence hint for tools without a built-in classifier.
    evidence_hint: "pb.EvidenceHint" = pb.EVIDENCE_HINT_UNSPECIFIED
    #: Set when the tool ran but reported an error payload: recorded as
    #: success=false with ERROR_KIND_EXECUTION_ERROR.
    execution_error: Optional[str] = None
    #: True when `output` is itself already partial.
    truncated: bool = False


def as_recorder(target: Any) -> Recorder:
    """The recorder for a client (its shared background recorder) or a recorder as is."""
    if hasattr(target, "submit") and hasattr(target, "stats"):
        return target
    recorder = getattr(target, "recorder", None)
    if recorder is not None and hasattr(recorder, "submit"):
        return recorder
    raise TypeError(
        "trace with an EvidenceTraceClient or a Recorder (BackgroundRecorder, DirectRecorder); "
        f"got {type(target).__name__}"
    )


def _resolve(session_id: SessionId) -> str:
    return session_id() if callable(session_id) else session_id


def _now_timestamp(message: Any, seconds: float) -> None:
    message.FromNanoseconds(int(seconds * 1e9))


class TracedCall:
    """One traced tool call; a context manager (sync and async) that records it on exit.

    Inside the block, hand the output to `set_result(...)`; leaving without a
    result records `OUTPUT_STATE_NOT_CAPTURED`. An exception leaving the block
    is recorded as a failure and re-raised. `fail(message)` records an
    execution error without raising.
    """

    def __init__(
        self,
        recorder: Recorder,
        *,
        session_id: str,
        tool_name: str,
        input_params: Optional[Mapping[str, Any]] = None,
        topic_domain: str = "",
        evidence_hint: "pb.EvidenceHint" = pb.EVIDENCE_HINT_UNSPECIFIED,
        preview_bytes: int = PREVIEW_BYTES,
    ):
        self.recorder = recorder
        self.invocation = pb.ToolInvocation(
            invocation_id=str(uuid.uuid4()),
            session_id=session_id,
            tool_name=tool_name,
            topic_domain=topic_domain,
            evidence_hint=evidence_hint,
        )
        if input_params:
            self.invocation.input_params.update(bounded_object(input_params, PARAMS_BYTES))
        self.preview_bytes = preview_bytes
        self._has_result = False
        self._started = 0.0

    @property
    def invocation_id(self) -> str:
        return self.invocation.invocation_id

    def set_result(self, output: Any) -> None:
        """Record `output` (or a ToolResult) as the call's result. Never raises."""
        self._has_result = True
        try:
            self._capture(output)
        except Exception:  # an output we cannot render must not break the tool
            log.exception("evidence-trace: capturing the output of %s failed", self.invocation.tool_name)
            self.invocation.ClearField("output_preview")
            self.invocation.output_state = pb.OUTPUT_STATE_NOT_CAPTURED

    def _capture(self, output: Any) -> None:
        if isinstance(output, ToolResult):
            self._apply_tool_result(output)
            output = output.output
        else:
            self.set_retrieval(_retrieval_of(output))
        inv = self.invocation
        preview, cut = (
            ("", False) if is_empty_output(output) else truncate_utf8(render_output(output), self.preview_bytes)
        )
        inv.output_preview = preview
        inv.output_truncated = bool(preview) and (inv.output_truncated or cut)
        inv.output_state = pb.OUTPUT_STATE_CAPTURED if preview else pb.OUTPUT_STATE_EMPTY

    def set_retrieval(self, retrieval: Any) -> None:
        """Attach retrieval fields (a Retrieval, a RetrievalDetails or a mapping)."""
        details = retrieval_details(retrieval)
        if details is not None:
            self.invocation.retrieval.CopyFrom(details)

    def fail(self, message: str, kind: "pb.ErrorKind" = pb.ERROR_KIND_EXECUTION_ERROR) -> None:
        """Record the call as failed without raising (the tool reported an error)."""
        inv = self.invocation
        inv.success = False
        inv.error_kind = kind
        inv.error_message = bounded_message(message)

    def _apply_tool_result(self, result: ToolResult[Any]) -> None:
        self.set_retrieval(result.retrieval)
        if result.topic_domain:
            self.invocation.topic_domain = result.topic_domain
        if result.evidence_hint:
            self.invocation.evidence_hint = result.evidence_hint
        self.invocation.output_truncated = result.truncated
        if result.execution_error:
            self.fail(result.execution_error)

    # -- the context manager ---------------------------------------------------
    def __enter__(self) -> "TracedCall":
        _now_timestamp(self.invocation.start_time, time.time())
        self._started = time.perf_counter()
        return self

    def __exit__(self, exc_type: Any, exc: Optional[BaseException], tb: Any) -> Literal[False]:
        self._finish(exc)
        return False

    async def __aenter__(self) -> "TracedCall":
        return self.__enter__()

    async def __aexit__(self, exc_type: Any, exc: Optional[BaseException], tb: Any) -> Literal[False]:
        return self.__exit__(exc_type, exc, tb)

    def _finish(self, exc: Optional[BaseException]) -> None:
        try:
            self.recorder.submit(self._build(exc))
        except Exception:  # never break the agent
            log.exception("evidence-trace: recording %s failed", self.invocation.tool_name)

    def _build(self, exc: Optional[BaseException]) -> pb.ToolInvocation:
        inv = self.invocation
        inv.duration_ms = max(0, round((time.perf_counter() - self._started) * 1000))
        if exc is not None:
            inv.ClearField("output_preview")
            inv.output_truncated = False
            inv.output_state = pb.OUTPUT_STATE_NOT_CAPTURED
            self.fail(
                error_message(exc),
                pb.ERROR_KIND_TIMEOUT if isinstance(exc, TIMEOUT_ERRORS) else pb.ERROR_KIND_EXCEPTION,
            )
        elif inv.HasField("success") and not inv.success:  # fail() was called
            inv.ClearField("output_preview")
            inv.output_truncated = False
            inv.output_state = pb.OUTPUT_STATE_NOT_CAPTURED
        else:
            inv.success = True
            if not self._has_result:
                inv.output_state = pb.OUTPUT_STATE_NOT_CAPTURED
        return inv


class _Untraced:
    """Stands in for a TracedCall when tracing could not start: records nothing."""

    def __enter__(self) -> "_Untraced":
        return self

    def __exit__(self, *exc: Any) -> Literal[False]:
        return False

    def set_result(self, output: Any) -> None:
        pass


def _retrieval_of(output: Any) -> Any:
    if isinstance(output, Mapping):
        return output.get("retrieval")
    if isinstance(output, (str, bytes, list, tuple)):
        return None
    return getattr(output, "retrieval", None)


def trace_tool(
    target: Any,
    *,
    session_id: SessionId,
    tool_name: str,
    input_params: Optional[Mapping[str, Any]] = None,
    topic_domain: str = "",
    evidence_hint: "pb.EvidenceHint" = pb.EVIDENCE_HINT_UNSPECIFIED,
    preview_bytes: int = PREVIEW_BYTES,
) -> TracedCall:
    """A context manager tracing one tool call; works with `with` and `async with`.

    Example::

        with trace_tool(client, session_id="incident-42", tool_name="query_logs",
                        input_params={"query": "level:ERROR"}) as call:
            call.set_result(run_query("level:ERROR"))
    """
    return TracedCall(
        as_recorder(target),
        session_id=_resolve(session_id),
        tool_name=tool_name,
        input_params=input_params,
        topic_domain=topic_domain,
        evidence_hint=evidence_hint,
        preview_bytes=preview_bytes,
    )


def bound_params(
    signature: inspect.Signature, args: tuple, kwargs: dict, exclude: Iterable[str] = ()
) -> dict[str, Any]:
    """The call's arguments by parameter name, defaults applied, self/cls and `exclude` left out."""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return {}
    bound.apply_defaults()
    skip = {"self", "cls", *exclude}
    params: dict[str, Any] = {}
    for name, value in bound.arguments.items():
        if name in skip:
            continue
        kind = signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            params.update({k: v for k, v in value.items() if k not in skip})
        else:
            params[name] = list(value) if kind is inspect.Parameter.VAR_POSITIONAL else value
    return params


def traced(
    target: Any,
    *,
    session_id: SessionId,
    tool_name: Optional[str] = None,
    topic_domain: TopicDomain = None,
    evidence_hint: "pb.EvidenceHint" = pb.EVIDENCE_HINT_UNSPECIFIED,
    preview_bytes: int = PREVIEW_BYTES,
    exclude_params: Iterable[str] = (),
) -> Callable[[F], F]:
    """Decorate a tool function (sync or async) so that every call is recorded.

    `target` is an EvidenceTraceClient (its background recorder is used) or a
    Recorder. `session_id` is a string, or a function returning the current
    one. `tool_name` defaults to the function's name made contract-valid
    (leading underscores dropped, e.g. "_query_logs" -> "query_logs"). `topic_domain` is a
    string or a function of the call's parameters. Parameters named in
    `exclude_params` (secrets, large blobs) are not recorded. The function's
    return value and exceptions pass through unchanged.

    Example::

        @traced(client, session_id="incident-42")
        def query_logs(log_topic: str, query: str) -> dict: ...
    """
    recorder = as_recorder(target)
    excluded = tuple(exclude_params)

    def decorate(fn: F) -> F:
        signature = inspect.signature(fn)
        name = tool_name or tool_name_for(fn.__name__)

        def begin(args: tuple, kwargs: dict) -> Union[TracedCall, _Untraced]:
            try:
                params = bound_params(signature, args, kwargs, excluded)
                topic = topic_domain(params) if callable(topic_domain) else (topic_domain or "")
                return TracedCall(
                    recorder,
                    session_id=_resolve(session_id),
                    tool_name=name,
                    input_params=params,
                    topic_domain=topic,
                    evidence_hint=evidence_hint,
                    preview_bytes=preview_bytes,
                )
            except Exception:  # a bad session_id or topic_domain callable must not break the tool
                log.exception("evidence-trace: cannot trace %s; calling it untraced", name)
                return _Untraced()

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                with begin(args, kwargs) as call:
                    result = await fn(*args, **kwargs)
                    call.set_result(result)
                    return result

            return async_wrapper  # type: ignore[return-value]

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with begin(args, kwargs) as call:
                result = fn(*args, **kwargs)
                call.set_result(result)
                return result

        return wrapper  # type: ignore[return-value]

    return decorate


class TracedStep:
    """One traced agent step (a model step or a helper call); records it on exit.

    Set `detail` inside the block (cut at 4 KiB by the server). An exception
    leaving the block records `success=false` with its message and is re-raised.
    """

    def __init__(
        self,
        recorder: Recorder,
        *,
        session_id: str,
        name: str,
        kind: "pb.AgentStepKind" = pb.AGENT_STEP_KIND_HELPER_CALL,
    ):
        self.recorder = recorder
        self.step = pb.AgentStep(step_id=str(uuid.uuid4()), session_id=session_id, kind=kind, name=name)
        self.detail = ""
        self._started = 0.0

    def __enter__(self) -> "TracedStep":
        _now_timestamp(self.step.start_time, time.time())
        self._started = time.perf_counter()
        return self

    def __exit__(self, exc_type: Any, exc: Optional[BaseException], tb: Any) -> Literal[False]:
        try:
            step = self.step
            step.duration_ms = max(0, round((time.perf_counter() - self._started) * 1000))
            step.detail = self.detail
            step.success = exc is None
            if exc is not None:
                step.error_message = error_message(exc)
            self.recorder.submit_step(step)
        except Exception:  # never break the agent
            log.exception("evidence-trace: recording step %s failed", self.step.name)
        return False

    async def __aenter__(self) -> "TracedStep":
        return self.__enter__()

    async def __aexit__(self, exc_type: Any, exc: Optional[BaseException], tb: Any) -> Literal[False]:
        return self.__exit__(exc_type, exc, tb)


def trace_step(
    target: Any, *, session_id: SessionId, name: str, kind: "pb.AgentStepKind" = pb.AGENT_STEP_KIND_HELPER_CALL
) -> TracedStep:
    """A context manager recording one agent step: a helper call (default) or a model step.

    Example::

        with trace_step(client, session_id="incident-42", name="rewrite_query") as step:
            step.detail = rewrite(question)
    """
    return TracedStep(as_recorder(target), session_id=_resolve(session_id), name=name, kind=kind)
