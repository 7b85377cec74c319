"""Inputs built to be slow: the classifier on adversarial previews, and the summary over many rows.

    python -m bench.pathological [--rounds 5]

The test suite checks what these inputs give; how long they take is measured here, against baselines of the
same run: each adversarial preview against an ordinary log preview of the same length (a ratio near 1 means no
input shape costs more than plain text of its size), and the summary of 10,000 rows per row against 1,000 rows
per row (near 1: it stays linear).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Callable

from evidence_trace.server.domain.evidence import classify
from evidence_trace.server.domain.model import ClassifiedRow, Invocation, Outcome, OutputState
from evidence_trace.server.domain.summary import summarize

ADVERSARIAL = {
    "cut log listing": '{"logs": [' + ", ".join(['{"level": "INFO", "message": "ok"}'] * 400),
    "16,000 open brackets": "[" * 16000,
    "16,000 backslashes in a string": '{"a": "' + "\\" * 16000,
    "16 KiB of one letter": "x" * 16384,
    "cut Prometheus matrix": '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":['
    + ",".join(f'[{i},"0.1"]' for i in range(1200)),
}


def plain_preview(size: int) -> str:
    """An ordinary log listing of about `size` characters."""
    lines = [
        {"level": "ERROR" if i % 7 == 0 else "INFO", "message": f"request {i} served in {i % 90} ms"}
        for i in range(size // 40)
    ]
    return json.dumps({"logs": lines})[:size]


def _call(tool: str, preview: str) -> Invocation:
    return Invocation(
        invocation_id="inv-1",
        session_id="sess-1",
        tool_name=tool,
        input_params={"threshold": 5},
        success=True,
        output_state=OutputState.CAPTURED,
        output_preview=preview,
        output_truncated=True,
    )


def _best(fn: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def classify_ratios(rounds: int = 5) -> list[tuple[str, float, float]]:
    """(input, ms to classify it as logs and as metrics, the same for a plain preview of its length)."""
    results = []
    for name, preview in ADVERSARIAL.items():
        plain = plain_preview(len(preview))
        measured = _best(lambda: [classify(_call(t, preview)) for t in ("query_logs", "query_metrics")], rounds)
        baseline = _best(lambda: [classify(_call(t, plain)) for t in ("query_logs", "query_metrics")], rounds)
        results.append((name, measured * 1000, baseline * 1000))
    return results


def _rows(count: int) -> list[ClassifiedRow]:
    kinds = (Outcome.FAILED, Outcome.NO_HIT, Outcome.DEDUPED, Outcome.INDIRECT_SUPPORT)
    return [
        ClassifiedRow(
            invocation_id=f"inv-{i}",
            tool_name="query_logs",
            topic_domain=f"t{i % 3}",
            outcome=kinds[i % 4],
            input_digest=f"d{i % 50}",
            excerpt=f"hit {i}",
            note=f"n{i}",
        )
        for i in range(count)
    ]


def summary_per_row_us(rounds: int = 5) -> tuple[float, float]:
    """µs per row to summarize 10,000 rows, and 1,000 rows."""
    big, small = _rows(10_000), _rows(1_000)
    return (
        _best(lambda: summarize(iter(big)), rounds) / 10_000 * 1e6,
        _best(lambda: summarize(iter(small)), rounds) / 1_000 * 1e6,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    print(f"  {'classify (as logs and as metrics)':<40} {'measured':>12} {'plain, same size':>18} {'ratio':>7}")
    for name, measured, baseline in classify_ratios(rounds):
        print(f"  {name:<40} {measured:>9.2f} ms {baseline:>15.2f} ms {measured / baseline:>6.1f}x")
    big, small = summary_per_row_us(rounds)
    print(
        f"  {'summary of 10,000 rows, per row':<40} {big:>9.2f} µs {small:>15.2f} µs {big / small:>6.1f}x  (vs 1,000 rows)"
    )


if __name__ == "__main__":
    main()
