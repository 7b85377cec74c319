"""The fault suite's figures: each fault test reports what it measured, and the
run ends with a "fault figures" section listing them (shown by plain `pytest`,
no -s or -rA needed), so CI logs say acknowledged vs stored, duplicates,
statuses seen and leaks found, not just "passed".
"""

from __future__ import annotations

import collections
from typing import Callable, Collection

import pytest

_FIGURES: list[str] = []


@pytest.fixture
def fault_report(request) -> Callable[..., None]:
    """report(**figures): record one line of figures for this test (also printed)."""

    def report(**figures) -> None:
        line = f"{request.node.nodeid}: " + ", ".join(f"{k}={v}" for k, v in figures.items())
        print(line)
        _FIGURES.append(line)

    return report


def stored_tally(acknowledged: Collection[str], rows: collections.Counter) -> dict[str, int]:
    """The figures every fault test reports of its store: rows acknowledged, stored, acknowledged but
    missing, and stored more than once (rows counts stored invocation ids)."""
    return {
        "acknowledged": len(acknowledged),
        "stored": sum(rows.values()),
        "missing": len(set(acknowledged) - set(rows)),
        "duplicates": sum(n - 1 for n in rows.values() if n > 1),
    }


def pytest_terminal_summary(terminalreporter) -> None:
    if _FIGURES:
        terminalreporter.section("fault figures")
        for line in _FIGURES:
            terminalreporter.write_line(line)
