"""`make demo` runs: the replayed incident gives an accepted and a rejected draft."""
from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_demo_replays_a_session_and_gates_both_drafts():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "demo.py")], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "0 undelivered" in out and "6 tool calls, 2 model steps, 1 helper calls" in out
    assert "decision: ACCEPT" in out and "decision: REJECT" in out
    for level in ("DIRECT", "NO_EVIDENCE"):
        assert level in out
