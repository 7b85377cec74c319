"""Each test run gets its own PostgreSQL database, dropped at the end (issue 13, item 21).

Two pytest runs against one server (two checkouts, or a developer's run during
CI) used to drop and recreate tables in the same database and fail each other.
These tests start real pytest runs in subprocesses with this directory's
conftest and check which database they used and that it is gone afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import postgres_url_or_skip

#: The server the runs create their databases on (the conftest's admin connection).
POSTGRES_ADMIN_URL = os.environ.get("EVIDENCE_TRACE_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

_HERE = Path(__file__).parent
_PROBE = """
import os
from conftest import postgres_url_or_skip

def test_uses_postgres():
    with open(os.environ["PROBE_OUT"], "w") as out:
        out.write(postgres_url_or_skip())
    if os.environ.get("PROBE_FAIL") == "1":
        raise AssertionError("this run fails on purpose: its database must still be dropped")
"""


def _database_names() -> set[str]:
    import psycopg2

    conn = psycopg2.connect(POSTGRES_ADMIN_URL)
    try:
        with conn.cursor() as cur:
            cur.execute("SELECT datname FROM pg_database")
            return {row[0] for row in cur.fetchall()}
    finally:
        conn.close()


def _start_run(tmp_path: Path, name: str, fail: bool) -> tuple[subprocess.Popen, Path]:
    run_dir = tmp_path / name
    run_dir.mkdir()
    for helper in ("conftest.py", "fault_figures.py"):
        shutil.copy(_HERE / helper, run_dir / helper)
    (run_dir / "test_probe.py").write_text(_PROBE)
    out = run_dir / "url.txt"
    env = dict(os.environ, PROBE_OUT=str(out), PROBE_FAIL="1" if fail else "0", CI="true")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(run_dir)],
        cwd=run_dir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    return proc, out


def test_concurrent_runs_use_their_own_databases_and_drop_them(tmp_path):
    postgres_url_or_skip()  # skips (or fails under CI=true) when PostgreSQL is unreachable
    runs = [_start_run(tmp_path, "passing", fail=False), _start_run(tmp_path, "failing", fail=True)]
    codes = [proc.wait(timeout=120) for proc, _ in runs]
    outputs = [proc.stdout.read().decode() if proc.stdout else "" for proc, _ in runs]
    assert codes == [0, 1], outputs

    admin_db = urllib.parse.urlparse(POSTGRES_ADMIN_URL).path.lstrip("/")
    names = [urllib.parse.urlparse(out.read_text()).path.lstrip("/") for _, out in runs]
    assert len(set(names)) == 2, names
    assert admin_db not in names
    assert all(name.startswith("et_test_") for name in names), names
    assert not set(names) & _database_names(), "a run left its database behind"


def test_this_run_uses_its_own_database():
    url = postgres_url_or_skip()
    assert urllib.parse.urlparse(url).path != urllib.parse.urlparse(POSTGRES_ADMIN_URL).path
    assert urllib.parse.urlparse(url).path.lstrip("/") in _database_names()
