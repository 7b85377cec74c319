"""The retry policy, on a fake clock: which errors, how long, never past the deadline."""

from __future__ import annotations

import grpc
import pytest

from evidence_trace.client import (
    DeadlineExceededError,
    EvidenceTraceClient,
    InvalidArgumentError,
    ResourceExhaustedError,
    Retrier,
    RetryPolicy,
    UnavailableError,
    is_retryable,
)
from evidence_trace.client.retry import next_delay


class FakeTime:
    """A clock that only moves when someone sleeps."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def failing(*errors: Exception, then: str = "ok", cost: float = 0.0, time: FakeTime | None = None):
    """An attempt function raising `errors` in turn, then returning `then`; records each timeout."""
    seen: list[float | None] = []
    queue = list(errors)

    def attempt(remaining: float | None) -> str:
        seen.append(remaining)
        if time is not None:
            time.now += cost
        if queue:
            raise queue.pop(0)
        return then

    attempt.seen = seen  # type: ignore[attr-defined]
    return attempt


def retrier(time: FakeTime, policy: RetryPolicy = RetryPolicy(), rand: float = 0.0) -> Retrier:
    return Retrier(policy, clock=time.clock, sleep=time.sleep, rand=lambda: rand)


UNAVAILABLE = UnavailableError("down")


def test_retryable_codes():
    assert is_retryable(UnavailableError("x"))
    assert is_retryable(DeadlineExceededError("x", reason="COMMIT_PENDING"))
    assert not is_retryable(DeadlineExceededError("x"))  # the client's own deadline: no time left anyway
    assert is_retryable(ResourceExhaustedError("x", reason="OVERLOADED", retry_delay=0.5))
    assert not is_retryable(ResourceExhaustedError("message too large"))
    assert not is_retryable(InvalidArgumentError("x", reason="INVALID_FIELDS"))


def test_exponential_backoff_is_capped_and_jittered_downwards():
    policy = RetryPolicy(initial_backoff=0.1, multiplier=2, max_backoff=0.5, jitter=0.5)
    assert [policy.backoff(n, 0.0) for n in (1, 2, 3, 4, 5)] == pytest.approx([0.1, 0.2, 0.4, 0.5, 0.5])
    assert policy.backoff(2, 0.999) == pytest.approx(0.2 * 0.5005)
    assert all(0.05 <= policy.backoff(1, r / 10) <= 0.1 for r in range(10))


def test_retries_unavailable_until_success():
    time = FakeTime()
    attempt = failing(UNAVAILABLE, UNAVAILABLE, time=time)
    assert retrier(time).call(attempt, timeout=10) == "ok"
    assert time.sleeps == pytest.approx([0.1, 0.2])
    assert len(attempt.seen) == 3


def test_each_attempt_gets_what_is_left_of_the_deadline():
    time = FakeTime()
    attempt = failing(UNAVAILABLE, UNAVAILABLE, cost=1.0, time=time)
    retrier(time).call(attempt, timeout=10)
    assert attempt.seen == pytest.approx([10, 8.9, 7.7])


def test_gives_up_after_max_attempts():
    time = FakeTime()
    attempt = failing(*[UNAVAILABLE] * 10, time=time)
    with pytest.raises(UnavailableError):
        retrier(time, RetryPolicy(max_attempts=3)).call(attempt, timeout=None)
    assert len(attempt.seen) == 3 and len(time.sleeps) == 2


def test_never_sleeps_past_the_deadline():
    time = FakeTime()
    attempt = failing(*[UNAVAILABLE] * 10, cost=0.3, time=time)
    with pytest.raises(UnavailableError):
        retrier(time, RetryPolicy(max_attempts=100, initial_backoff=0.5, multiplier=1)).call(attempt, timeout=2.0)
    assert time.now <= 100.0 + 2.0
    assert time.sleeps  # it did retry while there was time


def test_honours_the_server_retry_delay():
    time = FakeTime()
    busy = UnavailableError("busy", reason="STORAGE_BUSY", retry_delay=1.5)
    attempt = failing(busy, time=time)
    retrier(time).call(attempt, timeout=10)
    assert time.sleeps == [1.5]


def test_a_server_delay_beyond_the_deadline_means_no_retry():
    time = FakeTime()
    attempt = failing(UnavailableError("draining", reason="SHUTTING_DOWN", retry_delay=5.0), time=time)
    with pytest.raises(UnavailableError):
        retrier(time).call(attempt, timeout=2.0)
    assert time.sleeps == []


def test_commit_pending_is_retried_other_deadlines_are_not():
    time = FakeTime()
    assert retrier(time).call(failing(DeadlineExceededError("x", reason="COMMIT_PENDING")), timeout=5) == "ok"
    with pytest.raises(DeadlineExceededError):
        retrier(time).call(failing(DeadlineExceededError("client deadline")), timeout=5)


def test_resource_exhausted_only_with_retry_info():
    time = FakeTime()
    overloaded = ResourceExhaustedError("x", reason="OVERLOADED", retry_delay=0.5)
    assert retrier(time).call(failing(overloaded), timeout=5) == "ok"
    with pytest.raises(ResourceExhaustedError):
        retrier(time).call(failing(ResourceExhaustedError("too large")), timeout=5)


def test_non_idempotent_calls_are_never_retried():
    time = FakeTime()
    attempt = failing(UNAVAILABLE, time=time)
    with pytest.raises(UnavailableError):
        retrier(time).call(attempt, timeout=5, idempotent=False)
    assert len(attempt.seen) == 1 and time.sleeps == []


def test_a_truthy_sleep_stops_retrying():
    attempt = failing(UNAVAILABLE, UNAVAILABLE)
    stopper = Retrier(RetryPolicy(), sleep=lambda s: True, rand=lambda: 0.0)
    with pytest.raises(UnavailableError):
        stopper.call(attempt, timeout=5)
    assert len(attempt.seen) == 1


def test_next_delay_is_none_for_final_errors():
    assert next_delay(RetryPolicy(), 1, InvalidArgumentError("x"), None, 0.0) is None


def test_policy_validation():
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)
    with pytest.raises(ValueError):
        RetryPolicy(jitter=2)


def test_client_retries_a_stopped_server_then_raises_unavailable(sqlite_url):
    """A real channel to a port nothing listens on any more: UNAVAILABLE, retried on the fake clock."""
    from conftest import make_settings

    from evidence_trace.server.app import create_server

    running = create_server(make_settings(sqlite_url))
    port = running.port
    running.stop(grace=0)
    time = FakeTime()
    with EvidenceTraceClient(f"127.0.0.1:{port}", retrier=retrier(time, RetryPolicy(max_attempts=3))) as client:
        with pytest.raises(UnavailableError) as caught:
            client.get_session(session_id="s")
        # Chat carries a request id (AIP-155), so it is retried like the reads.
        sleeps_before = list(time.sleeps)
        with pytest.raises(UnavailableError):
            client.chat(session_id="s", question="q", draft_answer="a")
    assert caught.value.code == grpc.StatusCode.UNAVAILABLE
    assert sleeps_before == [0.1, 0.2] and time.sleeps == sleeps_before * 2
