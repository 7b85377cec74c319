"""The blocking client: a thin typed facade over the generated stub."""
from __future__ import annotations

import copy
import threading
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Sequence

import grpc

from evidence_trace.client.errors import error_from_rpc
from evidence_trace.client.retry import Retrier, RetryPolicy
from evidence_trace.client.rpcs import (
    CHANNEL_OPTIONS,
    IDEMPOTENT_RPCS,
    Metadata,
    auth_metadata,
    build_request,
    call_metadata,
)
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

if TYPE_CHECKING:
    from evidence_trace.client.background import BackgroundRecorder


class EvidenceTraceClient:
    """A connection to an evidence-trace server.

    Every method takes either the request message or its fields as keyword
    arguments, and returns the response message. Each call has a deadline
    (`timeout`, else `default_timeout`) that covers all its retries; failures
    raise an `EvidenceTraceError` subclass. Use it as a context manager, or call
    `close()`. Safe to share between threads.

    Example::

        with EvidenceTraceClient("127.0.0.1:50051") as client:
            client.get_session(session_id="incident-42")
    """

    def __init__(self, target: str, *, credentials: Optional[grpc.ChannelCredentials] = None,
                 default_timeout: Optional[float] = 5.0, retry: RetryPolicy = RetryPolicy(),
                 metadata: Optional[Metadata] = None, options: Iterable[tuple[str, Any]] = (),
                 retrier: Optional[Retrier] = None, token: Optional[str] = None):
        """Open a channel to `target` (host:port); TLS when `credentials` are given.

        `token` is sent with every call as `authorization: Bearer TOKEN` (for a
        server with a token file); `metadata` is sent with every call too;
        `options` are extra gRPC channel options; `retrier` replaces the one built
        from `retry` (tests inject a fake clock this way).
        """
        self.target = target
        self.default_timeout = default_timeout
        self.retry = retry
        opts = list(CHANNEL_OPTIONS) + list(options)
        self._channel = (grpc.secure_channel(target, credentials, options=opts) if credentials is not None
                         else grpc.insecure_channel(target, options=opts))
        self._stub = pb_grpc.EvidenceTraceServiceStub(self._channel)
        self._metadata = auth_metadata(token) + tuple(metadata or ())
        self._retrier = retrier or Retrier(retry)
        self._recorder: Optional["BackgroundRecorder"] = None
        self._lock = threading.Lock()
        self._closed = False
        self._owns_channel = True

    # -- lifecycle -------------------------------------------------------------
    def __enter__(self) -> "EvidenceTraceClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, flush_timeout: float = 2.0) -> None:
        """Close the background recorder (if one was started, waiting up to `flush_timeout`), then the channel."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            recorder = self._recorder
        if recorder is not None:
            recorder.close(flush_timeout)
        if self._owns_channel:
            self._channel.close()

    def with_retrier(self, retrier: Retrier) -> "EvidenceTraceClient":
        """A client sharing this one's channel whose calls retry with `retrier`.

        Closing the view does not close the channel; close this client for that.
        """
        view = copy.copy(self)
        view._retrier = retrier
        view.retry = retrier.policy
        view._recorder = None
        view._lock = threading.Lock()
        view._owns_channel = False
        return view

    @property
    def recorder(self) -> "BackgroundRecorder":
        """This client's shared background recorder, started on first use and closed by `close()`."""
        with self._lock:
            if self._recorder is None:
                from evidence_trace.client.background import BackgroundRecorder
                self._recorder = BackgroundRecorder(self)
            return self._recorder

    # -- RPCs --------------------------------------------------------------------
    def record_invocation(self, request: Optional[pb.RecordInvocationRequest] = None, *,
                          invocation: Optional[pb.ToolInvocation] = None, timeout: Optional[float] = None,
                          metadata: Optional[Metadata] = None) -> pb.RecordInvocationResponse:
        """Store one tool call; returns after its commit (CREATED or DUPLICATE). Retried safely."""
        req = build_request(pb.RecordInvocationRequest, request, invocation=invocation)
        return self._call("RecordInvocation", self._stub.RecordInvocation, req, timeout, metadata)

    def batch_record_invocations(self, request: Optional[pb.BatchRecordInvocationsRequest] = None, *,
                                 invocations: Optional[Sequence[pb.ToolInvocation]] = None,
                                 timeout: Optional[float] = None,
                                 metadata: Optional[Metadata] = None) -> pb.BatchRecordInvocationsResponse:
        """Store 1-500 tool calls; one result per item. Retried safely."""
        req = build_request(pb.BatchRecordInvocationsRequest, request, invocations=invocations)
        return self._call("BatchRecordInvocations", self._stub.BatchRecordInvocations, req, timeout, metadata)

    def record_agent_step(self, request: Optional[pb.RecordAgentStepRequest] = None, *,
                          step: Optional[pb.AgentStep] = None, timeout: Optional[float] = None,
                          metadata: Optional[Metadata] = None) -> pb.RecordAgentStepResponse:
        """Store one model step or helper call. Retried safely."""
        req = build_request(pb.RecordAgentStepRequest, request, step=step)
        return self._call("RecordAgentStep", self._stub.RecordAgentStep, req, timeout, metadata)

    def get_session(self, request: Optional[pb.GetSessionRequest] = None, *, session_id: Optional[str] = None,
                    timeout: Optional[float] = None, metadata: Optional[Metadata] = None) -> pb.GetSessionResponse:
        """A session and its counts; NotFoundError when it does not exist."""
        req = build_request(pb.GetSessionRequest, request, session_id=session_id)
        return self._call("GetSession", self._stub.GetSession, req, timeout, metadata)

    def complete_session(self, request: Optional[pb.CompleteSessionRequest] = None, *,
                         session_id: Optional[str] = None, status: Optional["pb.SessionStatus"] = None,
                         timeout: Optional[float] = None,
                         metadata: Optional[Metadata] = None) -> pb.CompleteSessionResponse:
        """Mark a session COMPLETED or FAILED. Idempotent for the same status."""
        req = build_request(pb.CompleteSessionRequest, request, session_id=session_id, status=status)
        return self._call("CompleteSession", self._stub.CompleteSession, req, timeout, metadata)

    def summarize_session(self, request: Optional[pb.SummarizeSessionRequest] = None, *,
                          session_id: Optional[str] = None, timeout: Optional[float] = None,
                          metadata: Optional[Metadata] = None) -> pb.SummarizeSessionResponse:
        """The session's merged, verifier-facing evidence entries."""
        req = build_request(pb.SummarizeSessionRequest, request, session_id=session_id)
        return self._call("SummarizeSession", self._stub.SummarizeSession, req, timeout, metadata)

    def chat(self, request: Optional[pb.ChatRequest] = None, *, session_id: Optional[str] = None,
             question: Optional[str] = None, draft_answer: Optional[str] = None,
             verifier_output: Optional[str] = None, timeout: Optional[float] = None,
             metadata: Optional[Metadata] = None) -> pb.ChatResponse:
        """Judge a draft answer against the session's evidence. Retried with one request_id: a resend returns the first evaluation."""
        req = build_request(pb.ChatRequest, request, session_id=session_id, question=question,
                            draft_answer=draft_answer, verifier_output=verifier_output)
        return self._call("Chat", self._stub.Chat, req, timeout, metadata)

    def list_sessions(self, request: Optional[pb.ListSessionsRequest] = None, *,
                      page_size: Optional[int] = None, page_token: Optional[str] = None,
                      status: Optional["pb.SessionStatus"] = None, timeout: Optional[float] = None,
                      metadata: Optional[Metadata] = None) -> pb.ListSessionsResponse:
        """One page of sessions, most recently updated first (AIP-158). Retried safely."""
        req = build_request(pb.ListSessionsRequest, request, page_size=page_size, page_token=page_token,
                            status=status)
        return self._call("ListSessions", self._stub.ListSessions, req, timeout, metadata)

    def watch_session(self, request: Optional[pb.WatchSessionRequest] = None, *,
                      session_id: Optional[str] = None, replay_only: Optional[bool] = None,
                      timeout: Optional[float] = None,
                      metadata: Optional[Metadata] = None) -> Iterator[pb.WatchSessionResponse]:
        """The session's stored rows, then each new one, until it completes or the iterator is closed.

        No default deadline (a watch lasts as long as the session) and no
        retries: call again to resume; the replay repeats what is stored.
        Errors are raised as EvidenceTraceError while iterating.
        """
        req = build_request(pb.WatchSessionRequest, request, session_id=session_id, replay_only=replay_only)
        stream = self._stub.WatchSession(req, timeout=timeout, metadata=call_metadata(self._metadata, metadata))
        try:
            yield from stream
        except grpc.RpcError as err:
            raise error_from_rpc(err) from err
        finally:
            stream.cancel()

    # -- plumbing ----------------------------------------------------------------
    def _call(self, rpc: str, method: Callable[..., Any], request: Any, timeout: Optional[float],
              metadata: Optional[Metadata]) -> Any:
        md = call_metadata(self._metadata, metadata)

        def attempt(remaining: Optional[float]) -> Any:
            try:
                return method(request, timeout=remaining, metadata=md)
            except grpc.RpcError as err:
                raise error_from_rpc(err) from err

        overall = self.default_timeout if timeout is None else timeout
        return self._retrier.call(attempt, overall, idempotent=rpc in IDEMPOTENT_RPCS)
