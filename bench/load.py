"""Closed-loop load generation: N workers call as fast as they can for a fixed time."""

from __future__ import annotations

import dataclasses
import statistics
import threading
import time
from typing import Callable


@dataclasses.dataclass(frozen=True)
class LoadResult:
    calls: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int

    @property
    def rate(self) -> float:
        return self.calls / self.seconds


def run_load(
    call: Callable[[int, int], None], concurrency: int, seconds: float, max_calls: int = 2_000_000
) -> LoadResult:
    """Run call(worker, i) from `concurrency` threads for `seconds` (bounded by max_calls)."""
    latencies: list[list[float]] = [[] for _ in range(concurrency)]
    errors = [0] * concurrency
    deadline = time.perf_counter() + seconds
    start_gate = threading.Barrier(concurrency + 1)

    def worker(w: int) -> None:
        start_gate.wait()
        i = 0
        mine = latencies[w]
        while time.perf_counter() < deadline and i < max_calls // concurrency:
            t0 = time.perf_counter()
            try:
                call(w, i)
            except Exception:
                errors[w] += 1
            mine.append(time.perf_counter() - t0)
            i += 1

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(concurrency)]
    for t in threads:
        t.start()
    start_gate.wait()
    began = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    flat = sorted(x for per in latencies for x in per)
    if not flat:
        return LoadResult(0, elapsed, 0.0, 0.0, sum(errors))
    p99 = flat[min(len(flat) - 1, int(len(flat) * 0.99))]
    return LoadResult(len(flat), elapsed, statistics.median(flat) * 1000, p99 * 1000, sum(errors))
