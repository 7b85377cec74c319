"""A loopback TCP proxy whose link can be cut and restored: a database outage on demand."""

from __future__ import annotations

import socket
import struct
import threading


class TcpProxy:
    """Forwards 127.0.0.1:<port> to a target; `cut()` drops every connection and refuses new ones."""

    def __init__(self, target_host: str, target_port: int):
        self._target = (target_host, target_port)
        self._lock = threading.Lock()
        self._conns: list[socket.socket] = []
        self._reset: set[socket.socket] = set()  # connections being reset: no orderly shutdown
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._up = threading.Event()
        self._up.set()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if not self._up.is_set():
                client.close()  # the database is "down": the connection is refused at once
                continue
            try:
                upstream = socket.create_connection(self._target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    if s not in self._reset:
                        s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self, reset: bool = False) -> None:
        """Start the outage: drop all open connections, refuse new ones.

        reset: end each connection with a TCP RST (as a crashed host or a firewall does)
        instead of an orderly shutdown.
        """
        self._up.clear()
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            try:
                if reset:  # no FIN: the pipe threads, woken by SHUT_RD, leave it alone; close() sends the RST
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self._reset.add(s)
                    s.shutdown(socket.SHUT_RD)
                else:
                    s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def restore(self) -> None:
        self._up.set()

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._listener.close()
