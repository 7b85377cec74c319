"""Where a row's time goes on the write path: each stage on the benchmark's rows, sequentially.

    python -m bench.stages [--rows 500] [--rounds 7]

The first lines time each step of the recorder alone; `SQL` times the writer's
transaction on a temporary SQLite file (the same `durability=full`
connection `serve` opens) with the rows already built; the last line runs the
whole path in process, from the request's bytes to the committed rows, as the
batch RPC's handler does, without gRPC. Each figure is the best of a few
rounds, in µs per row.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import tempfile
import time
from typing import Callable

from bench.workload import batch_request
from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION, classify
from evidence_trace.server.domain.redaction import Redactor
from evidence_trace.server.domain.validation import Limits, validate_invocation
from evidence_trace.server.rpc import convert as convert
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.writer import GroupCommitWriter, WriteInvocation
from evidence_trace.server.usecases.recording import Recorder, _params_json
from evidence_trace.v1 import evidence_trace_pb2 as pb

WHOLE = "whole path in process (bytes -> committed rows)"
"""The label of the last stage: what the others add up to, measured as one."""


def _per_row_us(fn: Callable[[], object], rows: int, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best / rows * 1e6


def stage_costs(rows: int = 500, rounds: int = 15) -> list[tuple[str, float]]:
    """(stage, µs per row) for the recorder's steps, in the order a row goes through them, then the whole."""
    request = batch_request("stage", rows)
    wire = request.SerializeToString()
    messages = list(request.invocations)
    limits = Limits()
    recorder = Recorder(writer=None, limits=limits, redactor=Redactor())  # type: ignore[arg-type]  # builds rows only
    invocations = [convert.invocation_from_pb(m)[0] for m in messages]
    normalized = [recorder.normalize_invocation(i) for i in invocations]  # params unchanged: built once, reused
    classified = [classify(i) for i in normalized]
    costs = [
        (
            "parse the request (protobuf, C)",
            _per_row_us(lambda: pb.BatchRecordInvocationsRequest.FromString(wire), rows, rounds),
        ),
        ("protobuf -> domain", _per_row_us(lambda: [convert.invocation_from_pb(m) for m in messages], rows, rounds)),
        ("validate (limits, ids)", _per_row_us(lambda: [_validate(recorder, i) for i in invocations], rows, rounds)),
        (
            "redact + normalize",
            _per_row_us(lambda: [recorder.normalize_invocation(i) for i in invocations], rows, rounds),
        ),
        ("classify", _per_row_us(lambda: [classify(i) for i in normalized], rows, rounds)),
        (
            "stored row + idempotency hash",
            _per_row_us(lambda: [_row(recorder, i, c) for i, c in zip(normalized, classified)], rows, rounds),
        ),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(f"sqlite:///{tmp}/stages.db")
        migrate(db)
        writer = GroupCommitWriter(db)
        try:
            fresh = itertools.count()
            costs.append(
                ("SQL: the writer's transaction (SQLite)", _sql_us(writer, recorder, normalized, fresh, rounds))
            )
            live = Recorder(writer, limits, Redactor())

            def whole() -> None:
                k = next(fresh)
                sent = batch_request(f"whole-{k}", rows, session=f"whole-{k}").SerializeToString()
                started = time.perf_counter()
                parsed = pb.BatchRecordInvocationsRequest.FromString(sent)
                live.record_invocations("default", [convert.invocation_from_pb(m)[0] for m in parsed.invocations], 30)
                timings.append(time.perf_counter() - started)

            timings: list[float] = []
            for _ in range(rounds):
                whole()
            costs.append((WHOLE, min(timings) / rows * 1e6))
        finally:
            writer.close()
            db.close()
    return costs


def _validate(recorder: Recorder, inv) -> object:
    return validate_invocation(inv, recorder.limits, _params_json(inv)) or recorder.redactor.key_violations(
        invocation_id=inv.invocation_id, session_id=inv.session_id, tool_name=inv.tool_name
    )


def _row(recorder: Recorder, inv, c) -> object:
    return WriteInvocation.of("default", inv, c, CLASSIFIER_VERSION, 0, _params_json(inv))


def _sql_us(writer: GroupCommitWriter, recorder: Recorder, normalized, fresh, rounds: int) -> float:
    """The writer's transaction for rows already built: fresh ids each round, so every row is inserted."""
    best = float("inf")
    for _ in range(rounds):
        k = next(fresh)
        ops = [
            recorder.prepare_invocation(
                "default", dataclasses.replace(i, invocation_id=f"sql-{k}-{n}", session_id=f"sql-{k}"), 0
            )[0]
            for n, i in enumerate(normalized)
        ]
        started = time.perf_counter()
        writer.submit(ops).result(30)
        best = min(best, time.perf_counter() - started)
    return best / len(normalized) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    costs = stage_costs(args.rows, args.rounds)
    for stage, micros in costs:
        if stage == WHOLE:
            parts = sum(m for s, m in costs if s != WHOLE)
            print(f"  {'sum of the stages above':<46} {parts:>8.1f} µs/row")
        print(f"  {stage:<46} {micros:>8.1f} µs/row", flush=True)


if __name__ == "__main__":
    main()
