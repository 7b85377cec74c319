"""Installs a Node.js example's locked dependencies for the tests that run it.

Needs `node` and `npm`; skips with the reason when they are missing or `npm ci`
fails, except under CI=true, where that fails the run.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest


def skip_or_fail(reason: str, examples: str = "the Node.js examples") -> None:
    """Skip with the reason; under CI=true, fail: the examples must run there."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true requires {examples} to run: {reason}")
    pytest.skip(reason)


def npm_ci(example: pathlib.Path) -> pathlib.Path:
    """`example` with its package-lock.json installed by `npm ci`."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        skip_or_fail(f"{' and '.join(missing)} not found on PATH (install Node.js >= 18)")
    result = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=example, capture_output=True, text=True, timeout=300
    )
    if result.returncode != 0:
        skip_or_fail(f"npm ci in {example.name} failed (is the npm registry reachable?):\n{result.stderr[-2000:]}")
    return example
