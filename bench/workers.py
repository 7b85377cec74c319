"""`serve --workers N` scaling: the same load against 1, 2, ... server processes, on SQLite and PostgreSQL.

    python -m bench.workers [--seconds 3] [--workers 1,2] [--postgres postgresql://postgres@127.0.0.1:5432/postgres]

For each backend and worker count, a fresh database and a fresh server; then
RecordInvocation at concurrency 8 (calls/s) and BatchRecordInvocations of 500
rows at concurrency 4 (rows/s). The load generator runs in this process on
threads; each line states its share of the CPU used in the run (its own
against the server processes'), since on a small machine it competes with the
workers for the same cores; PostgreSQL's processes and everything else running
on the machine (other processes) are stated in cores, so a busy machine shows.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
import uuid
from typing import Iterator, Optional

import grpc

from bench.load import run_load
from bench.percall import cpu_seconds, own_cpu_seconds
from bench.procs import Proc
from bench.workload import Wire, record_request
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

BATCH = 500


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it (the supervisor and its workers)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rpartition(")")[2].split()[1])
            except OSError:
                continue
    found, frontier = [pid], [pid]
    while frontier:
        frontier = [child for child, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine spent busy so far (/proc/stat), whoever used them."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def postgres_pids() -> list[int]:
    """PostgreSQL's server processes on this machine (their CPU is the database's share)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/comm") as comm:
                if comm.read().strip() == "postgres":
                    pids.append(int(entry))
    return pids


def _server_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def measure(address: str, pids: list[int], seconds: float, rows: int) -> dict[str, float]:
    tag = uuid.uuid4().hex[:8]
    out: dict[str, float] = {}
    with grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        run_load(lambda w, i: stub.RecordInvocation(record_request(f"warm{tag}-{w}-{i}"), timeout=30), 4, 0.5)
    # One channel (one connection) per load thread, so the kernel spreads them over the workers.
    channels = [grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) for _ in range(8)]
    try:
        record_wire, batch_wire = Wire("record"), Wire("batch", BATCH)
        records = [record_wire.caller(c, 30) for c in channels]
        batches = [batch_wire.caller(c, 60) for c in channels]
        for name, call, concurrency, budget, per_call in (
            ("unary", lambda w, i: records[w](w, i), 8, seconds, 1),
            ("batch", lambda w, i: batches[w](w, i), 4, 3600.0, BATCH),
        ):
            database_pids = postgres_pids()
            server_before, own_before = _server_cpu(pids), own_cpu_seconds()
            database_before, machine_before = _server_cpu(database_pids), machine_busy_seconds()
            began = time.perf_counter()
            result = run_load(call, concurrency, budget, max_calls=rows // BATCH if name == "batch" else 2_000_000)
            elapsed = time.perf_counter() - began
            server, own = _server_cpu(pids) - server_before, own_cpu_seconds() - own_before
            database = _server_cpu(database_pids) - database_before
            out[f"{name}_database_cores"] = database / elapsed
            out[f"{name}_other_cores"] = (
                max(0.0, machine_busy_seconds() - machine_before - server - own - database) / elapsed
            )
            out[name] = result.calls * per_call / elapsed
            out[f"{name}_server_us"] = server / max(1, result.calls * per_call) * 1e6
            out[f"{name}_p99_ms"] = result.p99_ms
            out[f"{name}_client_share"] = own / max(1e-9, own + server)
            out[f"{name}_server_cores"] = server / elapsed
            out[f"{name}_errors"] = result.errors
    finally:
        for c in channels:
            c.close()
    return out


@contextlib.contextmanager
def fresh_postgres(admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database for one server, dropped afterwards."""
    import psycopg2

    name = f"bench_workers_{uuid.uuid4().hex[:10]}"
    admin = psycopg2.connect(admin_url)
    admin.autocommit = True
    try:
        admin.cursor().execute(f"CREATE DATABASE {name}")
        base, _, _ = admin_url.rpartition("/")
        yield f"{base}/{name}"
    finally:
        admin.cursor().execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.close()


@contextlib.contextmanager
def database(backend: str, postgres_admin: Optional[str]) -> Iterator[str]:
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/workers.db"
    else:
        assert postgres_admin
        with fresh_postgres(postgres_admin) as url:
            yield url


def scaling(
    seconds: float, counts: list[int], postgres_admin: Optional[str], rows: int = 20_000
) -> list[tuple[str, int, dict[str, float]]]:
    results = []
    for backend in ("sqlite", "postgresql") if postgres_admin else ("sqlite",):
        for n in counts:
            with database(backend, postgres_admin) as url, Proc.evidence_trace(url, "--workers", str(n)) as server:
                results.append((backend, n, measure(server.address, descendants(server.pid), seconds, rows)))
    return results


def print_scaling(results: list[tuple[str, int, dict[str, float]]]) -> None:
    base = {(b, "unary"): r["unary"] for b, n, r in results if n == 1}
    base.update({(b, "batch"): r["batch"] for b, n, r in results if n == 1})
    for backend, n, r in results:
        for kind, label in (("unary", "RecordInvocation c=8 calls/s"), ("batch", "batch rows/s (500/call, c=4)")):
            ratio = r[kind] / base[(backend, kind)] if (backend, kind) in base else float("nan")
            errors = f", {r[kind + '_errors']:.0f} errors" if r[kind + "_errors"] else ""
            print(
                f"  {backend:<10} workers={n:<2} {label:<30} {r[kind]:>9,.0f}  x{ratio:4.2f} vs 1 worker"
                f"  p99 {r[kind + '_p99_ms']:.0f} ms, {r[kind + '_server_us']:,.0f} µs server CPU each"
                f"  (server {r[kind + '_server_cores']:.2f} cores, load generator "
                f"{r[kind + '_client_share']:.0%} of CPU, PostgreSQL {r[kind + '_database_cores']:.2f} cores, "
                f"other processes {r[kind + '_other_cores']:.2f} cores{errors})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="duration of each unary run")
    parser.add_argument("--workers", default="1,2", help="worker counts to run, comma-separated")
    parser.add_argument("--rows", type=int, default=20_000, help="rows sent by the batch run")
    parser.add_argument("--postgres", help="an admin postgresql:// URL: also measure PostgreSQL (fresh databases)")
    args = parser.parse_args()
    print(f"  serve --workers scaling, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print_scaling(scaling(args.seconds, [int(n) for n in args.workers.split(",")], args.postgres, args.rows))


if __name__ == "__main__":
    main()
