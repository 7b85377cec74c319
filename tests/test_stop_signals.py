"""StopSignals: a stop signal is acted on whichever thread the kernel delivers it to."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

from evidence_trace.server.cli import signals

_PROGRAM = textwrap.dedent(
    """
    import signal, sys, threading
    from evidence_trace.server.cli.signals import StopSignals

    stop = StopSignals()
    sig = getattr(signal, sys.argv[1])
    # The signal lands on a thread other than the main one, as the kernel may choose.
    other = threading.Thread(target=lambda: signal.pthread_kill(threading.get_ident(), sig))
    other.start()
    other.join()
    stop.wait()
    print("stopped", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs pthread_kill")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_delivered_to_another_thread_wakes_the_waiting_main_thread(name):
    done = subprocess.run([sys.executable, "-c", _PROGRAM, name], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopped"


def test_set_stops_the_wait_without_a_signal():
    before = {sig: signal.getsignal(sig) for sig in signals.STOP_SIGNALS}
    stop = signals.StopSignals()
    try:
        assert not stop.is_set()
        stop.set()
        stop.wait()
        assert stop.is_set()
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
