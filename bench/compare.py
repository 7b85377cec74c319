"""The write path of two checkouts side by side: the same load, interleaved, in one run.

    python -m bench.compare OLD_TREE [--rounds 3] [--seconds 3]

OLD_TREE is another checkout of this repository (for example a `git worktree`
of the commit before a change). Each round starts one server from each tree,
the old one first, and measures RecordInvocation at concurrency 1, 8 and 32
and BatchRecordInvocations (500 rows a call, 4 callers) on each, with the
echo server as the baseline of that round; rounds alternate the trees so that
a machine that gets busier or quieter during the run favours neither.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile
import time

import grpc

from bench.__main__ import raw_sqlite_insert
from bench.load import run_load
from bench.procs import Proc
from bench.workload import Wire

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _shim(tree: pathlib.Path, into: pathlib.Path) -> str:
    """A PYTHONPATH entry importing `evidence_trace` from tree's folders, as its pyproject maps them."""
    package = into / "evidence_trace"
    package.mkdir(parents=True)
    for item in (tree / "generated" / "evidence_trace").iterdir():
        (package / item.name).symlink_to(item)
    (package / "server").symlink_to(tree / "server")
    (package / "client").symlink_to(tree / "client")
    return str(into)


def _server(url: str, pythonpath: str | None) -> Proc:
    saved = os.environ.get("PYTHONPATH")
    if pythonpath:
        os.environ["PYTHONPATH"] = pythonpath
    try:
        return Proc.evidence_trace(url)
    finally:
        if pythonpath:
            if saved is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = saved


def measure(address: str, echo_address: str, seconds: float, batch_rows: int) -> dict[str, float]:
    out: dict[str, float] = {}
    record, batch = Wire("record"), Wire("batch", 500)
    payload = record.fresh()
    with (
        grpc.insecure_channel(echo_address) as ech,
        grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 64 << 20)]) as ch,
    ):
        echo = ech.unary_unary("/bench.Echo/Echo")
        call = record.caller(ch, 10)
        run_load(call, 4, 0.5)
        for c in (1, 8, 32):
            out[f"echo c={c}"] = run_load(lambda w, i: echo(payload, timeout=10), c, seconds).rate
            got = run_load(call, c, seconds)
            out[f"RecordInvocation c={c}"] = got.rate
        began = time.perf_counter()
        done = run_load(batch.caller(ch, 60), 4, 3600, max_calls=batch_rows // 500)
        out["batch rows/s"] = done.calls * 500 / (time.perf_counter() - began)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old_tree", type=pathlib.Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--batch-rows", type=int, default=40_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_path = _shim(args.old_tree.resolve(), pathlib.Path(tmp) / "old")
        new_path = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(ROOT)) if p)
        results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        with Proc.echo() as echo:
            for r in range(args.rounds):
                order = [("before", old_path), ("after", new_path)]
                for label, path in order if r % 2 == 0 else order[::-1]:
                    with _server(f"sqlite:///{tmp}/{label}-{r}.db", path) as et:
                        results[label].append(measure(et.address, echo.address, args.seconds, args.batch_rows))
                    print(
                        f"  round {r + 1} {label}: "
                        + ", ".join(f"{k} {v:,.0f}" for k, v in results[label][-1].items()),
                        flush=True,
                    )
        raw = raw_sqlite_insert(args.batch_rows)
    print(f"\n  raw sqlite3 executemany of the same rows: {raw:,.0f} rows/s")
    print(
        f"  {'benchmark (median of rounds)':<34} {'before':>10} {'after':>10} {'baseline':>10} {'before':>8} {'after':>8}"
    )
    for key in ("RecordInvocation c=1", "RecordInvocation c=8", "RecordInvocation c=32", "batch rows/s"):
        before = sorted(m[key] for m in results["before"])[len(results["before"]) // 2]
        after = sorted(m[key] for m in results["after"])[len(results["after"]) // 2]
        if key.startswith("Record"):
            c = key.split("=")[1]
            echoes = sorted(m[f"echo c={c}"] for m in results["before"] + results["after"])
            base = echoes[len(echoes) // 2]
        else:
            base = raw
        print(f"  {key:<34} {before:>10,.0f} {after:>10,.0f} {base:>10,.0f} {before / base:>8.0%} {after / base:>8.0%}")


if __name__ == "__main__":
    sys.exit(main())
