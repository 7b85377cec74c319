"""The same invocations delivered two and three times, concurrently: one row each."""

from __future__ import annotations

import collections
import concurrent.futures
import random

from builders import invocation
from stored import stored_invocation_ids, tool_call_count

from evidence_trace.v1 import evidence_trace_pb2 as pb


def test_concurrent_redelivery_stores_one_row_per_invocation(server, stub, db_url, fault_report):
    sent = {f"dup-{i}": invocation(invocation_id=f"dup-{i}", session_id="dups") for i in range(300)}
    deliveries = [(i, 2 if n % 2 else 3) for n, i in enumerate(sent)]
    calls = [i for i, times in deliveries for _ in range(times)]
    random.Random(8).shuffle(calls)

    def deliver(key: tuple[int, str]) -> tuple[str, int]:
        n, invocation_id = key
        if n % 5 == 0:  # some deliveries arrive in batches, mixed with single calls
            response = stub.BatchRecordInvocations(
                pb.BatchRecordInvocationsRequest(invocations=[sent[invocation_id]]), timeout=30
            )
            return invocation_id, response.results[0].outcome
        return invocation_id, stub.RecordInvocation(
            pb.RecordInvocationRequest(invocation=sent[invocation_id]), timeout=30
        ).outcome

    with concurrent.futures.ThreadPoolExecutor(24) as pool:
        outcomes = list(pool.map(deliver, enumerate(calls)))
    created = collections.Counter(i for i, o in outcomes if o == pb.RECORD_OUTCOME_CREATED)
    duplicates = collections.Counter(i for i, o in outcomes if o == pb.RECORD_OUTCOME_DUPLICATE)
    rows = collections.Counter(stored_invocation_ids(db_url))
    fault_report(
        invocations=len(sent),
        deliveries=len(calls),
        created=sum(created.values()),
        duplicate_answers=sum(duplicates.values()),
        rows=sum(rows.values()),
        ids_stored_twice=sum(1 for n in rows.values() if n > 1),
        session_tool_call_count=tool_call_count(db_url, "dups"),
    )
    assert set(created) == set(sent) and set(created.values()) == {1}
    assert sum(duplicates.values()) == len(calls) - len(sent)
    assert rows == collections.Counter(list(sent))
    assert tool_call_count(db_url, "dups") == len(sent)
