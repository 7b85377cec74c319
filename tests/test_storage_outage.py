"""SQLite locked by another process for a while, under sustained ingest: UNAVAILABLE with a retry
hint during the outage, normal service after, nothing acknowledged lost, nothing stored twice.
(PostgreSQL unreachable, the same promise: tests/test_postgres_outage.py.)"""

from __future__ import annotations

import collections
import sqlite3

import pytest
from conftest import make_settings
from fault_figures import stored_tally
from ingest import Ingest
from stored import stored_invocation_ids, tool_call_count

from evidence_trace.server.app import create_server

pytestmark = pytest.mark.slow


def test_a_locked_database_under_load_refuses_with_a_hint_then_recovers_without_loss(tmp_path, fault_report):
    path = tmp_path / "et.db"
    url = f"sqlite:///{path}"
    running = create_server(make_settings(url, busy_timeout_ms=200))
    try:
        ingest = Ingest(f"127.0.0.1:{running.port}", prefix="outage")
        ingest.wait_for_acks(100)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # the outage lasts until the clients saw 40 refusals
        ingest.wait_for_errors(40)
        refusals = dict(ingest.refusals)
        locker.execute("ROLLBACK")
        locker.close()
        ingest.wait_for_acks(len(ingest.acknowledged) + 200)  # normal service after
        retried = ingest.stop(resend_unacknowledged=True)  # clients retry what was refused
    finally:
        running.stop(grace=1)
    rows = collections.Counter(stored_invocation_ids(url))
    acknowledged = set(ingest.acknowledged)
    fault_report(
        **stored_tally(acknowledged, rows),
        refused_during_outage=refusals,
        retries_acknowledged_after=retried,
        unacknowledged_after_retry=len(set(ingest.unacknowledged) - acknowledged),
    )
    assert set(refusals) == {"UNAVAILABLE/STORAGE_BUSY/retry-hint"}
    assert acknowledged <= set(rows) and all(n == 1 for n in rows.values())
    assert set(ingest.unacknowledged) <= acknowledged  # every refused call landed on retry
    assert tool_call_count(url, "ingest") == sum(rows.values())
