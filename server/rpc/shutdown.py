"""The server's shutdown signal: what long calls listen to so that a stop ends them in time.

`RunningServer.stop` drains: admission control refuses new calls, then
`ShutdownSignal.begin(cut_at)` tells every call that subscribed. A watch
(WatchSession) ends at once with UNAVAILABLE / SHUTTING_DOWN and a RetryInfo,
so its client reconnects to another replica; a Chat cuts its verifier call at
`cut_at` (a little before the end of the grace period), so its evaluation is
still recorded (VERIFIER_TIMEOUT) and answered before the process exits.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Callable, Iterator, Optional

from evidence_trace.server.domain.errors import ShuttingDown  # noqa: F401  (raised by its users)

#: (cut_at) -> None: called once when the server starts stopping; cut_at is a time.monotonic() value.
OnShutdown = Callable[[float], None]


class ShutdownSignal:
    """Set once, when the server starts stopping; calls subscribe for the time they run."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[int, OnShutdown] = {}
        self._next = 0
        self._cut_at: Optional[float] = None

    @property
    def started(self) -> bool:
        """Whether the server has started stopping."""
        return self._cut_at is not None

    @contextlib.contextmanager
    def subscribed(self, callback: OnShutdown) -> Iterator[None]:
        """Call `callback(cut_at)` if the server starts stopping while inside (at once if it already has)."""
        with self._lock:
            key, self._next = self._next, self._next + 1
            cut_at = self._cut_at
            if cut_at is None:
                self._subscribers[key] = callback
        if cut_at is not None:
            callback(cut_at)
        try:
            yield
        finally:
            with self._lock:
                self._subscribers.pop(key, None)

    def begin(self, cut_at: float) -> None:
        """Start stopping: tell every subscriber (once) that in-flight work must end by cut_at."""
        with self._lock:
            if self._cut_at is not None:
                return
            self._cut_at = cut_at
            subscribers, self._subscribers = list(self._subscribers.values()), {}
        for callback in subscribers:
            callback(cut_at)
