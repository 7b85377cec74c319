"""A deadline that can only move earlier: the time a call's outside work (the verifier) must end by.

A Chat call starts with its client's deadline (or none); it moves earlier when
the call ends early (cancelled) or when the server starts stopping. Whoever
waits on outside work (the OpenAI-compatible verifier) bounds the whole
exchange by it and is woken when it moves. Times are time.monotonic() values.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional


class Deadline:
    """A time.monotonic() moment, or None for no deadline; `cut()` only ever moves it earlier."""

    def __init__(self, at: Optional[float] = None) -> None:
        self._at = at
        self._changed = threading.Condition()

    @classmethod
    def after(cls, seconds: Optional[float]) -> "Deadline":
        """`seconds` from now (None: no deadline)."""
        return cls(None if seconds is None else time.monotonic() + seconds)

    @property
    def at(self) -> Optional[float]:
        return self._at

    def remaining(self) -> Optional[float]:
        """Seconds left (0 or less once passed), or None without a deadline."""
        at = self._at
        return None if at is None else at - time.monotonic()

    def cut(self, at: float) -> None:
        """Move the deadline to `at` if that is earlier, and wake whoever waits on it."""
        with self._changed:
            if self._at is None or at < self._at:
                self._at = at
            self._changed.notify_all()

    def expire(self) -> None:
        """The deadline is now (the call ended)."""
        self.cut(time.monotonic())

    def wake(self) -> None:
        """Wake whoever waits in `wait`, without moving the deadline."""
        with self._changed:
            self._changed.notify_all()

    def wait(self, timeout: float, done: Callable[[], bool]) -> None:
        """Sleep up to `timeout` seconds, less if the deadline moves or `wake()` is called.

        Returns at once if `done()`; it is checked under the same lock as
        `wake()`, so a wake-up after `done()` became true is never lost.
        """
        with self._changed:
            if not done():
                self._changed.wait(timeout)
