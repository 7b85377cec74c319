"""SIGKILL during sustained ingest, restart, repeat: every acknowledged invocation is stored, none twice."""

from __future__ import annotations

import collections

import pytest
from ingest import Ingest
from serverproc import ServerProcess
from stored import stored_invocation_ids, tool_call_count

pytestmark = pytest.mark.slow

ROUNDS = 3


def test_repeated_sigkill_during_ingest_loses_and_doubles_nothing(db_url, fault_report):
    acknowledged: list[str] = []
    statuses: collections.Counter = collections.Counter()
    retried = 0
    previous_unacknowledged: list[str] = []
    for round_ in range(ROUNDS):
        with ServerProcess(db_url) as server:
            ingest = Ingest(server.address, prefix=f"round{round_}")
            # Clients resend what the previous crash left unanswered, as a real client would.
            for invocation_id in previous_unacknowledged:
                retried += ingest.send(invocation_id)
            ingest.wait_for_acks(len(ingest.acknowledged) + 300)
            server.kill()  # mid-ingest: calls are in flight in every client thread
            ingest.stop()
        acknowledged += ingest.acknowledged
        statuses.update(ingest.statuses)
        previous_unacknowledged = ingest.unacknowledged
    stored = stored_invocation_ids(db_url)
    counts = collections.Counter(stored)
    missing = set(acknowledged) - set(counts)
    duplicates = sum(n - 1 for n in counts.values() if n > 1)
    fault_report(
        rounds=ROUNDS,
        acknowledged=len(set(acknowledged)),
        stored=len(stored),
        missing=len(missing),
        duplicates=duplicates,
        resent_after_crash_acknowledged=retried,
        session_count_matches=tool_call_count(db_url, "ingest") == len(stored),
        statuses=dict(statuses),
    )
    assert missing == set()
    assert duplicates == 0
    assert tool_call_count(db_url, "ingest") == len(stored)
    assert set(statuses) <= {"OK", "UNAVAILABLE", "CANCELLED", "DEADLINE_EXCEEDED"}
