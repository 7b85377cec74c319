"""Replay a realistic incident diagnosis through the client SDK and show what evidence-trace makes of it.

Usage: .venv/bin/python scripts/demo.py [--address HOST:PORT]   (or: make demo ARGS="--address HOST:PORT")

Run it with the project's virtual environment (`make` creates `.venv`): a bare
`python` has no evidence_trace. With --address it writes to that running
server, so `evidence-trace sessions` lists the session afterwards. Without
--address, it starts the service in-process on a free port with a throwaway
SQLite store, which is gone when the demo exits. The agent's tools are traced with @traced (background
recording); its planning and model calls are recorded as steps. The demo then
prints the session summary and the Chat decision for a draft the evidence
supports and for one it does not.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import textwrap
import uuid
from typing import Iterator

try:
    from evidence_trace.client import EvidenceTraceClient, Retrieval, ToolResult, trace_step, traced
    from evidence_trace.v1 import evidence_trace_pb2 as pb
except ImportError as missing:  # a bare `python`, not the project's venv
    sys.exit(
        f"demo: cannot import {missing.name or 'evidence_trace'}: run it with the project's virtual "
        f"environment: .venv/bin/python scripts/demo.py (or make demo; `make` creates .venv)"
    )

#: The widest summary cell of the demo's table; longer text is cut at a word.
SUMMARY_CHARS = 70

QUESTION = "Why are payments failing since 10:00?"
SUPPORTED_DRAFT = (
    "payment-service is failing because its calls to the bank gateway hit an "
    "upstream timeout after 30s; follow runbook PAY-7."
)
UNSUPPORTED_DRAFT = "The outage was caused by orders-db running out of disk (ENOSPC) at 95% usage."


class IncidentTools:
    """The agent's tools, answering from canned data as a real backend would."""

    def __init__(self, client: EvidenceTraceClient, session_id: str):
        trace = lambda **kw: traced(client, session_id=session_id, **kw)  # noqa: E731
        self.lookup_knowledge = trace()(self._lookup_knowledge)
        self.query_logs = trace(topic_domain=lambda p: p["log_topic"])(self._query_logs)
        self.query_metrics = trace(topic_domain=lambda p: p["service"])(self._query_metrics)
        self._seen_queries: set[str] = set()
        self._metrics_attempts = 0

    def _lookup_knowledge(self, query: str) -> ToolResult[str]:
        if query in self._seen_queries:  # session-level dedup in the retrieval layer
            return ToolResult(
                "",
                retrieval=Retrieval(dedup_reason="same query already answered in this session", relevance_level="NONE"),
            )
        self._seen_queries.add(query)
        return ToolResult(
            "Runbook PAY-7: upstream timeouts on calls to the bank gateway cause payment-service "
            "to fail; check the bank gateway latency.",
            retrieval=Retrieval(
                retrieval_layer="L0+L1", l0_count=1, l1_count=4, relevance_level="HIGH", details={"doc_ids": ["PAY-7"]}
            ),
        )

    def _query_logs(self, log_topic: str, query: str, limit: int = 500) -> dict:
        if log_topic != "payment":
            return {"total": 0, "logs": []}  # a no-hit
        error = {
            "time": "2026-11-30T10:00:01Z",
            "level": "ERROR",
            "service": "payment-service",
            "message": "upstream timeout after 30s calling bank-gateway",
        }
        noise = [
            {
                "time": f"2026-11-30T10:{i // 60:02d}:{i % 60:02d}Z",
                "level": "INFO",
                "service": "payment-service",
                "message": f"request {i} retried",
            }
            for i in range(limit)
        ]
        return {"total": 1 + len(noise), "logs": [error, *noise]}  # ~50 KB: the preview is truncated

    def _query_metrics(self, service: str, query: str, threshold: float) -> dict:
        """A Prometheus /api/v1/query answer; the first attempt times out."""
        self._metrics_attempts += 1
        if self._metrics_attempts == 1:
            raise TimeoutError("prometheus did not answer within 10s")
        sample = {
            "metric": {"__name__": "http_request_duration_p99_seconds", "service": service},
            "value": [1796032801.0, "31.2"],
        }
        return {"status": "success", "data": {"resultType": "vector", "result": [sample]}}


def replay(client: EvidenceTraceClient, session_id: str) -> None:
    """The agent loop of one diagnosis, as a runtime would run it."""
    tools = IncidentTools(client, session_id)
    with trace_step(client, session_id=session_id, name="gpt-4o", kind=pb.AGENT_STEP_KIND_MODEL_STEP) as step:
        step.detail = "Plan: check the runbooks, then payment logs and latency metrics."
    with trace_step(client, session_id=session_id, name="rewrite_query") as step:
        step.detail = "payments failing -> payment upstream timeout"
    tools.lookup_knowledge("payment upstream timeout")
    tools.query_logs("payment", "level:ERROR")
    p99 = 'http_request_duration_p99_seconds{service="payment-service"}'
    try:
        tools.query_metrics("payment-service", p99, threshold=5.0)
    except TimeoutError:
        pass  # the agent goes on; the failure is recorded as such
    tools.query_metrics("payment-service", p99, threshold=5.0)
    tools.query_logs("checkout", "level:ERROR")
    tools.lookup_knowledge("payment upstream timeout")  # the same query again: deduplicated
    with trace_step(client, session_id=session_id, name="gpt-4o", kind=pb.AGENT_STEP_KIND_MODEL_STEP) as step:
        step.detail = "Draft the answer."


def print_summary(summary: pb.SummarizeSessionResponse) -> None:
    s = summary.session
    print(
        f"session {s.session_id}: {s.tool_call_count} tool calls, {s.step_count} model steps, "
        f"{s.helper_call_count} helper calls\n"
    )
    rows = [("tool", "topic", "level", "calls", "ok", "failed", "no-hit", "dedup", "summary")]
    for e in summary.entries:
        level = pb.EvidenceLevel.Name(e.level).removeprefix("EVIDENCE_LEVEL_")
        rows.append(
            (
                e.tool_name,
                e.topic_domain,
                level,
                str(e.call_count),
                str(e.success_count),
                str(e.failure_count),
                str(e.no_hit_count),
                str(e.dedup_count),
                textwrap.shorten(e.output_summary, SUMMARY_CHARS, placeholder=" …"),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print()


def print_chat(label: str, draft: str, response: pb.ChatResponse) -> None:
    decision = pb.Decision.Name(response.decision.decision).removeprefix("DECISION_")
    print(f"{label} draft: {draft}")
    print(f"  decision: {decision} (verifier {response.decision.verifier})")
    for reason in response.decision.reasons:
        print(f"  reason:   {reason}")
    print("  the user sees:")
    for line in response.output_text.splitlines():
        print(f"    {line}")
    print()


def run(address: str, token: str | None = None, throwaway: bool = False) -> int:
    session_id = f"incident-{uuid.uuid4().hex[:8]}"
    with EvidenceTraceClient(address, token=token) as client:
        replay(client, session_id)
        delivered = client.recorder.flush(10)
        stats = client.recorder.stats()
        if not delivered or stats.undelivered:
            print(f"the recorder could not deliver every record: {stats}", file=sys.stderr)
            return 1
        print(f"recorder: {stats.sent} records sent, {stats.undelivered} undelivered\n")
        print_summary(client.summarize_session(session_id=session_id))
        for label, draft in (("supported", SUPPORTED_DRAFT), ("unsupported", UNSUPPORTED_DRAFT)):
            print_chat(label, draft, client.chat(session_id=session_id, question=QUESTION, draft_answer=draft))
        client.complete_session(session_id=session_id, status=pb.SESSION_STATUS_COMPLETED)
    if throwaway:
        print(
            f"session {session_id} was written to the in-process server's temporary store, which is gone now; "
            f"pass --address HOST:PORT of a running server to keep it and see it with `evidence-trace sessions`"
        )
    else:
        print(
            f"session {session_id} on {address}: evidence-trace show {session_id} --server {address}   "
            f"(summarize --wide prints the summaries uncut)"
        )
    return 0


@contextlib.contextmanager
def service(address: str | None) -> Iterator[str]:
    """The given address, or an in-process server with a throwaway store."""
    if address:
        yield address
        return
    from evidence_trace.server.testing import in_process_service

    with in_process_service() as running:
        print(f"evidence-trace started in-process on {running.address} (temporary SQLite store)\n")
        yield running.address


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", help="HOST:PORT of a running server (default: start one in-process)")
    parser.add_argument(
        "--token",
        default=os.environ.get("EVIDENCE_TRACE_TOKEN") or None,
        help="bearer token, for a server with a token file (env EVIDENCE_TRACE_TOKEN)",
    )
    args = parser.parse_args(argv)
    with service(args.address) as address:
        return run(address, args.token, throwaway=not args.address)


if __name__ == "__main__":
    sys.exit(main())
