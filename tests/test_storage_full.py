"""SQLite on a full disk, under sustained ingest: every refusal says STORAGE_FULL ("disk full"), not
the rollback's own error; one WARNING when it starts, one INFO when it ends; the write service turns
NOT_SERVING while the server stays SERVING; writes resume, without a restart, once space is freed;
nothing acknowledged is lost and nothing is stored twice.

The disk is a database file capped by `?max_page_count=N` (SQLite's PRAGMA max_page_count: a write
past the cap fails with SQLITE_FULL exactly as on a full disk), filled to its cap beside a ballast
table; deleting the ballast frees space, as an operator freeing a disk would.
"""

from __future__ import annotations

import collections
import logging
import re
import sqlite3
import urllib.request

import pytest
from conftest import make_settings
from fault_figures import stored_tally
from health_watch import NOT_SERVING, SERVICE, SERVING, HealthWatch, wait_until
from ingest import Ingest
from prometheus_client.parser import text_string_to_metric_families
from serverproc import ServerProcess
from stored import stored_invocation_ids, tool_call_count

from evidence_trace.server.app import create_server
from evidence_trace.server.cli.main import main
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.migrations import migrate

pytestmark = pytest.mark.slow

#: Pages the capped file may grow by once the server starts: a hundred invocations or so.
HEADROOM_PAGES = 200
#: Each invocation's output preview: larger than a page, so every row needs pages of its own (overflow
#: pages) and no write squeezes into a page's leftover space once the cap is reached: the fault is sharp.
PREVIEW = "x" * 6000


def _capped_database(path) -> str:
    """A migrated database with 16 MB of ballast; its URL, capped a little above its size."""
    db = open_database(f"sqlite:///{path}")
    migrate(db)
    db.close()
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE ballast (b BLOB)")
        conn.executemany("INSERT INTO ballast VALUES (randomblob(4000))", [()] * 4000)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    return f"sqlite:///{path}?max_page_count={pages + HEADROOM_PAGES}"


def _free_space(path) -> None:
    conn = sqlite3.connect(path, timeout=30)
    with conn:
        conn.execute("DELETE FROM ballast")
    conn.close()


def _samples(metrics_url: str) -> dict[tuple[str, frozenset], float]:
    with urllib.request.urlopen(metrics_url, timeout=10) as response:
        text = response.read().decode()
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_a_full_disk_says_disk_full_turns_the_service_unhealthy_and_recovers_without_loss(
    tmp_path, caplog, capsys, fault_report
):
    caplog.set_level(logging.INFO)
    path = tmp_path / "et.db"
    url = _capped_database(path)
    running = create_server(make_settings(url, storage_unhealthy_after_s=0.5, http_listen="127.0.0.1:0"))
    address = f"127.0.0.1:{running.port}"
    caplog.clear()  # from here on, only what the fault makes the server log
    try:
        health = HealthWatch(address)
        # One client alone fills the file to its cap: the first refusal leaves room for no row at all,
        # so no later write fits in (several clients at once would still squeeze single rows into it).
        filler = Ingest(address, prefix="fill", threads=1, output_preview=PREVIEW)
        filler.wait_for_errors(1)
        ingest = Ingest(address, prefix="full", output_preview=PREVIEW)
        ingest.wait_for_errors(50)
        health.wait_for(NOT_SERVING)
        assert health.changes[""] == [SERVING]  # the process is alive: only the write service is unhealthy
        cli_code = main(["health", "--server", address])
        cli_out, cli_err = capsys.readouterr()
        refusals = dict(ingest.refusals + filler.refusals)
        _free_space(path)
        health.wait_for(SERVING)
        ingest.wait_for_acks(len(ingest.acknowledged) + 100)  # writes resumed, same process
        retried = filler.stop(resend_unacknowledged=True) + ingest.stop(resend_unacknowledged=True)
        refused_in_all = sum(ingest.refusals.values()) + sum(filler.refusals.values())
        changes = health.stop()
        samples = _samples(f"http://127.0.0.1:{running.http_port}/metrics")
    finally:
        running.stop(grace=1)

    rows = collections.Counter(stored_invocation_ids(url))
    acknowledged = set(ingest.acknowledged) | set(filler.acknowledged)
    storage_lines = [r for r in caplog.records if r.name == "evidence_trace.server.storage"]
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    failures = samples.get(("evidence_trace_storage_failures_total", frozenset({("reason", "STORAGE_FULL")})), 0)
    outages = samples.get(("evidence_trace_storage_outage_seconds_count", frozenset()), 0)
    fault_report(
        **stored_tally(acknowledged, rows),
        refused_during_outage=refusals,
        refused_in_all=refused_in_all,
        retries_acknowledged_after=retried,
        health=changes[SERVICE],
        storage_log_lines=len(storage_lines),
        failed_transactions=failures,
        outages=outages,
    )
    assert set(refusals) == {"UNAVAILABLE/STORAGE_FULL/retry-hint"}
    assert acknowledged <= set(rows) and all(n == 1 for n in rows.values())
    assert set(ingest.unacknowledged) | set(filler.unacknowledged) <= acknowledged  # every refusal landed on retry
    assert tool_call_count(url, "ingest") == sum(rows.values())
    # Health: the write service went NOT_SERVING and came back; the server itself never left SERVING.
    assert changes[SERVICE] == [SERVING, NOT_SERVING, SERVING]
    assert changes[""] == [SERVING]
    assert any(c.startswith("disk full (STORAGE_FULL)") for c in health.causes), health.causes
    assert cli_code == 1 and cli_out == "NOT_SERVING\n"
    assert f"{SERVICE} is NOT_SERVING: disk full (STORAGE_FULL)" in cli_err, cli_err
    # The log: one WARNING that names the cause and the database, one INFO at recovery with the refused count.
    assert [r.levelname for r in storage_lines] == ["WARNING", "INFO"]
    started, recovered = (r.getMessage() for r in storage_lines)
    assert started.startswith(f"storage failing: disk full (STORAGE_FULL) on {url}: database or disk is full")
    assert recovered.startswith(f"storage recovered on {url} after ") and "(disk full, STORAGE_FULL)" in recovered
    assert recovered.endswith(f": {refused_in_all} write(s) refused during the outage")  # each refusal, once
    assert warnings == storage_lines[:1]  # nothing logged per call
    # Metrics: failed transactions by reason, and one outage.
    assert failures > 0 and outages == 1


def test_under_workers_the_supervisor_metrics_sum_the_failures_and_outages_of_the_workers(tmp_path, fault_report):
    path = tmp_path / "et.db"
    url = _capped_database(path)
    env = {"EVIDENCE_TRACE_STORAGE_UNHEALTHY_AFTER_S": "0.5"}
    with ServerProcess(url, "--workers", "2", "--http-listen", "127.0.0.1:0", env=env) as server:

        def metrics_urls() -> list[str]:  # printed just after "listening on", all that ServerProcess waits for
            return [m.group(1) for m in (re.search(r"(http://\S+/metrics)", line) for line in server.output) if m]

        wait_until(lambda: bool(metrics_urls()), "the metrics address printed")
        metrics_url = metrics_urls()[0]
        filler = Ingest(server.address, prefix="fill", threads=1, output_preview=PREVIEW)
        filler.wait_for_errors(1)
        ingest = Ingest(
            server.address, prefix="full", output_preview=PREVIEW
        )  # its own connection: maybe the other worker
        ingest.wait_for_errors(50)
        _free_space(path)
        ingest.wait_for_acks(len(ingest.acknowledged) + 100)
        filler.wait_for_acks(len(filler.acknowledged) + 10)
        retried = filler.stop(resend_unacknowledged=True) + ingest.stop(resend_unacknowledged=True)

        def lines(words: str) -> int:
            return sum(f"evidence_trace.server.storage: {words}" in line for line in server.output)

        wait_until(lambda: lines("storage recovered") == lines("storage failing") >= 1, "a recovery line per outage")
        samples = _samples(metrics_url)
        assert server.terminate() == 0
    failures = samples.get(("evidence_trace_storage_failures_total", frozenset({("reason", "STORAGE_FULL")})), 0)
    outages = samples.get(("evidence_trace_storage_outage_seconds_count", frozenset()), 0)
    refused = sum(filler.refusals.values()) + sum(ingest.refusals.values())
    rows = collections.Counter(stored_invocation_ids(url))
    acknowledged = set(ingest.acknowledged) | set(filler.acknowledged)
    fault_report(
        **stored_tally(acknowledged, rows),
        refused=refused,
        retries_acknowledged_after=retried,
        failed_transactions_summed=failures,
        outages_summed=outages,
        outage_log_lines=lines("storage failing"),
    )
    assert outages == lines("storage recovered") >= 1  # one outage per worker that had one, summed
    assert lines("storage failing") <= failures <= refused  # a failed transaction refuses one call or more
    assert set(filler.refusals) | set(ingest.refusals) == {"UNAVAILABLE/STORAGE_FULL/retry-hint"}
    assert acknowledged <= set(rows) and all(n == 1 for n in rows.values())
    assert set(ingest.unacknowledged) | set(filler.unacknowledged) <= acknowledged
