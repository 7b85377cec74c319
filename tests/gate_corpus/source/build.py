"""Rebuilds ../cases.jsonl from the case modules: python3 tests/gate_corpus/source/build.py"""

import collections
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import cases_a  # noqa: E402,F401
import lib  # noqa: E402

OUT = pathlib.Path(__file__).parent.parent / "cases.jsonl"

with OUT.open("w", encoding="utf-8") as fh:
    for case in lib.CASES:
        fh.write(json.dumps(case, ensure_ascii=False) + "\n")
counts = collections.Counter((case["category"], case["label"]) for case in lib.CASES)
print(f"{len(lib.CASES)} cases, {sum(case['lang'] == 'zh' for case in lib.CASES)} zh -> {OUT}")
for category in lib.CATEGORIES:
    print(
        f"  {category:16} supported={counts[(category, 'supported')]} unsupported={counts[(category, 'unsupported')]}"
    )
