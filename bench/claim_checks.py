"""The claim checks of a long answer over a session, in process (issue 21's speed target).

Target: the checks of a 3,000-character answer over 200 rows take under 20 ms.
Printed cold (no row of the session read before: the verifier's caches emptied before each run)
and warm (the session checked again, as each Chat of a session does), against a baseline
measured in the same run: classifying those 200 rows
(the evidence rules the write path runs once per row), so the ratio says how many
"write paths' worth" of reading one Chat's checks cost.

Usage: .venv/bin/python -m bench.claim_checks [--rows 200] [--runs 21]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Callable

from evidence_trace.server.domain.evidence import classify
from evidence_trace.server.domain.model import EvidenceRow, Invocation, OutputState
from evidence_trace.server.domain.verifier import row_readings
from evidence_trace.server.domain.verifier.grounding import check_draft

PODS = [f"checkout-7f9c6d5b8-{s}" for s in ("x2k4q", "p8m3n", "t7wzr", "b4kqz", "m9d2c")]


def _rows(n: int) -> list[Invocation]:
    """n tool calls in the shapes real tools print: Java query_logs, Prometheus, ES, kubectl, knowledge."""
    calls = []
    for k in range(n):
        pod = PODS[k % len(PODS)]
        kind = k % 5
        if kind == 0:
            entries = [
                {
                    "timestamp": f"2026-12-20 11:{i % 60:02d}:{(k + i) % 60:02d}",
                    "level": "ERROR" if i % 3 == 0 else "INFO",
                    "service": "checkout",
                    "instance": pod,
                    "message": f"order {5000 + k * 10 + i} failed: upstream payments returned HTTP 503 after {800 + i} ms",
                }
                for i in range(8)
            ]
            body = {"success": True, "region": "ap-shanghai", "log_topic": "checkout", "logs": entries, "total": 8}
            tool, params, preview = "query_logs", {"logTopic": "checkout"}, json.dumps(body, indent=2)
        elif kind == 1:
            result = [
                {"metric": {"pod": p}, "value": [1797500000 + k, f"0.{(k + j) % 90 + 10}"]} for j, p in enumerate(PODS)
            ]
            body = {"status": "success", "data": {"resultType": "vector", "result": result}}
            tool, params, preview = "query_metrics", {"query": "cpu_ratio", "threshold": 0.8}, json.dumps(body)
        elif kind == 2:
            hits = [
                {
                    "_id": f"h{k}-{i}",
                    "_source": {
                        "@timestamp": f"2026-12-20T03:{i:02d}:11Z",
                        "log": {"level": "error"},
                        "host": {"name": pod},
                        "message": f"payment {7000 + i} declined: acquirer timeout",
                    },
                }
                for i in range(6)
            ]
            body = {"took": 9, "hits": {"total": {"value": 6, "relation": "eq"}, "hits": hits}}
            tool, params, preview = "query_es", {"index": "logs-*"}, json.dumps(body, indent=2)
        elif kind == 3:
            lines = ["NAME                       READY   STATUS             RESTARTS   AGE"]
            lines += [
                f"{p}   {'0/1' if j == 0 else '1/1'}     {'CrashLoopBackOff' if j == 0 else 'Running'}   {j * 3}   2h"
                for j, p in enumerate(PODS)
            ]
            tool, params, preview = "kubectl", {"command": "kubectl get pods"}, "\n".join(lines)
        else:
            body = {
                "status": "success",
                "query": "payments 503",
                "resultCount": 1,
                "results": [
                    {
                        "id": f"kb-{k}",
                        "title": "Payments runbook",
                        "content": "When payments returns HTTP 503, checkout retries three times and then fails the order.",
                    }
                ],
            }
            tool, params, preview = "lookup_knowledge", {"query": "payments 503"}, json.dumps(body)
        calls.append(
            Invocation(
                f"b-{k}",
                "bench",
                tool,
                params,
                duration_ms=120,
                success=True,
                output_state=OutputState.CAPTURED,
                output_preview=preview,
            )
        )
    return calls


ANSWER = """## Summary
Checkout is failing because its calls to payments return HTTP 503. checkout-7f9c6d5b8-x2k4q is in CrashLoopBackOff with 0 restarts shown in its row, and it logged an ERROR at 11:00:00 that order 5000 failed after 800 ms.

## Evidence
- checkout-7f9c6d5b8-p8m3n logged that order 5011 failed: upstream payments returned HTTP 503 after 801 ms.
- checkout-7f9c6d5b8-t7wzr is Running with 6 restarts.
- The Elasticsearch search matched 6 hits; payment 7000 was declined with an acquirer timeout.
- The runbook says checkout retries three times when payments returns HTTP 503, then fails the order.
- CPU of checkout-7f9c6d5b8-x2k4q is at 10% of its limit.

| Pod | Status | Restarts |
|---|---|---|
| checkout-7f9c6d5b8-x2k4q | CrashLoopBackOff | 0 |
| checkout-7f9c6d5b8-b4kqz | Running | 9 |
| checkout-7f9c6d5b8-m9d2c | Running | 12 |

## 中文摘要
checkout-7f9c6d5b8-p8m3n 在 11:01:11 记录了 ERROR：订单 5011 失败，上游 payments 返回 HTTP 503，耗时 801 ms。
checkout-7f9c6d5b8-x2k4q 处于 CrashLoopBackOff 状态。
知识库说明 payments 返回 HTTP 503 时 checkout 会重试三次然后失败。
Elasticsearch 的搜索共命中 6 条记录，都是 acquirer timeout。

## What could not be checked
The metrics query for payments latency was not run, so I cannot say how slow payments is.

## Recommendations
Restart checkout-7f9c6d5b8-x2k4q after payments recovers, and raise the retry budget from 3 to 5 only if payments is healthy.
Consider paging the payments on-call; 建议先联系 payments 值班同学。
"""


def _median(fn: Callable[[], object], runs: int, before: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.process_time()  # CPU time: robust to the other core's load on a 2-core machine
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    calls = _rows(args.rows)
    classified = [classify(c) for c in calls]
    rows = [
        EvidenceRow(c.invocation_id, c.tool_name, k.outcome, c.output_preview, c.input_params, format_id=k.format_id)
        for c, k in zip(calls, classified)
    ]
    draft = ANSWER * max(1, 3000 // len(ANSWER))
    checks = check_draft(draft, rows)
    classify_all = _median(lambda: [classify(c) for c in calls], args.runs)
    # Cold: nothing of these rows or this draft read before (row_readings.clear() empties the caches the
    # verifier keeps across checks); warm: the session checked again, its rows' units already read.
    cold = _median(lambda: check_draft(draft, rows), args.runs, before=row_readings.clear)
    check_draft(draft, rows)
    warm = _median(lambda: check_draft(draft, rows), args.runs)
    what = f"{len(draft)} chars over {len(rows)} rows"
    print(f"{'claim checks, ' + what + ', cold':<48} {cold * 1000:8.2f} ms")
    print(f"{'claim checks, ' + what + ', warm':<48} {warm * 1000:8.2f} ms")
    print(f"{'classify the same ' + str(len(rows)) + ' rows (baseline)':<48} {classify_all * 1000:8.2f} ms")
    print(f"{'ratio (cold)':<48} {cold / classify_all:8.2f}x   (target: checks under 20 ms)")
    statuses: dict[str, int] = {}
    for c in checks:
        statuses[c.status.name] = statuses.get(c.status.name, 0) + 1
    print(f"{len(checks)} claims: {statuses}")


if __name__ == "__main__":
    main()
