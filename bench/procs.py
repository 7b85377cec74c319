"""Benchmark servers as child processes, so client and server do not share a GIL."""

from __future__ import annotations

import re
import subprocess
import sys


class Proc:
    def __init__(self, argv: list[str]):
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        for line in self.proc.stdout:
            found = re.search(r"listening on (\S+)", line)
            if found:
                self.address = found.group(1)
                break
        else:
            raise RuntimeError(f"{argv} did not start")

    @classmethod
    def echo(cls) -> "Proc":
        return cls([sys.executable, "-m", "bench.echo_server"])

    @classmethod
    def evidence_trace(cls, url: str, *extra: str) -> "Proc":
        return cls(
            [
                sys.executable,
                "-m",
                "evidence_trace.server.cli.main",
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--database",
                url,
                "--log-level",
                "WARNING",
                *extra,
            ]
        )

    def http_base(self) -> str:
        """The HTTP endpoint's base URL, as `serve --http-listen` prints it after the gRPC address."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            found = re.search(r"audit page on (http://\S+?)/?$", line.strip())
            if found:
                return found.group(1)
        raise RuntimeError("the server printed no audit page address")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def __enter__(self) -> "Proc":
        return self

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
