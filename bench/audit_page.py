"""The audit page's first view of a 10,000-row session against SummarizeSession of the same session, same run.

    python -m bench.audit_page [--rows 10000] [--database postgresql://...]

The page's first view (one HTTP GET of /sessions/ID, rendered by the server)
reads the session, its summary (the same use case as SummarizeSession), one
page of the waterfall and its last evaluations; the timeline is paged, so the
page holds TIMELINE_PAGE_ROWS rows, never the whole session. Target: within 2x
of SummarizeSession (docs/audit-page.md).
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import urllib.request
import uuid

import grpc

from bench.procs import Proc
from bench.workload import session_invocations
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


def _median_time(fn, runs: int) -> float:
    fn()  # warm up
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return sorted(times)[len(times) // 2]


def page_vs_summarize(url: str, rows: int = 10_000, runs: int = 7) -> tuple[float, float, int]:
    """(first view s, SummarizeSession s, timeline rows on the page) for one `rows`-row session."""
    with Proc.evidence_trace(url, "--http-listen", "127.0.0.1:0") as et:
        base = et.http_base()
        session = f"page-{rows}-{uuid.uuid4().hex[:6]}"
        with grpc.insecure_channel(et.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            invocations = session_invocations(session, rows)
            for start in range(0, rows, 500):
                stub.BatchRecordInvocations(
                    pb.BatchRecordInvocationsRequest(invocations=invocations[start : start + 500]), timeout=60
                )
            request = pb.SummarizeSessionRequest(session_id=session)
            summarize = _median_time(lambda: stub.SummarizeSession(request, timeout=60), runs)

        def first_view() -> bytes:
            with urllib.request.urlopen(f"{base}/sessions/{session}", timeout=60) as response:
                return response.read()

        page = _median_time(first_view, runs)
        shown = len(re.findall(rb'<details class="tl-row', first_view()))
    return page, summarize, shown


def report_row(report, url: str, rows: int = 10_000) -> None:
    page, summarize, shown = page_vs_summarize(url, rows)
    report(
        f"audit page first view, {rows:,} rows ({shown} drawn)",
        f"{page * 1000:.2f} ms",
        f"SummarizeSession {summarize * 1000:.2f} ms",
        f"{page / summarize:.2f}x",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--database", help="a postgresql:// URL instead of a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{tmp}/page.db"

        def report(name: str, measured: str, baseline: str, ratio: str) -> None:
            print(f"  {name:<46} {measured:>14} {baseline:>32} {ratio:>8}", flush=True)

        report_row(report, url, args.rows)


if __name__ == "__main__":
    main()
