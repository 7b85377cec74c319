"""Stopping on SIGTERM or SIGINT, whichever of the process's threads the kernel hands the signal to.

CPython runs a signal's Python handler in the main thread only, the next time that thread executes
bytecode. The kernel delivers a process-directed signal to any thread that does not block it: often one
of gRPC's own threads or the store's writer. A main thread parked on a lock with no timeout
(`threading.Event().wait()`) is then never woken, and the process ignores SIGTERM until something else
wakes it: the drain never starts and the orchestrator's SIGKILL ends the process instead. So the main
thread waits in short slices: a signal that lands on any thread is acted on within one slice.
"""

from __future__ import annotations

import signal
import threading

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)

#: The longest a stop signal waits before the main thread runs its handler.
WAKE_S = 0.2


class StopSignals:
    """Set by SIGTERM or SIGINT (handlers installed on creation, in the main thread), or by `set()`."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        for sig in STOP_SIGNALS:
            signal.signal(sig, lambda *_: self._stop.set())

    def set(self) -> None:
        """Stop as if signalled (the supervisor died, say)."""
        self._stop.set()

    def is_set(self) -> bool:
        return self._stop.is_set()

    def wait(self) -> None:
        """Return once a stop signal arrived, whichever thread received it."""
        while not self._stop.wait(WAKE_S):
            pass
