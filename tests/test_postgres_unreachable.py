"""PostgreSQL unreachable, then back, under sustained ingest, through a loopback TCP proxy the test
controls (the machine's own PostgreSQL is never touched): the proxy resets every open connection and
refuses new ones, then lets them through again.

Every refusal is STORAGE_UNREACHABLE with a retry hint; the server logs one WARNING when the outage
starts and one INFO when it ends; its write service turns NOT_SERVING while "" stays SERVING; writes
resume without a restart; nothing acknowledged is lost, nothing is stored twice. With two replicas,
each behind its own proxy, only the cut one turns NOT_SERVING: the other keeps serving writes.
"""

from __future__ import annotations

import collections
import logging
import re
import urllib.parse

import pytest
from conftest import make_settings, postgres_url_or_skip
from fault_figures import stored_tally
from health_watch import NOT_SERVING, SERVICE, SERVING, HealthWatch
from ingest import Ingest
from serverproc import ServerProcess
from stored import stored_invocation_ids, tool_call_count
from tcpproxy import TcpProxy

from evidence_trace.server.app import create_server
from evidence_trace.server.cli.main import main

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

UNREACHABLE = "UNAVAILABLE/STORAGE_UNREACHABLE/retry-hint"
PASSWORD = "pw-never-logged"


def _through(proxy: TcpProxy, url: str, password: str = "") -> str:
    parsed = urllib.parse.urlparse(url)
    user = f"{parsed.username}:{password}" if password else parsed.username
    return parsed._replace(netloc=f"{user}@127.0.0.1:{proxy.port}").geturl()


def _proxy(url: str) -> TcpProxy:
    parsed = urllib.parse.urlparse(url)
    return TcpProxy(parsed.hostname or "127.0.0.1", parsed.port or 5432)


def _stored(url: str) -> collections.Counter:
    return collections.Counter(stored_invocation_ids(url))


def test_postgres_unreachable_then_back_is_reported_once_and_loses_nothing(caplog, capsys, fault_report):
    url = postgres_url_or_skip()
    proxy = _proxy(url)
    caplog.set_level(logging.INFO)
    # A password in the URL (the test server trusts loopback, so it goes unused) must never reach the log.
    running = create_server(make_settings(_through(proxy, url, PASSWORD), storage_unhealthy_after_s=0.5))
    address = f"127.0.0.1:{running.port}"
    startup = list(caplog.records)
    caplog.clear()
    try:
        health = HealthWatch(address)
        ingest = Ingest(address, prefix="pg-out")
        ingest.wait_for_acks(100)
        proxy.cut(reset=True)
        ingest.wait_for_errors(50)
        health.wait_for(NOT_SERVING)
        assert health.changes[""] == [SERVING]
        cli_code = main(["health", "--server", address])
        cli_out, cli_err = capsys.readouterr()
        refusals = dict(ingest.refusals)
        proxy.restore()
        health.wait_for(SERVING)
        ingest.wait_for_acks(len(ingest.acknowledged) + 100)  # writes resumed, same process
        refused_in_all = sum(ingest.refusals.values())
        retried = ingest.stop(resend_unacknowledged=True)
        changes = health.stop()
    finally:
        proxy.restore()
        running.stop(grace=1)
        proxy.close()

    rows = _stored(url)
    acknowledged = set(ingest.acknowledged)
    storage_lines = [r for r in caplog.records if r.name == "evidence_trace.server.storage"]
    fault_report(
        **stored_tally(acknowledged, rows),
        refused_during_outage=refusals,
        refused_in_all=refused_in_all,
        retries_acknowledged_after=retried,
        health=changes[SERVICE],
        storage_log_lines=len(storage_lines),
    )
    assert set(refusals) == {UNREACHABLE}
    assert acknowledged <= set(rows) and all(n == 1 for n in rows.values())
    assert set(ingest.unacknowledged) <= acknowledged
    assert tool_call_count(url, "ingest") == sum(rows.values())
    assert changes[SERVICE] == [SERVING, NOT_SERVING, SERVING] and changes[""] == [SERVING]
    assert cli_code == 1 and cli_out == "NOT_SERVING\n"
    assert f"{SERVICE} is NOT_SERVING: database unreachable (STORAGE_UNREACHABLE)" in cli_err, cli_err
    assert [r.levelname for r in storage_lines] == ["WARNING", "INFO"], [r.getMessage() for r in storage_lines]
    started, recovered = (r.getMessage() for r in storage_lines)
    redacted = _through(proxy, url, "***")
    assert started.startswith(f"storage failing: database unreachable (STORAGE_UNREACHABLE) on {redacted}: ")
    assert startup and not [r for r in startup + caplog.records if PASSWORD in r.getMessage()]
    assert recovered.endswith(f": {refused_in_all} write(s) refused during the outage")
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == storage_lines[:1]  # nothing per call


def _lines(server: ServerProcess, pattern: str) -> list[str]:
    return [line for line in server.output if re.search(pattern, line)]


def test_of_two_replicas_only_the_cut_one_turns_not_serving_and_the_other_keeps_writing(fault_report):
    url = postgres_url_or_skip()
    cut, intact = _proxy(url), _proxy(url)
    env = {"EVIDENCE_TRACE_STORAGE_UNHEALTHY_AFTER_S": "0.5"}
    try:
        with ServerProcess(_through(cut, url), env=env) as a, ServerProcess(_through(intact, url), env=env) as b:
            watch_a, watch_b = HealthWatch(a.address), HealthWatch(b.address)
            ingest_a = Ingest(a.address, prefix="rep-a", session_id="replica-a")
            ingest_b = Ingest(b.address, prefix="rep-b", session_id="replica-b")
            ingest_a.wait_for_acks(50)
            ingest_b.wait_for_acks(50)
            cut.cut(reset=True)
            ingest_a.wait_for_errors(50)
            watch_a.wait_for(NOT_SERVING)
            # While replica A cannot write, replica B goes on acknowledging writes, and stays SERVING.
            ingest_b.wait_for_acks(len(ingest_b.acknowledged) + 200)
            b_during = list(watch_b.changes[SERVICE])
            b_refusals = dict(ingest_b.refusals)
            a_refusals = dict(ingest_a.refusals)
            cut.restore()
            watch_a.wait_for(SERVING)
            ingest_a.wait_for_acks(len(ingest_a.acknowledged) + 50)
            retried = ingest_a.stop(resend_unacknowledged=True) + ingest_b.stop(resend_unacknowledged=True)
            changes_a, changes_b = watch_a.stop(), watch_b.stop()
            assert a.terminate() == 0 and b.terminate() == 0
    finally:
        cut.close()
        intact.close()

    rows = _stored(url)
    acknowledged = set(ingest_a.acknowledged) | set(ingest_b.acknowledged)
    fault_report(
        **stored_tally(acknowledged, rows),
        refused_by_the_cut_replica=a_refusals,
        refused_by_the_other=b_refusals,
        retries_acknowledged_after=retried,
        health_cut=changes_a[SERVICE],
        health_other=changes_b[SERVICE],
    )
    assert set(a_refusals) == {UNREACHABLE} and b_refusals == {}
    assert acknowledged <= set(rows) and all(n == 1 for n in rows.values())
    assert set(ingest_a.unacknowledged) <= acknowledged and not ingest_b.unacknowledged
    assert tool_call_count(url, "replica-a") + tool_call_count(url, "replica-b") == sum(rows.values())
    assert changes_a[SERVICE] == [SERVING, NOT_SERVING, SERVING] and changes_a[""] == [SERVING]
    assert b_during == changes_b[SERVICE] == [SERVING] and changes_b[""] == [SERVING]
    # One WARNING and one INFO, from the cut replica only; the other logged no storage line at all.
    assert len(_lines(a, r"WARNING evidence_trace\.server\.storage: storage failing: database unreachable")) == 1
    assert len(_lines(a, r"INFO evidence_trace\.server\.storage: storage recovered")) == 1
    assert _lines(a, r"evidence_trace\.server\.storage") == _lines(a, r"storage (failing|recovered)")
    assert _lines(b, r"evidence_trace\.server\.storage") == []
