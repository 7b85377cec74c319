"""`make demo` runs: the replayed incident gives an accepted and a rejected draft."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_demo_replays_a_session_and_gates_both_drafts():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "demo.py")], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "0 undelivered" in out and "6 tool calls, 2 model steps, 1 helper calls" in out
    assert "decision: ACCEPT" in out and "decision: REJECT" in out
    for level in ("DIRECT", "NO_EVIDENCE"):
        assert level in out


def _summary_cells(out: str) -> list[str]:
    """The summary column of the demo's table."""
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("tool "))
    column = lines[header].index("summary")
    return [line[column:] for line in lines[header + 1 :] if line.strip()][:4]


def test_the_demo_cuts_summaries_at_a_word_and_says_where_its_session_went():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "demo.py")], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    cut = [cell for cell in _summary_cells(result.stdout) if cell.endswith("…")]
    assert cut, "the demo's summaries are long enough to be cut"
    assert all(cell.endswith(" …") for cell in cut)  # a whole word, then the mark
    assert "--address" in result.stdout.splitlines()[-1]  # the throwaway store is named, and how to keep a session


def test_the_demo_without_the_venv_says_how_to_run_it():
    # -S leaves out site-packages, where the project is installed: like a bare `python` outside .venv.
    result = subprocess.run(
        [sys.executable, "-S", str(ROOT / "scripts" / "demo.py")], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and ".venv/bin/python scripts/demo.py" in result.stderr
