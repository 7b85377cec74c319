"""Compute slots: at most a few calls run their CPU-bound part at once.

Python runs one thread at a time (the GIL). With many admitted calls busy in
Python (reading and summarizing a large session), every other thread waits its
turn behind all of them at each step: refusals and health checks, which take
microseconds of work, would take tens to hundreds of milliseconds. So the
CPU-bound parts of calls (reading a session's rows and summarizing them, for
SummarizeSession and Chat) take one of `COMPUTE_SLOTS` slots; other admitted
calls wait for one off the GIL, and the server's polling thread, refusals and
health checks find it free within a switch interval (docs/reliability.md,
`python -m bench.overload`).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Iterator

#: CPU-bound sections running at once: two keeps a second core busy while one thread waits on SQLite.
COMPUTE_SLOTS = 2


class ComputeSlots:
    """A bounded semaphore around the CPU-bound parts of calls."""

    def __init__(self, slots: int = COMPUTE_SLOTS) -> None:
        self._slots = threading.BoundedSemaphore(slots)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Run the block in a compute slot (waits for one, off the GIL)."""
        with self._slots:
            yield
