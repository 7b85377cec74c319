"""Storage outages as episodes: logged once, told to health, counted in metrics.

An outage starts with the first write that fails for a storage cause
(store/failures.py) and ends with the next commit. The group-commit writer, the
one write path, reports every failed and every committed transaction here;
nothing else does, so nothing is logged per call:

- the first failure logs one WARNING with its cause and the database (the URL
  without its password); a failure of another kind during the same outage
  logs one more;
- while it lasts, one WARNING every `report_every_s` says how long and how many
  writes were refused;
- once it has lasted `unhealthy_after_s`, `on_health(False)` (the server turns
  its services NOT_SERVING); the commit that ends it calls `on_health(True)`
  and logs one INFO with the outage's length and the refused writes.

Only the writer's thread calls `failed`, `committed` and `tick`; `describe`
may be called from any thread (the health service).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Callable, Optional, Protocol

from evidence_trace.server.domain.errors import StorageUnavailable

log = logging.getLogger("evidence_trace.server.storage")


@dataclasses.dataclass(frozen=True)
class OutagePolicy:
    """When an outage turns health NOT_SERVING, how often it is reported, when the writer probes."""

    #: Seconds writes must have been failing before the write services report NOT_SERVING.
    unhealthy_after_s: float = 5.0
    #: Seconds between the "still failing" lines of one outage.
    report_every_s: float = 60.0
    #: Seconds without a write, during an outage, after which the writer probes the store.
    probe_every_s: float = 1.0


class OutageObserver(Protocol):
    """Where outages are counted (rpc/metrics.py's Metrics); the tracker needs nothing else."""

    def storage_failed(self, reason: str) -> None:
        """A write transaction (or a probe) failed with this storage reason."""

    def outage_ended(self, seconds: float) -> None:
        """An outage ended after `seconds`."""


class NoObserver:
    """An OutageObserver that counts nothing (metrics disabled)."""

    def storage_failed(self, reason: str) -> None:
        pass

    def outage_ended(self, seconds: float) -> None:
        pass


class Outages:
    """The current storage outage, if any, of one writer."""

    def __init__(
        self,
        database: str = "",
        policy: OutagePolicy = OutagePolicy(),
        on_health: Optional[Callable[[bool], None]] = None,
        observer: Optional[OutageObserver] = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.database = database or "the database"
        self.policy = policy
        self._on_health = on_health or (lambda serving: None)
        self._observer = observer or NoObserver()
        self._clock = clock
        self._lock = threading.Lock()
        self._since: Optional[float] = None  # when the outage started; None: no outage
        self._last: Optional[StorageUnavailable] = None  # its latest failure
        self._kinds: set[str] = set()  # the reasons seen (and logged) in this outage
        self._refused = 0  # writes answered with a storage failure in this outage
        self._last_line = 0.0
        self._last_attempt = 0.0
        self._unhealthy = False

    # -- reported by the writer ----------------------------------------------
    def failed(self, failure: StorageUnavailable, refused: int) -> None:
        """A transaction (or a probe: refused=0) failed with `failure`; `refused` writes were answered with it."""
        now = self._clock()
        self._observer.storage_failed(failure.reason)
        with self._lock:
            first = self._since is None
            new_kind = failure.reason not in self._kinds
            if first:
                self._since, self._last_line = now, now
            self._kinds.add(failure.reason)
            self._last, self._last_attempt = failure, now
            self._refused += refused
        if first:
            log.warning(
                "storage failing: %s (%s) on %s: %s; writes are refused with UNAVAILABLE until it recovers",
                failure.what,
                failure.reason,
                self.database,
                _detail(failure),
            )
        elif new_kind:
            log.warning(
                "storage failing differently: %s (%s) on %s: %s",
                failure.what,
                failure.reason,
                self.database,
                _detail(failure),
            )
        self.tick()

    def committed(self) -> None:
        """A transaction (or a probe) committed: an outage, if any, is over."""
        if self._since is None:  # the usual case, read without the lock: only this thread writes it
            return
        now = self._clock()
        with self._lock:
            since, last, refused, unhealthy = self._since, self._last, self._refused, self._unhealthy
            self._since, self._last, self._kinds, self._refused, self._unhealthy = None, None, set(), 0, False
        assert since is not None and last is not None
        self._observer.outage_ended(now - since)
        if unhealthy:
            self._on_health(True)
        log.info(
            "storage recovered on %s after %.1f s (%s, %s): %d write(s) refused during the outage",
            self.database,
            now - since,
            last.what,
            last.reason,
            refused,
        )

    def tick(self) -> None:
        """Time passed: turn health NOT_SERVING past the threshold, say the outage goes on every report interval."""
        if self._since is None:
            return
        now = self._clock()
        with self._lock:
            since, last, refused = self._since, self._last, self._refused
            turn = not self._unhealthy and now - since >= self.policy.unhealthy_after_s
            self._unhealthy = self._unhealthy or turn
            report = now - self._last_line >= self.policy.report_every_s
            if report:
                self._last_line = now
        assert since is not None and last is not None
        if turn:
            self._on_health(False)
        if report:
            log.warning(
                "storage still failing on %s after %.0f s: %s (%s); %d write(s) refused so far",
                self.database,
                now - since,
                last.what,
                last.reason,
                refused,
            )

    # -- asked by the writer and the health service -------------------------
    def wait_s(self) -> Optional[float]:
        """Seconds until `tick` or a probe is due; None when there is no outage."""
        if self._since is None:
            return None
        now = self._clock()
        due = [self._last_attempt + self.policy.probe_every_s, self._last_line + self.policy.report_every_s]
        if not self._unhealthy:
            due.append(self._since + self.policy.unhealthy_after_s)
        return max(0.0, min(due) - now)

    def probe_due(self) -> bool:
        """An outage is on and nothing was tried for probe_every_s: the writer should probe the store."""
        return self._since is not None and self._clock() - self._last_attempt >= self.policy.probe_every_s

    def describe(self) -> str:
        """The outage in one line ("" when there is none): its cause, reason, length and refused writes."""
        with self._lock:
            if self._since is None or self._last is None:
                return ""
            last, seconds, refused = self._last, self._clock() - self._since, self._refused
        return f"{last.what} ({last.reason}) for {seconds:.1f} s, {refused} write(s) refused: {_detail(last)}"


def _detail(failure: StorageUnavailable) -> str:
    """The failure's message without the words of its cause, which the line says already."""
    return str(failure).removeprefix(f"{failure.what}: ")
