"""evidence-trace client SDK: record agent tool calls and steps, read summaries, gate answers.

Quick start::

    from evidence_trace.client import EvidenceTraceClient, traced

    client = EvidenceTraceClient("127.0.0.1:50051")

    @traced(client, session_id="incident-42")
    def query_logs(log_topic: str, query: str) -> dict:
        ...

See docs/client.md.
"""

from evidence_trace.client.aio import AsyncEvidenceTraceClient
from evidence_trace.client.background import BackgroundRecorder
from evidence_trace.client.errors import (
    AlreadyExistsError,
    CancelledError,
    DeadlineExceededError,
    EvidenceTraceError,
    FailedPreconditionError,
    FieldViolation,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    ResourceExhaustedError,
    UnauthenticatedError,
    UnavailableError,
    UnimplementedError,
    error_from_rpc,
)
from evidence_trace.client.recording import DirectRecorder, Recorder, RecorderStats
from evidence_trace.client.retry import NO_RETRY, Retrier, RetryPolicy, is_retryable
from evidence_trace.client.sync import EvidenceTraceClient
from evidence_trace.client.tracing import Retrieval, ToolResult, TracedCall, TracedStep, trace_step, trace_tool, traced
from evidence_trace.v1 import evidence_trace_pb2 as pb

__all__ = [
    "AlreadyExistsError",
    "AsyncEvidenceTraceClient",
    "BackgroundRecorder",
    "CancelledError",
    "DeadlineExceededError",
    "DirectRecorder",
    "EvidenceTraceClient",
    "EvidenceTraceError",
    "FailedPreconditionError",
    "FieldViolation",
    "InternalError",
    "InvalidArgumentError",
    "NO_RETRY",
    "NotFoundError",
    "PermissionDeniedError",
    "Recorder",
    "RecorderStats",
    "ResourceExhaustedError",
    "Retrier",
    "Retrieval",
    "RetryPolicy",
    "ToolResult",
    "TracedCall",
    "TracedStep",
    "UnauthenticatedError",
    "UnavailableError",
    "UnimplementedError",
    "error_from_rpc",
    "is_retryable",
    "pb",
    "trace_step",
    "trace_tool",
    "traced",
]
