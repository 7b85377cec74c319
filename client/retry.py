"""Safe retries: only idempotent calls, only retryable errors, bounded, within the deadline.

Every write of the contract carries a client-chosen id (AIP-155), so resending
RecordInvocation, BatchRecordInvocations or RecordAgentStep never stores a
second row; reads and CompleteSession are idempotent too; Chat carries a
request id the client fills in, so a resend returns the first evaluation. Which
RPCs are safe is read from the contract (client/rpcs.py).

A call is retried when it failed with

- UNAVAILABLE (the server is unreachable, its storage is busy, or it drains);
- DEADLINE_EXCEEDED with reason COMMIT_PENDING (the server's commit outran the
  call; a resend is acknowledged as a duplicate if the first write landed);
- RESOURCE_EXHAUSTED when the server attached a RetryInfo (it is overloaded and
  said when to come back; a too-large message carries none and is final).

The wait before retry n (n = 1, 2, ...) is
``min(max_backoff, initial_backoff * multiplier ** (n - 1))``, scaled by a
random factor in ``[1 - jitter, 1]``, and never shorter than the server's
RetryInfo delay. The timeout of a call is its overall deadline: each attempt
gets what is left of it, and a retry whose wait would end past it is not made;
the last error is raised instead.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from typing import Awaitable, Callable, Optional, TypeVar

import grpc

from evidence_trace.client.errors import EvidenceTraceError

T = TypeVar("T")

#: Reason of a DEADLINE_EXCEEDED that the server raised before its commit finished.
COMMIT_PENDING = "COMMIT_PENDING"


@dataclasses.dataclass(frozen=True)
class RetryPolicy:
    """How idempotent calls are retried."""

    #: Attempts in all, the first included; 1 disables retries.
    max_attempts: int = 5
    #: Seconds before the first retry (before jitter).
    initial_backoff: float = 0.1
    #: Ceiling of the wait between attempts, in seconds (before the server's RetryInfo).
    max_backoff: float = 5.0
    #: Growth of the wait from one retry to the next.
    multiplier: float = 2.0
    #: Fraction of the wait that is random: the wait is scaled by a factor in [1 - jitter, 1].
    jitter: float = 0.5

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.initial_backoff < 0 or self.max_backoff < 0 or self.multiplier < 1:
            raise ValueError("backoffs must be non-negative and multiplier at least 1")
        if not 0 <= self.jitter <= 1:
            raise ValueError("jitter must be within [0, 1]")

    def backoff(self, retry: int, rand: float) -> float:
        """The jittered wait before retry number `retry` (1-based); `rand` is uniform in [0, 1)."""
        base = min(self.max_backoff, self.initial_backoff * self.multiplier ** (retry - 1))
        return base * (1 - self.jitter * rand)


#: A policy that never retries.
NO_RETRY = RetryPolicy(max_attempts=1)


def is_retryable(error: EvidenceTraceError) -> bool:
    """Whether resending an idempotent call that failed with `error` may succeed."""
    if error.code == grpc.StatusCode.UNAVAILABLE:
        return True
    if error.code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return error.reason == COMMIT_PENDING
    if error.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return error.retry_delay is not None
    return False


def next_delay(
    policy: RetryPolicy, attempt: int, error: EvidenceTraceError, remaining: Optional[float], rand: float
) -> Optional[float]:
    """Seconds to wait before the next attempt, or None to give up and raise `error`.

    `attempt` is the number of attempts made so far; `remaining` the seconds
    left before the overall deadline (None: no deadline).
    """
    if attempt >= policy.max_attempts or not is_retryable(error):
        return None
    delay = policy.backoff(attempt, rand)
    if error.retry_delay is not None:
        delay = max(delay, error.retry_delay)
    if remaining is not None and delay >= remaining:
        return None
    return delay


class Retrier:
    """Runs a call's attempts under a policy. Clock, sleep and randomness are injectable for tests.

    `sleep(seconds)` may return a truthy value to stop retrying early (for
    example `threading.Event.wait` when a recorder is closing).
    """

    def __init__(
        self,
        policy: RetryPolicy,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], object] = time.sleep,
        rand: Callable[[], float] = random.random,
    ):
        self.policy = policy
        self._clock = clock
        self._sleep = sleep
        self._rand = rand

    def call(self, attempt: Callable[[Optional[float]], T], timeout: Optional[float], idempotent: bool = True) -> T:
        """Call `attempt(seconds_left)` until it succeeds or the policy gives up."""
        deadline = None if timeout is None else self._clock() + timeout
        made = 0
        while True:
            made += 1
            try:
                return attempt(self._remaining(deadline))
            except EvidenceTraceError as error:
                delay = self._delay(made, error, deadline, idempotent)
                if delay is None or self._sleep(delay):
                    raise

    async def call_async(
        self,
        attempt: Callable[[Optional[float]], Awaitable[T]],
        timeout: Optional[float],
        idempotent: bool = True,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> T:
        """The asyncio twin of `call`; waits with `sleep` (asyncio.sleep by default)."""
        deadline = None if timeout is None else self._clock() + timeout
        made = 0
        while True:
            made += 1
            try:
                return await attempt(self._remaining(deadline))
            except EvidenceTraceError as error:
                delay = self._delay(made, error, deadline, idempotent)
                if delay is None or await sleep(delay):
                    raise

    def _remaining(self, deadline: Optional[float]) -> Optional[float]:
        return None if deadline is None else max(0.0, deadline - self._clock())

    def _delay(
        self, made: int, error: EvidenceTraceError, deadline: Optional[float], idempotent: bool
    ) -> Optional[float]:
        if not idempotent:
            return None
        return next_delay(self.policy, made, error, self._remaining(deadline), self._rand())
