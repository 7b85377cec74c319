"""Where a row's time goes on the write path: each stage on the benchmark's rows, sequentially."""

from __future__ import annotations

import time
from typing import Callable

from bench.workload import batch_request
from evidence_trace.server.domain.evidence import classify
from evidence_trace.server.domain.redaction import Redactor
from evidence_trace.server.domain.validation import Limits, validate_invocation
from evidence_trace.server.rpc import convert as convert
from evidence_trace.server.usecases.recording import Recorder
from evidence_trace.v1 import evidence_trace_pb2 as pb


def _per_row_us(fn: Callable[[], object], rows: int, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best / rows * 1e6


def stage_costs(rows: int = 500) -> list[tuple[str, float]]:
    """(stage, µs per row) for the recorder's steps, in the order a row goes through them."""
    request = batch_request("stage", rows)
    wire = request.SerializeToString()
    messages = list(request.invocations)
    limits = Limits()
    recorder = Recorder(writer=None, limits=limits, redactor=Redactor())  # builds rows, never writes
    invocations = [convert.invocation_from_pb(m)[0] for m in messages]
    normalized = [recorder.normalize_invocation(i) for i in invocations]
    return [
        (
            "parse the request (protobuf, C)",
            _per_row_us(lambda: pb.BatchRecordInvocationsRequest.FromString(wire), rows),
        ),
        ("protobuf -> domain", _per_row_us(lambda: [convert.invocation_from_pb(m) for m in messages], rows)),
        ("validate", _per_row_us(lambda: [validate_invocation(i, limits) for i in invocations], rows)),
        ("redact + normalize", _per_row_us(lambda: [recorder.normalize_invocation(i) for i in invocations], rows)),
        ("classify", _per_row_us(lambda: [classify(i) for i in normalized], rows)),
        (
            "row: classify + canonical JSON + hashes",
            _per_row_us(lambda: [recorder.prepare_invocation("default", i, 0) for i in normalized], rows),
        ),
    ]
