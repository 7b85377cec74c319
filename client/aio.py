"""The asyncio client (grpc.aio): the same facade as EvidenceTraceClient, awaitable."""
from __future__ import annotations

from typing import Any, AsyncIterator, Callable, Iterable, Optional, Sequence

import grpc
import grpc.aio

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


class AsyncEvidenceTraceClient:
    """An asyncio connection to an evidence-trace server.

    The same methods, arguments, deadlines, retries and errors as
    `EvidenceTraceClient`, as coroutines. Create and use it inside a running
    event loop; `async with` closes the channel.

    Example::

        async with AsyncEvidenceTraceClient("127.0.0.1:50051") as client:
            await client.get_session(session_id="incident-42")
    """

    def __init__(self, target: str, *, credentials: Optional[grpc.ChannelCredentials] = None,
                 default_timeout: Optional[float] = 5.0, retry: RetryPolicy = RetryPolicy(),
                 metadata: Optional[Metadata] = None, options: Iterable[tuple[str, Any]] = (),
                 retrier: Optional[Retrier] = None, token: Optional[str] = None):
        self.target = target
        self.default_timeout = default_timeout
        self.retry = retry
        opts = list(CHANNEL_OPTIONS) + list(options)
        self._channel = (grpc.aio.secure_channel(target, credentials, options=opts) if credentials is not None
                         else grpc.aio.insecure_channel(target, options=opts))
        self._stub = pb_grpc.EvidenceTraceServiceStub(self._channel)
        self._metadata = auth_metadata(token) + tuple(metadata or ())
        self._retrier = retrier or Retrier(retry)

    async def __aenter__(self) -> "AsyncEvidenceTraceClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the channel; calls still in flight are cancelled."""
        await self._channel.close(None)

    async def record_invocation(self, request: Optional[pb.RecordInvocationRequest] = None, *,
                                invocation: Optional[pb.ToolInvocation] = None, timeout: Optional[float] = None,
                                metadata: Optional[Metadata] = None) -> pb.RecordInvocationResponse:
        """Store one tool call; returns after its commit (CREATED or DUPLICATE). Retried safely."""
        req = build_request(pb.RecordInvocationRequest, request, invocation=invocation)
        return await self._call("RecordInvocation", self._stub.RecordInvocation, req, timeout, metadata)

    async def batch_record_invocations(self, request: Optional[pb.BatchRecordInvocationsRequest] = None, *,
                                       invocations: Optional[Sequence[pb.ToolInvocation]] = None,
                                       timeout: Optional[float] = None,
                                       metadata: Optional[Metadata] = None) -> pb.BatchRecordInvocationsResponse:
        """Store 1-500 tool calls; one result per item. Retried safely."""
        req = build_request(pb.BatchRecordInvocationsRequest, request, invocations=invocations)
        return await self._call("BatchRecordInvocations", self._stub.BatchRecordInvocations, req, timeout,
                                metadata)

    async def record_agent_step(self, request: Optional[pb.RecordAgentStepRequest] = None, *,
                                step: Optional[pb.AgentStep] = None, timeout: Optional[float] = None,
                                metadata: Optional[Metadata] = None) -> pb.RecordAgentStepResponse:
        """Store one model step or helper call. Retried safely."""
        req = build_request(pb.RecordAgentStepRequest, request, step=step)
        return await self._call("RecordAgentStep", self._stub.RecordAgentStep, req, timeout, metadata)

    async def get_session(self, request: Optional[pb.GetSessionRequest] = None, *,
                          session_id: Optional[str] = None, timeout: Optional[float] = None,
                          metadata: Optional[Metadata] = None) -> pb.GetSessionResponse:
        """A session and its counts; NotFoundError when it does not exist."""
        req = build_request(pb.GetSessionRequest, request, session_id=session_id)
        return await self._call("GetSession", self._stub.GetSession, req, timeout, metadata)

    async def complete_session(self, request: Optional[pb.CompleteSessionRequest] = None, *,
                               session_id: Optional[str] = None,
                               status: Optional["pb.SessionStatus"] = None,
                               timeout: Optional[float] = None,
                               metadata: Optional[Metadata] = None) -> pb.CompleteSessionResponse:
        """Mark a session COMPLETED or FAILED. Idempotent for the same status."""
        req = build_request(pb.CompleteSessionRequest, request, session_id=session_id, status=status)
        return await self._call("CompleteSession", self._stub.CompleteSession, req, timeout, metadata)

    async def summarize_session(self, request: Optional[pb.SummarizeSessionRequest] = None, *,
                                session_id: Optional[str] = None, timeout: Optional[float] = None,
                                metadata: Optional[Metadata] = None) -> pb.SummarizeSessionResponse:
        """The session's merged, verifier-facing evidence entries."""
        req = build_request(pb.SummarizeSessionRequest, request, session_id=session_id)
        return await self._call("SummarizeSession", self._stub.SummarizeSession, req, timeout, metadata)

    async def chat(self, request: Optional[pb.ChatRequest] = None, *, session_id: Optional[str] = None,
                   question: Optional[str] = None, draft_answer: Optional[str] = None,
                   verifier_output: Optional[str] = None, timeout: Optional[float] = None,
                   metadata: Optional[Metadata] = None) -> pb.ChatResponse:
        """Judge a draft answer against the session's evidence. Retried with one request_id: a resend returns the first evaluation."""
        req = build_request(pb.ChatRequest, request, session_id=session_id, question=question,
                            draft_answer=draft_answer, verifier_output=verifier_output)
        return await self._call("Chat", self._stub.Chat, req, timeout, metadata)

    async def list_sessions(self, request: Optional[pb.ListSessionsRequest] = None, *,
                            page_size: Optional[int] = None, page_token: Optional[str] = None,
                            status: Optional["pb.SessionStatus"] = None, timeout: Optional[float] = None,
                            metadata: Optional[Metadata] = None) -> pb.ListSessionsResponse:
        """One page of sessions, most recently updated first (AIP-158). Retried safely."""
        req = build_request(pb.ListSessionsRequest, request, page_size=page_size, page_token=page_token,
                            status=status)
        return await self._call("ListSessions", self._stub.ListSessions, req, timeout, metadata)

    async def watch_session(self, request: Optional[pb.WatchSessionRequest] = None, *,
                            session_id: Optional[str] = None, replay_only: Optional[bool] = None,
                            timeout: Optional[float] = None,
                            metadata: Optional[Metadata] = None) -> AsyncIterator[pb.WatchSessionResponse]:
        """The session's stored rows, then each new one, until it completes; see the sync client."""
        req = build_request(pb.WatchSessionRequest, request, session_id=session_id, replay_only=replay_only)
        stream = self._stub.WatchSession(req, timeout=timeout, metadata=call_metadata(self._metadata, metadata))
        try:
            async for event in stream:
                yield event
        except grpc.RpcError as err:
            raise error_from_rpc(err) from err
        finally:
            stream.cancel()

    async def _call(self, rpc: str, method: Callable[..., Any], request: Any, timeout: Optional[float],
                    metadata: Optional[Metadata]) -> Any:
        md = call_metadata(self._metadata, metadata)

        async def attempt(remaining: Optional[float]) -> Any:
            try:
                return await method(request, timeout=remaining, metadata=md)
            except grpc.RpcError as err:
                raise error_from_rpc(err) from err

        overall = self.default_timeout if timeout is None else timeout
        return await self._retrier.call_async(attempt, overall, idempotent=rpc in IDEMPOTENT_RPCS)
