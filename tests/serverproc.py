"""Running `evidence-trace serve` as a real child process, for crash and signal tests."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from typing import Optional


class ServerProcess:
    """`evidence-trace serve` on a free loopback port; the address it printed is `address`."""

    def __init__(self, database_url: str, *extra: str, env: Optional[dict] = None):
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "evidence_trace.server.cli.main",
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--database",
                database_url,
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, **(env or {})},
        )
        self.output: list[str] = []
        ready = threading.Event()
        self.address = ""

        def pump() -> None:
            for line in self.proc.stdout:
                self.output.append(line)
                found = re.search(r"listening on (\S+)", line)
                if found and not ready.is_set():
                    self.address = found.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=pump, daemon=True).start()
        if not ready.wait(30) or not self.address:
            self.proc.kill()
            raise RuntimeError("server did not start:\n" + "".join(self.output))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)

    def terminate(self, timeout: float = 30) -> int:
        self.proc.terminate()
        return self.proc.wait(timeout)

    def __enter__(self) -> "ServerProcess":
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.kill()
