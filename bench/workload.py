"""Realistic ~1 KB invocations, as protobuf requests and as stored rows."""

from __future__ import annotations

import itertools
import json
import os

from evidence_trace.server.domain.model import Invocation, OutputState
from evidence_trace.server.domain.validation import Limits
from evidence_trace.server.store.rows import INVOCATIONS
from evidence_trace.server.usecases.recording import Recorder
from evidence_trace.v1 import evidence_trace_pb2 as pb

_LOGS = json.dumps(
    {
        "success": True,
        "region": "cn-shanghai",
        "logTopic": "payment",
        "query": "level:ERROR",
        "logs": [
            {
                "timestamp": "2026-11-30T10:00:0%dZ" % i,
                "level": "ERROR" if i == 0 else "INFO",
                "service": "payment-service",
                "instance": "payment-7d9f-%d" % i,
                "message": "upstream timeout after 30s calling bank-gateway (支付服务调用超时)",
                "metrics": {},
            }
            for i in range(4)
        ],
        "total": 4,
        "message": "ok",
    },
    ensure_ascii=False,
    indent=2,
)[:800]

TOOLS = ("query_logs", "query_metrics", "lookup_knowledge")


def invocation(invocation_id: str, session: str = "bench", n: int = 0) -> pb.ToolInvocation:
    m = pb.ToolInvocation(
        invocation_id=invocation_id,
        session_id=session,
        tool_name=TOOLS[n % 3],
        duration_ms=120 + n % 50,
        success=True,
        output_preview=_LOGS,
    )
    m.input_params.update({"logTopic": f"topic-{n % 7}", "query": "level:ERROR", "region": "cn-shanghai"})
    if n % 3 == 2:
        m.retrieval.retrieval_layer = "L1"
        m.retrieval.l1_count = 3
        m.retrieval.relevance_level = pb.RELEVANCE_LEVEL_HIGH if n % 2 else pb.RELEVANCE_LEVEL_LOW
    if n % 11 == 5:
        m.success = False
        m.output_preview = ""
        m.output_state = pb.OUTPUT_STATE_NOT_CAPTURED
        m.error_message = "timeout after 30s"
        m.error_kind = pb.ERROR_KIND_TIMEOUT
    return m


def record_request(invocation_id: str) -> pb.RecordInvocationRequest:
    return pb.RecordInvocationRequest(invocation=invocation(invocation_id))


def batch_request(prefix: str, size: int, session: str = "bench") -> pb.BatchRecordInvocationsRequest:
    return pb.BatchRecordInvocationsRequest(invocations=[invocation(f"{prefix}-{k}", session, k) for k in range(size)])


class Wire:
    """A request's serialized bytes with a fresh id tag per call, built in C.

    The load generator sends the same bytes the echo baseline does: serialized
    once, every invocation id written with a fixed-length tag that `fresh()`
    replaces by a new one of the same length (so every length prefix stays
    right). Building a protobuf message per call instead costs the load
    generator 30-50 µs a row of the machine's two cores, which is then taken
    from the server it measures.
    """

    _TAG = "Zq" * 6  # 12 characters no payload here contains
    METHODS = {
        "record": "/evidence_trace.v1.EvidenceTraceService/RecordInvocation",
        "batch": "/evidence_trace.v1.EvidenceTraceService/BatchRecordInvocations",
    }

    def __init__(self, kind: str, size: int = 1, session: str = "bench") -> None:
        if kind == "record":
            message: object = record_request(f"{self._TAG}-0")
        else:
            message = batch_request(self._TAG, size, session)
        self._bytes = message.SerializeToString()  # type: ignore[attr-defined]
        self._tag = self._TAG.encode()
        self.method = self.METHODS[kind]

    _counter = itertools.count()  # one for every Wire of the process: no two requests share a tag

    def fresh(self) -> bytes:
        """The request with ids no earlier call of this process used."""
        tag = f"{next(Wire._counter):06x}{os.getpid() % 0x1000000:06x}".encode()
        return self._bytes.replace(self._tag, tag)

    def caller(self, channel, timeout: float):
        """A function that sends a fresh request on channel (raw bytes in, raw bytes out)."""
        call = channel.unary_unary(self.method)
        return lambda w, i: call(self.fresh(), timeout=timeout)


def session_invocations(session: str, n: int) -> list[pb.ToolInvocation]:
    return [invocation(f"{session}-{k}", session, k) for k in range(n)]


_RECORDER = Recorder(writer=None, limits=Limits())  # used only to build rows, never to write


def row_values(invocation_id: str) -> dict:
    """The stored row of a benchmark invocation, exactly as the recorder builds it."""
    inv = Invocation(
        invocation_id=invocation_id,
        session_id="raw",
        tool_name="query_logs",
        input_params={"logTopic": "topic-0", "query": "level:ERROR", "region": "cn-shanghai"},
        duration_ms=120,
        success=True,
        output_state=OutputState.CAPTURED,
        output_preview=_LOGS,
    )
    op, _ = _RECORDER.prepare_invocation("default", inv, 0)
    return dict(zip(INVOCATIONS.write_columns, (*op.row.values, 0)))  # record_us = 0
