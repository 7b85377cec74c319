"""The HTTP endpoint: the audit application served by uvicorn on a thread of the serving process.

The socket is bound before the thread starts, so a busy port fails start-up at
once and port 0 is known immediately. uvicorn installs no signal handlers off
the main thread; the process's own SIGTERM handling stops this endpoint with
the gRPC server (`close`): live streams end first, then uvicorn stops
accepting, finishes open requests within the grace period, and the thread is
joined.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from typing import Optional

import uvicorn
from starlette.applications import Starlette

from evidence_trace.server.web.live import LiveStreams

log = logging.getLogger(__name__)

#: Seconds start-up waits for uvicorn to report that it serves.
STARTUP_TIMEOUT_S = 10.0


def bind_http(listen: str) -> socket.socket:
    """A listening TCP socket on HOST:PORT (port 0 picks a free one); raises OSError."""
    host, _, port = listen.rpartition(":")
    host = host.strip("[]")
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(128)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


class HttpEndpoint:
    """uvicorn serving one application on a bound socket, on its own thread and event loop."""

    def __init__(self, app: Starlette, live: LiveStreams, sock: socket.socket, grace_s: float):
        self.app = app
        self._live = live
        self._sock = sock
        self.host = sock.getsockname()[0]
        self.port = int(sock.getsockname()[1])
        config = uvicorn.Config(
            app,
            lifespan="off",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=max(int(grace_s), 1),
            server_header=False,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name="http-endpoint", daemon=True)

    def _run(self) -> None:
        asyncio.run(self._server.serve(sockets=[self._sock]))

    def start(self) -> "HttpEndpoint":
        self._thread.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while not self._server.started and self._thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        if not self._server.started:
            self.close()
            raise OSError(f"the HTTP endpoint on port {self.port} did not start")
        return self

    def end_live_streams(self) -> None:
        """End every live page's stream now (their watches return within one poll); refuse new ones."""
        self._live.close()

    def close(self, grace_s: Optional[float] = None) -> None:
        """End live streams, stop accepting, let open requests finish, join the thread."""
        self._live.close()
        self._server.should_exit = True
        self._thread.join(grace_s if grace_s is not None else 15.0)
        if self._thread.is_alive():
            self._server.force_exit = True
            self._thread.join(5.0)
        self._sock.close()
