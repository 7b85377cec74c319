"""Two replicas on one PostgreSQL database: no duplicates, no lost writes, same answers from both."""

from __future__ import annotations

import concurrent.futures
import random

import grpc
import psycopg2
import pytest
from builders import failed_invocation, invocation, step
from conftest import postgres_url_or_skip
from serverproc import ServerProcess

from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SESSIONS = [f"replica-s{i}" for i in range(4)]


def _messages() -> list[pb.ToolInvocation]:
    out = []
    for i in range(400):
        session = SESSIONS[i % len(SESSIONS)]
        if i % 7 == 0:
            out.append(failed_invocation(invocation_id=f"rep-{i}", session_id=session))
        else:
            out.append(
                invocation(
                    invocation_id=f"rep-{i}",
                    session_id=session,
                    input_params={"logTopic": f"topic-{i % 3}", "query": "level:ERROR"},
                )
            )
    return out


def test_two_replicas_share_one_database_without_duplicates_or_loss():
    url = postgres_url_or_skip()
    with ServerProcess(url) as a, ServerProcess(url) as b:
        channels = [grpc.insecure_channel(a.address), grpc.insecure_channel(b.address)]
        stubs = [pb_grpc.EvidenceTraceServiceStub(c) for c in channels]
        messages = _messages()
        # Every invocation goes to both replicas, concurrently, in shuffled order.
        work = [(stub, m) for m in messages for stub in stubs]
        random.Random(7).shuffle(work)

        def send(item):
            stub, message = item
            return message.invocation_id, stub.RecordInvocation(
                pb.RecordInvocationRequest(invocation=message), timeout=30
            ).outcome

        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            results = list(pool.map(send, work))
            steps = list(
                pool.map(
                    lambda i: stubs[i % 2].RecordAgentStep(
                        pb.RecordAgentStepRequest(step=step(step_id=f"rep-step-{i}", session_id=SESSIONS[i % 4])),
                        timeout=30,
                    ),
                    range(40),
                )
            )
        created = [i for i, outcome in results if outcome == pb.RECORD_OUTCOME_CREATED]
        duplicates = [i for i, outcome in results if outcome == pb.RECORD_OUTCOME_DUPLICATE]
        assert sorted(created) == sorted(m.invocation_id for m in messages)  # each id created exactly once
        assert len(duplicates) == len(messages)
        assert all(s.outcome == pb.RECORD_OUTCOME_CREATED for s in steps)

        with psycopg2.connect(url) as conn, conn.cursor() as cur:
            cur.execute("SELECT COUNT(*), COUNT(DISTINCT invocation_id) FROM tool_invocation")
            assert cur.fetchone() == (400, 400)
        for session in SESSIONS:
            got = [s.GetSession(pb.GetSessionRequest(session_id=session), timeout=10).session for s in stubs]
            assert got[0].tool_call_count == got[1].tool_call_count == 100
            assert got[0].step_count == got[1].step_count == 10
            summaries = [s.SummarizeSession(pb.SummarizeSessionRequest(session_id=session), timeout=10) for s in stubs]
            assert list(summaries[0].entries) == list(summaries[1].entries)
            assert sum(e.call_count for e in summaries[0].entries) == 100
        for c in channels:
            c.close()
