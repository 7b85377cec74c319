"""`evidence-trace serve --workers N`: N server processes on one port, supervised by this one.

One CPython process runs Python on one core at a time (the GIL), so one host's
cores are used by several server processes, as gRPC's multiprocessing example
does: each worker binds the same port with SO_REUSEPORT and the kernel spreads
incoming connections over them. Each worker is a whole server (`create_server`)
with its own threads, admission limit and group-commit writer; they share only
the database.

The supervisor (this process):

- validates the settings, reserves the port (port 0 becomes a concrete free
  port, bound with SO_REUSEPORT and held until exit, so no other server takes
  it) and migrates the database once, before any worker starts;
- with metrics on, serves the one /metrics endpoint: workers write their series
  to a private temporary folder (prometheus_client's multiprocess mode) and
  the endpoint sums them (`workers_registry`); the folder is removed on exit;
- starts the workers ('spawn': fresh interpreters, no inherited threads or
  connections), and prints "evidence-trace listening on HOST:PORT" only when
  every worker is serving, so readiness means all workers;
- on SIGTERM or SIGINT, forwards SIGTERM to every worker, each of which drains
  as a single server does (health NOT_SERVING, new calls refused with
  SHUTTING_DOWN, in-flight calls finish, queued writes commit), and exits 0
  when all did;
- when a worker dies unexpectedly, stops the others the same way and exits
  EXIT_WORKER_DIED: workers are not restarted. A crash points at a bug or an
  exhausted resource that a silent restart would hide; the process manager
  (systemd, Kubernetes) restarts the whole server and sees the failure.

A worker whose supervisor dies (SIGKILL) stops by itself.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import multiprocessing.connection
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from typing import Any, Optional

from evidence_trace.server.app import (
    _HTTP_FLAGS,
    GIL_SWITCH_INTERVAL_S,
    BindError,
    _check_free,
    _redacted,
    create_server,
    start_supervisor_http,
)
from evidence_trace.server.cli.signals import StopSignals
from evidence_trace.server.settings import Settings
from evidence_trace.server.store.db import DatabaseOptions, open_database
from evidence_trace.server.store.migrations import migrate

log = logging.getLogger("evidence_trace.server.workers")

#: `serve --workers` exit code when a worker died while serving (1: could not start, 2: invalid setting).
EXIT_WORKER_DIED = 3
#: Seconds every worker gets to start (open the database, bind) before start-up fails.
START_TIMEOUT_S = 60.0
#: Seconds past the grace period a worker gets to exit after SIGTERM before it is killed.
EXIT_MARGIN_S = 10.0
#: The environment variable prometheus_client's multiprocess mode reads.
MULTIPROC_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"


def reserve_port(listen: str) -> tuple[socket.socket, str]:
    """A socket bound to `listen` with SO_REUSEPORT (not listening), and HOST:PORT with the concrete port.

    Held open while the workers serve, it keeps the port from any server that
    does not set SO_REUSEPORT; as it never listens, it never takes a connection.
    """
    host, _, port = listen.rpartition(":")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]") or None, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
    except OSError as exc:
        raise BindError(
            f"cannot listen on {listen} (gRPC): {exc.strerror or exc}; choose another with --listen or "
            "EVIDENCE_TRACE_LISTEN"
        ) from None
    return sock, f"{host}:{sock.getsockname()[1]}"


@dataclasses.dataclass
class _Worker:
    index: int
    process: Any  # multiprocessing's SpawnProcess
    #: Where the worker reports its start: "" once serving, else why it could not start.
    started: Any  # multiprocessing.connection.Connection
    pid: int


def supervise(settings: Settings) -> int:
    """Run settings.workers server processes until SIGTERM/SIGINT; the exit code."""
    reserved, address = reserve_port(settings.listen)
    stack = contextlib.ExitStack()
    stack.callback(reserved.close)
    with stack:
        if settings.http_address:
            _check_free(settings.http_address, "HTTP", _HTTP_FLAGS)
        _migrate_once(settings)
        endpoint = None
        if settings.http_address:
            folder = tempfile.mkdtemp(prefix="evidence-trace-metrics-")
            stack.callback(shutil.rmtree, folder, True)
            os.environ[MULTIPROC_DIR_ENV] = folder  # inherited by the workers, read before their first metric
            from evidence_trace.server.rpc.metrics import workers_registry

            # One endpoint for every worker: the audit page, and /metrics summed over them.
            started = start_supervisor_http(settings, workers_registry(folder))
            assert started is not None
            endpoint, close_endpoint = started
            stack.callback(close_endpoint)
        stop = StopSignals()
        workers = _start(dataclasses.replace(settings, listen=address, workers=1), settings.workers)
        stack.callback(_reap, workers)
        if not _wait_ready(workers, stop):
            clean = _stop(workers, settings.grace_period_s)
            if stop.is_set():  # asked to stop while starting
                return 0 if clean else EXIT_WORKER_DIED
            print("evidence-trace serve: a worker could not start; see the log above", file=sys.stderr)
            return 1
        print(f"evidence-trace listening on {address}", flush=True)
        if endpoint is not None:
            host = settings.http_address.rpartition(":")[0]
            print(f"evidence-trace audit page on http://{host}:{endpoint.port}/", flush=True)
            print(f"evidence-trace metrics on http://{host}:{endpoint.port}/metrics", flush=True)
        log.info(
            "serving on %s with %d workers (pids %s; database %s)",
            address,
            len(workers),
            ", ".join(str(w.pid) for w in workers),
            _redacted(settings.database_url),
        )
        died = _watch(workers, stop)
        if died is not None:
            log.error(
                "worker %d (pid %d) died with exit code %s; stopping the others",
                died.index,
                died.pid,
                died.process.exitcode,
            )
        log.info("stopping %d workers: draining in-flight calls for up to %.1fs", len(workers), settings.grace_period_s)
        clean = _stop(workers, settings.grace_period_s)
        log.info("stopped")
        if died is not None:
            return EXIT_WORKER_DIED
        return 0 if clean else EXIT_WORKER_DIED


def _migrate_once(settings: Settings) -> None:
    """Bring the schema up to date before any worker opens the database (workers then find nothing to do)."""
    db = open_database(
        settings.database_url,
        DatabaseOptions(
            durability=settings.durability, pool_size=settings.pool_size, busy_timeout_ms=settings.busy_timeout_ms
        ),
    )
    try:
        version = migrate(db)
    finally:
        db.close()
    log.info("database %s at schema version %d", _redacted(settings.database_url), version)


def _start(settings: Settings, count: int) -> list[_Worker]:
    context = multiprocessing.get_context("spawn")
    workers = []
    for index in range(1, count + 1):
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(
            target=run_worker, args=(settings, index, writer), name=f"evidence-trace-worker-{index}", daemon=False
        )
        process.start()
        writer.close()  # the worker holds the other end: its death ends the pipe
        workers.append(_Worker(index, process, reader, process.pid or 0))
    return workers


def _wait_ready(workers: list[_Worker], stop: StopSignals) -> bool:
    """Wait until every worker reported it is serving; False if one failed, died, took too long, or we stop."""
    deadline = time.monotonic() + START_TIMEOUT_S
    waiting = {w.started: w for w in workers}
    while waiting:
        if stop.is_set() or time.monotonic() > deadline:
            return False
        for pipe in multiprocessing.connection.wait(list(waiting), timeout=0.5):
            worker = waiting.pop(pipe)
            try:
                problem = worker.started.recv()
            except EOFError:
                problem = f"it exited with code {worker.process.join(5) or worker.process.exitcode}"
            if problem:
                log.error("worker %d (pid %d) could not start: %s", worker.index, worker.pid, problem)
                return False
    return True


def _watch(workers: list[_Worker], stop: StopSignals) -> Optional[_Worker]:
    """Until SIGTERM/SIGINT (None) or a worker's death (that worker)."""
    sentinels = {w.process.sentinel: w for w in workers}
    while not stop.is_set():
        ended = multiprocessing.connection.wait(list(sentinels), timeout=0.5)
        if ended and not stop.is_set():  # a signal to the whole group (systemd, Ctrl-C) reaches us first
            worker = sentinels[ended[0]]
            worker.process.join(5)
            return worker
    return None


def _stop(workers: list[_Worker], grace_s: float) -> bool:
    """SIGTERM every live worker and wait for each; True when every one exited 0 (a dead one is killed)."""
    for w in workers:
        if w.process.is_alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(w.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s + EXIT_MARGIN_S
    clean = True
    for w in workers:
        w.process.join(max(0.0, deadline - time.monotonic()))
        if w.process.is_alive():
            log.error("worker %d (pid %d) did not stop within its grace period; killing it", w.index, w.pid)
            w.process.kill()
            w.process.join(5)
        clean = clean and w.process.exitcode == 0
    return clean


def _reap(workers: list[_Worker]) -> None:
    """Last resort on the way out: no worker outlives its supervisor; dead workers' gauges are dropped."""
    for w in workers:
        if w.process.is_alive():
            w.process.kill()
            w.process.join(5)
    folder = os.environ.get(MULTIPROC_DIR_ENV)
    if folder:
        from prometheus_client import multiprocess

        for w in workers:
            multiprocess.mark_process_dead(w.pid, folder)


# -- in each worker process ------------------------------------------------------


def run_worker(settings: Settings, index: int, started: Any) -> None:
    """A worker's whole life: serve on the shared port until SIGTERM or the supervisor's death, then drain."""
    from evidence_trace.server.cli.main import LOG_FORMAT

    logging.basicConfig(level=settings.log_level.upper(), format=LOG_FORMAT)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)  # as serve() does
    stop = StopSignals()
    try:
        running = create_server(settings, worker=True)
    except Exception as exc:  # reported to the supervisor, which stops the others and exits 1
        started.send(str(exc) or type(exc).__name__)
        sys.exit(1)
    log.info("worker %d (pid %d) serving on %s", index, os.getpid(), running.address)
    started.send("")
    started.close()
    parent = multiprocessing.parent_process()
    if parent is not None:  # the supervisor was killed: stop, rather than serve unsupervised

        def watch_supervisor() -> None:
            multiprocessing.connection.wait([parent.sentinel])
            stop.set()

        threading.Thread(target=watch_supervisor, name="supervisor-watch", daemon=True).start()
    stop.wait()
    running.stop()
    admitted = running.guards.admission.admitted if running.guards else 0
    log.info("worker %d (pid %d) stopped after serving %d calls", index, os.getpid(), admitted)
