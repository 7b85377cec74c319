"""Run every benchmark and print one table of results with ratios to same-run baselines.

    python -m bench [--seconds 3] [--database postgresql://...] [--quick]

Everything runs on loopback, bounded in time and count. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sqlite3
import statistics
import tempfile
import time
import uuid

import grpc

from bench import audit_page, percall, workers
from bench.echo_server import METHOD as ECHO_METHOD
from bench.load import run_load
from bench.otlp import SPANS_PER_EXPORT, http_vs_grpc, otlp_vs_batch
from bench.procs import Proc, rss_kib
from bench.stages import stage_costs
from bench.workload import Wire, batch_request, row_values, session_invocations
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.rows import INVOCATIONS
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

ROWS: list[tuple[str, str, str, str]] = []  # (benchmark, measured, baseline, ratio)


def report(name: str, measured: str, baseline: str = "", ratio: str = "") -> None:
    ROWS.append((name, measured, baseline, ratio))
    print(f"  {name:<46} {measured:>26} {baseline:>26} {ratio:>8}", flush=True)


def bench_unary(et: Proc, echo: Proc, seconds: float) -> None:
    wire = Wire("record")
    payload = wire.fresh()
    with grpc.insecure_channel(echo.address) as ech, grpc.insecure_channel(et.address) as etch:
        echo_call = ech.unary_unary(ECHO_METHOD)
        record = wire.caller(etch, 10)
        run_load(lambda w, i: echo_call(payload, timeout=10), 4, 0.5)  # warm up
        for concurrency in (1, 8, 32):
            base = run_load(lambda w, i: echo_call(payload, timeout=10), concurrency, seconds)
            got = run_load(record, concurrency, seconds)
            report(
                f"RecordInvocation c={concurrency} calls/s",
                f"{got.rate:,.0f} (p50 {got.p50_ms:.2f} p99 {got.p99_ms:.2f} ms)",
                f"echo {base.rate:,.0f} (p50 {base.p50_ms:.2f} p99 {base.p99_ms:.2f})",
                f"{got.rate / base.rate:.0%}",
            )
            if got.errors:
                report(f"  errors at c={concurrency}", str(got.errors))


def raw_sqlite_insert(rows: int) -> float:
    """The storage baseline: sqlite3 executemany of the same rows in one durable transaction."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/raw.db"
        migrate(open_database(url))
        conn = sqlite3.connect(f"{tmp}/raw.db", isolation_level=None)
        conn.execute("PRAGMA journal_mode=wal")
        conn.execute("PRAGMA synchronous=FULL")
        values = [row_values(f"raw-{i}") for i in range(rows)]
        columns = INVOCATIONS.write_columns
        sql = f"INSERT INTO {INVOCATIONS.table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        began = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(sql, [tuple(v[c] for c in columns) for v in values])
        conn.execute("COMMIT")
        elapsed = time.perf_counter() - began
        conn.close()
        return rows / elapsed


def bench_batch(et: Proc, rows: int) -> None:
    baseline = raw_sqlite_insert(rows)
    batches = rows // 500
    wire = Wire("batch", 500)
    with grpc.insecure_channel(et.address, options=[("grpc.max_send_message_length", 64 << 20)]) as ch:
        began = time.perf_counter()
        result = run_load(wire.caller(ch, 60), 4, 3600, max_calls=batches)
        elapsed = time.perf_counter() - began
    rate = result.calls * 500 / elapsed
    report(
        "BatchRecordInvocations rows/s (500/call, c=4)",
        f"{rate:,.0f}",
        f"sqlite3 executemany {baseline:,.0f}",
        f"{rate / baseline:.0%}",
    )


def bench_otlp(et: Proc, rows: int) -> None:
    otlp_rate, batch_rate, rejected = otlp_vs_batch(et, rows)
    report(
        f"OTLP Export spans/s ({SPANS_PER_EXPORT}/call, c=4)",
        f"{otlp_rate:,.0f}" + (f" ({rejected} rejected)" if rejected else ""),
        f"BatchRecordInvocations {batch_rate:,.0f}",
        f"{otlp_rate / batch_rate:.0%}",
    )


def bench_otlp_http(url: str, durability: str, rows: int) -> None:
    """OTLP/HTTP protobuf against OTLP/gRPC Export: its own server, with the HTTP endpoint (and so metrics) on."""
    with Proc.evidence_trace(url, "--durability", durability, "--http-listen", "127.0.0.1:0") as et:
        http_rate, grpc_rate = http_vs_grpc(et, rows)
    report(
        f"OTLP/HTTP protobuf spans/s ({SPANS_PER_EXPORT}/req, c=4)",
        f"{http_rate:,.0f}",
        f"OTLP/gRPC Export {grpc_rate:,.0f}",
        f"{http_rate / grpc_rate:.0%}",
    )


# A long answer in the shape agents write: headings, list items, a table, both languages (issue 21's target).
LONG_DRAFT = (
    "## Summary\npayment-service logged ERROR upstream timeout after 30s. The errors started at 10:00 UTC.\n\n"
    "## Evidence\n- payment-service logged ERROR upstream timeout after 30s.\n"
    "- The log search for topic-0 matched entries with level ERROR.\n"
    "| Service | Level | Message |\n|---|---|---|\n| payment-service | ERROR | upstream timeout after 30s |\n\n"
    "## 中文\npayment-service 记录了 ERROR：upstream timeout after 30s。\n\n"
    "## Recommendations\nRaise the upstream timeout only after checking the bank gateway; 建议先检查上游。\n"
) * 4


def bench_summaries(et: Proc, db_path: str | None) -> dict[int, float]:
    """Summaries of 100, 1,000, 10,000 rows vs a raw fetch of the same rows."""
    timings = {}
    with grpc.insecure_channel(et.address) as ch:
        stub = pb_grpc.EvidenceTraceServiceStub(ch)
        for n in (100, 1_000, 10_000):
            session = f"sum-{n}-{uuid.uuid4().hex[:6]}"
            invocations = session_invocations(session, n)
            for start in range(0, n, 500):
                stub.BatchRecordInvocations(
                    pb.BatchRecordInvocationsRequest(invocations=invocations[start : start + 500]), timeout=60
                )
            request = pb.SummarizeSessionRequest(session_id=session)
            runs = 21 if n < 10_000 else 7
            got = _median_time(lambda: stub.SummarizeSession(request, timeout=60), runs)
            timings[n] = got
            base = ""
            ratio = ""
            if db_path:
                conn = sqlite3.connect(db_path)
                raw = _median_time(
                    lambda: conn.execute(
                        "SELECT * FROM tool_invocation WHERE tenant = 'default' AND session_id = ? "
                        "ORDER BY start_us, seq",
                        (session,),
                    ).fetchall(),
                    runs,
                )
                conn.close()
                base, ratio = f"raw fetch {raw * 1000:.2f} ms", f"{got / raw:.2f}x"
            report(f"SummarizeSession {n:,} rows", f"{got * 1000:.2f} ms", base, ratio)
            if n == 1_000:
                chat = pb.ChatRequest(
                    session_id=session,
                    question="Why did payments fail?",
                    draft_answer="payment-service logged ERROR upstream timeout after 30s.",
                )
                chat_time = _median_time(lambda: stub.Chat(chat, timeout=60), runs)
                report(
                    "Chat (rules verifier) 1,000 rows",
                    f"{chat_time * 1000:.2f} ms",
                    f"summarize {got * 1000:.2f} ms",
                    f"{chat_time / got:.2f}x",
                )
                long_chat = pb.ChatRequest(
                    session_id=session, question="Why did payments fail?", draft_answer=LONG_DRAFT
                )
                long_time = _median_time(lambda: stub.Chat(long_chat, timeout=60), 7)
                report(
                    f"Chat (rules verifier) 1,000 rows, {len(LONG_DRAFT):,}-char answer",
                    f"{long_time * 1000:.2f} ms",
                    f"summarize {got * 1000:.2f} ms",
                    f"{long_time / got:.2f}x",
                )
    report("Summarize growth 1,000 -> 10,000 rows (10x rows)", f"{timings[10_000] / timings[1_000]:.1f}x time")
    return timings


def bench_memory(database: str | None, rows: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = database or f"sqlite:///{tmp}/mem.db"
        with Proc.evidence_trace(url) as et, grpc.insecure_channel(et.address) as ch:
            stub = pb_grpc.EvidenceTraceServiceStub(ch)
            tag = uuid.uuid4().hex[:8]
            samples = []
            for i in range(rows // 500):
                stub.BatchRecordInvocations(batch_request(f"m{tag}-{i}", 500, session=f"mem-{i % 50}"), timeout=60)
                if i % 20 == 19:
                    samples.append(((i + 1) * 500, rss_kib(et.pid)))
            early = next(kib for n, kib in samples if n >= rows // 10)
            late = samples[-1][1]
            peak = max(kib for _, kib in samples)
            report(
                f"server RSS during {rows:,}-row ingest",
                f"{early / 1024:.0f} MiB at {rows // 10:,} -> {late / 1024:.0f} MiB at {rows:,}",
                f"peak {peak / 1024:.0f} MiB",
                f"{late / early:.2f}x",
            )


def _median_time(fn, runs: int) -> float:
    fn()  # warm up
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="duration of each unary load run")
    parser.add_argument("--database", help="a postgresql:// URL to benchmark instead of a temporary SQLite file")
    parser.add_argument("--durability", default="full", choices=("full", "normal"))
    parser.add_argument("--quick", action="store_true", help="short runs, smaller ingest (a smoke test)")
    parser.add_argument(
        "--postgres-admin",
        help="a postgresql:// URL allowed to create databases: the --workers scaling also runs on PostgreSQL",
    )
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    print(
        f"evidence-trace bench, {dt.datetime.now().isoformat(timespec='seconds')}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"grpcio {grpc.__version__}, sqlite {sqlite3.sqlite_version}, durability={args.durability}"
    )
    print(f"  {'benchmark':<46} {'measured':>26} {'baseline (same run)':>26} {'ratio':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        db_path = None if args.database else f"{tmp}/bench.db"
        url = args.database or f"sqlite:///{db_path}"
        with Proc.echo() as echo, Proc.evidence_trace(url, "--durability", args.durability) as et:
            bench_unary(et, echo, seconds)
            bench_batch(et, 20_000 if args.quick else 100_000)
            bench_otlp(et, 10_240 if args.quick else 51_200)
            bench_summaries(et, db_path)
    with tempfile.TemporaryDirectory() as tmp:  # its own server, with the HTTP endpoint on
        bench_otlp_http(
            args.database or f"sqlite:///{tmp}/otlp-http.db", args.durability, 10_240 if args.quick else 51_200
        )
    with tempfile.TemporaryDirectory() as tmp:  # its own server, with the HTTP endpoint on
        audit_page.report_row(report, args.database or f"sqlite:///{tmp}/page.db")
    bench_memory(args.database, 20_000 if args.quick else 200_000)
    print("\n  where a row's time goes on the write path (sequential, benchmark rows; docs/performance.md)")
    for stage, micros in stage_costs():
        print(f"  {stage:<46} {micros:>8.1f} µs/row", flush=True)
    print("\n  what one RecordInvocation costs beyond its row, at c=8 (bench/percall.py)")
    for label, r in percall.end_to_end(seconds, 8):
        print(
            f"  {label:<52} {r['rate']:>7,.0f} calls/s {r['server_us']:>7,.0f} µs server CPU/call"
            f"  (load generator {r['client_share']:.0%} of CPU)",
            flush=True,
        )
    for label, micros in percall.isolated():
        print(f"  {label:<62} {micros:>7.1f} µs/call (in isolation)", flush=True)
    print("\n  serve --workers scaling (bench/workers.py)")
    workers.print_scaling(workers.scaling(seconds, [1, 2], args.postgres_admin, rows=4_000 if args.quick else 20_000))


if __name__ == "__main__":
    main()
