"""The asyncio client (grpc.aio): the same facade as EvidenceTraceClient, awaitable.

Its methods are typed wrappers of the same RPC table (client/rpcs.py) as the blocking client's.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Iterable, Optional, Sequence

import grpc
import grpc.aio

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


class AsyncEvidenceTraceClient(ClientCore):
    """An asyncio connection to an evidence-trace server.

    The same methods, arguments, deadlines, retries and errors as
    `EvidenceTraceClient`, as coroutines. Create and use it inside a running
    event loop; `async with` closes the channel.

    Example::

        async with AsyncEvidenceTraceClient("127.0.0.1:50051") as client:
            await client.get_session(session_id="incident-42")
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
        opts = channel_options(options)
        channel = (
            grpc.aio.secure_channel(target, credentials, options=opts)
            if credentials is not None
            else grpc.aio.insecure_channel(target, options=opts)
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

    async def __aenter__(self) -> "AsyncEvidenceTraceClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the channel; calls still in flight are cancelled."""
        await self._channel.close(None)

    # -- RPCs: one wrapper per row of the table; docstrings come from the table ---------------
    @wraps(RECORD_INVOCATION)
    async def record_invocation(
        self,
        request: Optional[pb.RecordInvocationRequest] = None,
        *,
        invocation: Optional[pb.ToolInvocation] = None,
        view: Optional[pb.RecordView] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.RecordInvocationResponse:
        return await self._unary(RECORD_INVOCATION, request, timeout, metadata, invocation=invocation, view=view)

    @wraps(BATCH_RECORD_INVOCATIONS)
    async def batch_record_invocations(
        self,
        request: Optional[pb.BatchRecordInvocationsRequest] = None,
        *,
        invocations: Optional[Sequence[pb.ToolInvocation]] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.BatchRecordInvocationsResponse:
        return await self._unary(BATCH_RECORD_INVOCATIONS, request, timeout, metadata, invocations=invocations)

    @wraps(RECORD_AGENT_STEP)
    async def record_agent_step(
        self,
        request: Optional[pb.RecordAgentStepRequest] = None,
        *,
        step: Optional[pb.AgentStep] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.RecordAgentStepResponse:
        return await self._unary(RECORD_AGENT_STEP, request, timeout, metadata, step=step)

    @wraps(GET_SESSION)
    async def get_session(
        self,
        request: Optional[pb.GetSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.GetSessionResponse:
        return await self._unary(GET_SESSION, request, timeout, metadata, session_id=session_id)

    @wraps(COMPLETE_SESSION)
    async def complete_session(
        self,
        request: Optional[pb.CompleteSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        status: Optional["pb.SessionStatus"] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.CompleteSessionResponse:
        return await self._unary(COMPLETE_SESSION, request, timeout, metadata, session_id=session_id, status=status)

    @wraps(SUMMARIZE_SESSION)
    async def summarize_session(
        self,
        request: Optional[pb.SummarizeSessionRequest] = None,
        *,
        session_id: Optional[str] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.SummarizeSessionResponse:
        return await self._unary(SUMMARIZE_SESSION, request, timeout, metadata, session_id=session_id)

    @wraps(CHAT)
    async def chat(
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
        return await self._unary(
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
    async def list_sessions(
        self,
        request: Optional[pb.ListSessionsRequest] = None,
        *,
        page_size: Optional[int] = None,
        page_token: Optional[str] = None,
        status: Optional["pb.SessionStatus"] = None,
        timeout: Optional[float] = None,
        metadata: Optional[Metadata] = None,
    ) -> pb.ListSessionsResponse:
        return await self._unary(
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
    ) -> AsyncIterator[pb.WatchSessionResponse]:
        return self._stream(WATCH_SESSION, request, timeout, metadata, session_id=session_id, replay_only=replay_only)

    # -- the one place a call is sent ------------------------------------------------------
    async def _unary(
        self,
        rpc: Rpc[Req, Resp],
        request: Optional[Req],
        timeout: Optional[float],
        metadata: Optional[Metadata],
        **fields: Any,
    ) -> Resp:
        call = self._prepare(rpc, request, timeout, metadata, fields)

        async def attempt(remaining: Optional[float]) -> Resp:
            with typed_errors():
                return await call.send(call.request, timeout=remaining, metadata=call.metadata)

        return await self._retrier.call_async(attempt, call.timeout, idempotent=call.idempotent)

    async def _stream(
        self,
        rpc: Rpc[Req, Resp],
        request: Optional[Req],
        timeout: Optional[float],
        metadata: Optional[Metadata],
        **fields: Any,
    ) -> AsyncIterator[Resp]:
        """An async generator: nothing is sent before the first event is asked for."""
        call = self._prepare(rpc, request, timeout, metadata, fields)
        stream = call.send(call.request, timeout=call.timeout, metadata=call.metadata)
        try:
            with typed_errors():
                async for event in stream:
                    yield event
        finally:
            stream.cancel()
