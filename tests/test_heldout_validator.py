"""scripts/heldout/validate.py, the check a blind author runs on a held-out file: it passes a well-formed set
(heldout18, written from scripts/heldout/PROMPT.md) and names each problem of a broken one, through a real
server's contract."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VALIDATE = ROOT / "scripts" / "heldout" / "validate.py"


def run(path: pathlib.Path, prefix: str, *categories: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(VALIDATE), str(path), prefix, *categories],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_well_formed_set_passes() -> None:
    done = run(ROOT / "tests" / "gate_corpus" / "pending" / "heldout18.jsonl", "h18")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PROBLEM" not in done.stdout


def test_each_problem_is_named(tmp_path: pathlib.Path) -> None:
    case = {
        "id": "loki-01-unsupported",
        "category": "loki",
        "lang": "en",
        "label": "unsupported",
        "question": "Why are checkouts failing?",
        "draft": "checkout-api returned 503 for every request.",
        "bad_claim": "not in the draft",
        "note": "one 503 only",
        # a failed call with no error message breaks the contract
        "invocations": [{"invocationId": "hx-1", "toolName": "loki_query_range", "success": False}],
    }
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(case) + "\n", encoding="utf-8")
    done = run(path, "zz")
    assert done.returncode == 1
    assert "bad_claim missing or not an exact substring of draft" in done.stdout
    assert "invocationId must start with zz" in done.stdout


def test_a_call_the_contract_refuses_is_named(tmp_path: pathlib.Path) -> None:
    case = {
        "id": "loki-01-supported",
        "category": "loki",
        "lang": "en",
        "label": "supported",
        "question": "Why are checkouts failing?",
        "draft": "The log query failed.",
        "note": "the call failed",
        # a failed call must say why (errorMessage, errorKind): a real server refuses it
        "invocations": [{"invocationId": "zz-1", "toolName": "loki_query_range", "success": False}],
    }
    # its category needs both labels, so a well-formed unsupported case stands beside it
    other = dict(case, id="loki-02-unsupported", label="unsupported", bad_claim="The log query failed.")
    other["invocations"] = [
        {"invocationId": "zz-2", "toolName": "loki_query_range", "success": True, "outputState": "OUTPUT_STATE_EMPTY"}
    ]
    path = tmp_path / "refused.jsonl"
    path.write_text(json.dumps(case) + "\n" + json.dumps(other) + "\n", encoding="utf-8")
    done = run(path, "zz")
    assert done.returncode == 1
    assert "rejected by the contract" in done.stdout


def test_the_categories_the_author_was_given_are_the_ones_accepted(tmp_path: pathlib.Path) -> None:
    cases = [json.loads(line) for line in (ROOT / "tests" / "gate_corpus" / "pending" / "heldout18.jsonl").open()]
    for case in cases:
        case["category"] = "cron_jobs" if case["category"] == "loki" else case["category"]
    path = tmp_path / "renamed.jsonl"
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
    assert "category cron_jobs not one of" in run(path, "h18").stdout
    given = sorted({c["category"] for c in cases})
    done = run(path, "h18", ", ".join(given))
    assert done.returncode == 0, done.stdout + done.stderr
