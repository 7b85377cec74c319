"""The blocking client: typed wrappers of the RPC table (client/rpcs.py) over the generated stub."""

from __future__ import annotations

import copy
import threading
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional, Sequence

import grpc

from evidence_trace.client.retry import Retrier, RetryPolicy
from evidence_trace.client.rpcs import (
    BATCH_RECORD_INVOCATIONS,
    CHAT,
    COMPLETE_SESSION,
    GET_SESSION,
    LIST_SESSIONS,
    RECORD_AGENT_STEP,
    RECORD_INVOCATION,
    SUMMARIZE_SESSION,
    WATCH_SESSION,
    ClientCore,
    Metadata,
    Req,
    Resp,
    Rpc,
    channel_options,
    typed_errors,
    wraps,
)
from evidence_trace.v1 import evidence_trace_pb2 as pb

if TYPE_CHECKING:
    from evidence_trace.client.background import BackgroundRecorder


class EvidenceTraceClient(ClientCore):
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

    def __init__(
        self,
        target: str,
        *,
        credentials: Optional[grpc.ChannelCredentials] = None,
        default_timeout: Optional[float] = 5.0,
        retry: RetryPolicy = RetryPolicy(),
        metadata: Optional[Metadata] = None,
        options: Iterable[tuple[str, Any]] = (),
        retrier: Optional[Retrier] = None,
        token: Optional[str] = None,
    ):
        """Open a channel to `target` (host:port); TLS when `credentials` are given.

        `token` is sent with every call as `authorization: Bearer TOKEN` (for a
        server with a token file); `metadata` is sent with every call too;
        `options` are extra gRPC channel options; `retrier` replaces the one built
        from `retry` (tests inject a fake clock this way).
        """
        opts = channel_options(options)
        channel = (
            grpc.secure_channel(target, credentials, options=opts)
            if credentials is not None
            else grpc.insecure_channel(target, options=opts)
        )
        super().__init__(
            target,
            channel,
            default_timeout=default_timeout,
            retry=retry,
            metadata=metadata,
            retrier=retrier,
            token=token,
        )
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

    @property
    def channel(self) -> grpc.Channel:
        """The client's gRPC channel, for what the SDK does not wrap (connectivity, the health service).

        The client owns it: close the client, not the channel.
        """
        return self._channel

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

    # -- RPCs: one wrapper per row of the table; docstrings come from the table ---------------
    @wraps(RECORD_INVOCATION)
    def record_invocation(
        self,
        request: Optional[pb.RecordInvocationRequest] = None,
        *,
        invocation: Optional[pb.ToolInvocation] = None,
        view: Optional[pb.RecordView] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.RecordInvocationResponse:
        return self._unary(RECORD_INVOCATION, request, timeout, metadata, invocation=invocation, view=view)

    @wraps(BATCH_RECORD_INVOCATIONS)
    def batch_record_invocations(
        self,
        request: Optional[pb.BatchRecordInvocationsRequest] = None,
        *,
        invocations: Optional[Sequence[pb.ToolInvocation]] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.BatchRecordInvocationsResponse:
        return self._unary(BATCH_RECORD_INVOCATIONS, request, timeout, metadata, invocations=invocations)

    @wraps(RECORD_AGENT_STEP)
    def record_agent_step(
        self,
        request: Optional[pb.RecordAgentStepRequest] = None,
        *,
        step: Optional[pb.AgentStep] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.RecordAgentStepResponse:
        return self._unary(RECORD_AGENT_STEP, request, timeout, metadata, step=step)

    @wraps(GET_SESSION)
    def get_session(
        self,
        request: Optional[pb.GetSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.GetSessionResponse:
        return self._unary(GET_SESSION, request, timeout, metadata, session_id=session_id)

    @wraps(COMPLETE_SESSION)
    def complete_session(
        self,
        request: Optional[pb.CompleteSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        status: Optional["pb.SessionStatus"] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.CompleteSessionResponse:
        return self._unary(COMPLETE_SESSION, request, timeout, metadata, session_id=session_id, status=status)

    @wraps(SUMMARIZE_SESSION)
    def summarize_session(
        self,
        request: Optional[pb.SummarizeSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.SummarizeSessionResponse:
        return self._unary(SUMMARIZE_SESSION, request, timeout, metadata, session_id=session_id)

    @wraps(CHAT)
    def chat(
        self,
        request: Optional[pb.ChatRequest] = None,
        *,
        session_id: Optional[str] = None,
        question: Optional[str] = None,
        draft_answer: Optional[str] = None,
        verifier_output: Optional[str] = None,
        request_id: Optional[str] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.ChatResponse:
        return self._unary(
            CHAT,
            request,
            timeout,
            metadata,
            session_id=session_id,
            question=question,
            draft_answer=draft_answer,
            verifier_output=verifier_output,
            request_id=request_id,
        )

    @wraps(LIST_SESSIONS)
    def list_sessions(
        self,
        request: Optional[pb.ListSessionsRequest] = None,
        *,
        page_size: Optional[int] = None,
        page_token: Optional[str] = None,
        status: Optional["pb.SessionStatus"] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.ListSessionsResponse:
        return self._unary(
            LIST_SESSIONS, request, timeout, metadata, page_size=page_size, page_token=page_token, status=status
        )

    @wraps(WATCH_SESSION)
    def watch_session(
        self,
        request: Optional[pb.WatchSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        replay_only: Optional[bool] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> Iterator[pb.WatchSessionResponse]:
        return self._stream(WATCH_SESSION, request, timeout, metadata, session_id=session_id, replay_only=replay_only)

    # -- the one place a call is sent ------------------------------------------------------
    def _unary(
        self,
        rpc: Rpc[Req, Resp],
        request: Optional[Req],
        timeout: Optional[float],
        metadata: Optional[Metadata],
        **fields: Any,
    ) -> Resp:
        call = self._prepare(rpc, request, timeout, metadata, fields)

        def attempt(remaining: Optional[float]) -> Resp:
            with typed_errors():
                return call.send(call.request, timeout=remaining, metadata=call.metadata)

        return self._retrier.call(attempt, call.timeout, idempotent=call.idempotent)

    def _stream(
        self,
        rpc: Rpc[Req, Resp],
        request: Optional[Req],
        timeout: Optional[float],
        metadata: Optional[Metadata],
        **fields: Any,
    ) -> Iterator[Resp]:
        """A generator: nothing is sent (and no argument checked) before the first event is asked for."""
        call = self._prepare(rpc, request, timeout, metadata, fields)
        stream = call.send(call.request, timeout=call.timeout, metadata=call.metadata)
        try:
            with typed_errors():
                yield from stream
        finally:
            stream.cancel()
