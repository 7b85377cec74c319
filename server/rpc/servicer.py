"""The gRPC servicer: translates protobuf to domain calls and back, nothing else."""

from __future__ import annotations

import collections
import functools
import logging
import threading
from typing import Callable, Iterator, Optional

import grpc

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.errors import (
    Conflict,
    EvidenceTraceError,
    FailedPrecondition,
    InvalidArgument,
    ShuttingDown,
    Violation,
)
from evidence_trace.server.domain.model import DEFAULT_TENANT, RecordOutcome
from evidence_trace.server.domain.validation import check_id
from evidence_trace.server.rpc import convert as convert
from evidence_trace.server.rpc.metrics import NoMetrics, OutcomeRecorder
from evidence_trace.server.rpc.shutdown import ShutdownSignal
from evidence_trace.server.rpc.status import abort, status_for
from evidence_trace.server.usecases.recording import Recorded
from evidence_trace.server.usecases.services import UseCases
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

log = logging.getLogger(__name__)


def commit_timeout(context: grpc.ServicerContext, limit_s: float) -> float:
    """How long a write may wait for its commit: the call's remaining time, at most `limit_s`."""
    remaining = context.time_remaining()
    return limit_s if remaining is None else min(remaining, limit_s)


def unary_rpc(method: Callable) -> Callable:
    """Map every exception a handler raises to a deliberate status; never UNKNOWN."""

    @functools.wraps(method)
    def handler(self, request, context):
        try:
            return method(self, request, context)
        except Exception as exc:
            status = _failure_status(self, method.__name__, exc)
        abort(context, status)

    return handler


def _rpc_stream(method: Callable) -> Callable:
    """unary_rpc for server-streaming handlers: errors raised while streaming get a deliberate status too."""

    @functools.wraps(method)
    def handler(self, request, context) -> Iterator:
        try:
            yield from method(self, request, context)
            return
        except Exception as exc:
            status = _failure_status(self, method.__name__, exc)
        abort(context, status)

    return handler


def _failure_status(servicer, method: str, exc: Exception) -> grpc.Status:
    """The status for what a handler raised: ours map deliberately, a bug is logged and INTERNAL."""
    if isinstance(exc, EvidenceTraceError):
        _count_refusal(servicer, method, exc)
    else:
        log.exception("%s failed", method)
    return status_for(exc)


#: Errors that refuse a request (counted as rejections), as opposed to storage failures.
_REFUSALS = (InvalidArgument, Conflict, FailedPrecondition)


def _count_refusal(servicer, method: str, exc: EvidenceTraceError) -> None:
    if isinstance(exc, _REFUSALS):
        getattr(servicer, "_outcomes", NoMetrics()).rejected(method, exc.reason)


def _prefixed(prefix: str, violations: list[Violation]) -> list[Violation]:
    return [Violation(f"{prefix}{v.field}", v.description) for v in violations]


class EvidenceTraceServicer(pb_grpc.EvidenceTraceServiceServicer):
    """Translates each RPC's protobuf to the use cases' domain objects and back; nothing else."""

    def __init__(
        self,
        use_cases: UseCases,
        commit_timeout_s: float,
        tenant_of: Callable[[grpc.ServicerContext], str] = lambda _: DEFAULT_TENANT,
        *,
        outcomes: Optional[OutcomeRecorder] = None,
        shutdown: Optional[ShutdownSignal] = None,
    ):
        self._recorder = use_cases.recorder
        self._chat = use_cases.chat
        self._sessions = use_cases.sessions
        self._listing = use_cases.listing
        self._watcher = use_cases.watcher
        self._commit_timeout_s = commit_timeout_s
        self._tenant_of = tenant_of
        self._outcomes: OutcomeRecorder = outcomes or NoMetrics()
        self._shutdown = shutdown or ShutdownSignal()

    def _timeout(self, context: grpc.ServicerContext) -> float:
        return commit_timeout(context, self._commit_timeout_s)

    @unary_rpc
    def RecordInvocation(self, request, context):
        inv, violations = convert.invocation_from_pb(request.invocation)
        if violations:
            raise InvalidArgument(_prefixed("invocation.", violations))
        (result,) = self._recorder.record_invocations(self._tenant_of(context), [inv], self._timeout(context))
        if isinstance(result, InvalidArgument):
            raise InvalidArgument(_prefixed("invocation.", result.violations))
        if isinstance(result, Exception):
            raise result
        self._outcomes.recorded("invocation", result.outcome)
        if request.view == pb.RECORD_VIEW_BASIC:  # the outcome and the record time, not the row's echo
            return _basic_record_response(request.invocation.invocation_id, result)
        return pb.RecordInvocationResponse(
            outcome=convert.wire(result.outcome), invocation=convert.invocation_to_pb(result)
        )

    @unary_rpc
    def BatchRecordInvocations(self, request, context):
        limit = self._recorder.limits.batch_items
        if not 1 <= len(request.invocations) <= limit:
            raise InvalidArgument(
                [Violation("invocations", f"must hold 1 to {limit} items (got {len(request.invocations)})")]
            )
        # A bulk call's conversion, recording and answer are all CPU work: done in its turn.
        with self._recorder.turn(len(request.invocations), self._timeout(context)):
            converted = [convert.invocation_from_pb(m) for m in request.invocations]
            # Items that failed conversion are kept out of the recorder but keep their slot.
            to_record = [inv for inv, bad in converted if not bad]
            recorded = iter(
                self._recorder.record_invocations(self._tenant_of(context), to_record, self._timeout(context))
            )
            results = []
            counts: collections.Counter[RecordOutcome] = collections.Counter()
            for m, (_, bad) in zip(request.invocations, converted):
                outcome = InvalidArgument(bad) if bad else next(recorded)
                results.append(_batch_result(m.invocation_id, outcome))
                if isinstance(outcome, Recorded):
                    counts[outcome.outcome] += 1
                else:
                    self._count_batch_item(results[-1])
        for written, count in counts.items():  # one metrics update per outcome, not per item
            self._outcomes.recorded("invocation", written, count)
        return pb.BatchRecordInvocationsResponse(results=results)

    @unary_rpc
    def RecordAgentStep(self, request, context):
        step, violations = convert.step_from_pb(request.step)
        if violations:
            raise InvalidArgument(_prefixed("step.", violations))
        try:
            recorded = self._recorder.record_step(self._tenant_of(context), step, self._timeout(context))
        except InvalidArgument as exc:
            raise InvalidArgument(_prefixed("step.", exc.violations)) from None
        self._outcomes.recorded("step", recorded.outcome)
        return pb.RecordAgentStepResponse(outcome=convert.wire(recorded.outcome), step=convert.step_to_pb(recorded))

    @unary_rpc
    def GetSession(self, request, context):
        _require_id(request.session_id)
        session = self._sessions.get(self._tenant_of(context), request.session_id)
        return pb.GetSessionResponse(session=convert.session_to_pb(session))

    @unary_rpc
    def CompleteSession(self, request, context):
        session = self._sessions.complete(
            self._tenant_of(context), request.session_id, convert.session_status(request.status), self._timeout(context)
        )
        return pb.CompleteSessionResponse(session=convert.session_to_pb(session))

    @unary_rpc
    def SummarizeSession(self, request, context):
        _require_id(request.session_id)
        session, entries = self._sessions.summarize(self._tenant_of(context), request.session_id)
        return pb.SummarizeSessionResponse(
            session=convert.session_to_pb(session), entries=[convert.entry_to_pb(e) for e in entries]
        )

    @unary_rpc
    def Chat(self, request, context):
        # The verifier's call ends by the client's deadline, when the call ends, or when the server stops.
        deadline = Deadline.after(context.time_remaining())
        context.add_callback(deadline.expire)
        with self._shutdown.subscribed(deadline.cut):
            result = self._chat.chat(
                self._tenant_of(context),
                request.session_id,
                request.question,
                request.draft_answer,
                request.verifier_output if request.HasField("verifier_output") else None,
                self._timeout(context),
                deadline,
                request.request_id,
            )
        self._outcomes.decided(result.verdict.decision, result.verdict.fallback_reason)
        return pb.ChatResponse(
            decision=convert.verdict_to_pb(result.verdict),
            output_text=result.verdict.output_text,
            evaluation_id=result.evaluation_id,
            entries=[convert.entry_to_pb(e) for e in result.entries],
        )

    @unary_rpc
    def ListSessions(self, request, context):
        page = self._listing.page(
            self._tenant_of(context), convert.session_filter_from_pb(request), request.page_size, request.page_token
        )
        return pb.ListSessionsResponse(
            sessions=[convert.overview_to_pb(o) for o in page.sessions], next_page_token=page.next_page_token
        )

    @_rpc_stream
    def WatchSession(self, request, context):
        _require_id(request.session_id)
        stopped = threading.Event()
        context.add_callback(stopped.set)  # runs when the call ends: cancelled, timed out or done
        with self._shutdown.subscribed(lambda _: stopped.set()):  # the server stops: end now, not at the grace
            for event in self._watcher.watch(
                self._tenant_of(context),
                request.session_id,
                follow=not request.replay_only,
                stopped=stopped,
                wait_for_session=request.wait_for_session,
            ):
                if self._shutdown.started:
                    break
                yield convert.timeline_event_to_pb(event)
        if self._shutdown.started and context.is_active():
            raise ShuttingDown()

    def _count_batch_item(self, result: pb.BatchRecordResult) -> None:
        if result.outcome == pb.RECORD_OUTCOME_REJECTED:
            self._outcomes.rejected("BatchRecordInvocations", result.reason or "INVALID_FIELDS")
        else:
            self._outcomes.recorded("invocation", RecordOutcome(result.outcome))


def _require_id(session_id: str) -> None:
    violations = check_id("session_id", session_id)
    if violations:
        raise InvalidArgument(violations)


def _basic_record_response(invocation_id: str, result: Recorded) -> pb.RecordInvocationResponse:
    """RECORD_VIEW_BASIC: the outcome, and of the row its id, classification and record time."""
    assert result.classification is not None  # invocations are always classified
    response = pb.RecordInvocationResponse(
        outcome=convert.wire(result.outcome),
        invocation=pb.ToolInvocation(invocation_id=invocation_id, outcome=convert.wire(result.classification.outcome)),
    )
    response.invocation.record_time.FromMicroseconds(result.record_us)
    return response


def _batch_result(invocation_id: str, result) -> pb.BatchRecordResult:
    if isinstance(result, Recorded):
        assert result.classification is not None  # invocations are always classified
        return pb.BatchRecordResult(
            invocation_id=invocation_id,
            outcome=convert.wire(result.outcome),
            invocation_outcome=convert.wire(result.classification.outcome),
        )
    if isinstance(result, InvalidArgument):
        return pb.BatchRecordResult(
            invocation_id=invocation_id,
            outcome=convert.wire(RecordOutcome.REJECTED),
            reason=result.reason,
            violations=convert.violations_to_pb(result.violations),
        )
    if isinstance(result, EvidenceTraceError):
        return pb.BatchRecordResult(
            invocation_id=invocation_id, outcome=convert.wire(RecordOutcome.REJECTED), reason=result.reason
        )
    raise result
