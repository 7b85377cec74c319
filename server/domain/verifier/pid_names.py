"""A process named with its pid, read against the name the evidence gives that pid.

    Out of memory: Killed process 23144 (java) total-vm:24118332kB, anon-rss:15338120kB
    oom-kill:constraint=CONSTRAINT_NONE,...,task=java,pid=23144,uid=1002

A claim that names a process by its name and pid ("killed postgres (pid 23144)", "PID 23144 (postgres)", "进程
postgres（PID 23144）") is contradicted when the session gives that pid only another name (`Killed process 23144
(java)`, `task=java,pid=23144`). Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength, Unit

_SAID = re.compile(
    r"\b([A-Za-z][\w.-]{1,30})[ \t]*[(（][ \t]*(?:pid|PID)[ \t:=]*([0-9]{2,8})[ \t]*[)）]"
    r"|\b(?:pid|PID)[ \t:=]*([0-9]{2,8})[ \t]*[(（][ \t]*([A-Za-z][\w.-]{1,30})[ \t]*[)）]"
)
_GENERIC = frozenset({"process", "processes", "proc", "backend", "worker", "server", "task", "thread", "child", "pid"})
_GIVEN = (
    re.compile(r"\b(?:process|pid)[ \t:=]+([0-9]{2,8})[ \t]*\(([^()\s]{1,30})\)", re.I),  # Killed process 23144 (java)
    re.compile(r"\btask=([^,\s]{1,30}),pid=([0-9]{2,8})"),  # the oom-kill line: task=java,pid=23144
)


def pid_rival(text: str, evidence: Evidence) -> Optional[Unit]:
    """A unit giving one of the claim's pids another process name than the claim's, when none gives it the
    claim's (each process the claim names with a pid: "envoy (pid 44120) and pilot-agent (pid 47702)")."""
    for said in _SAID.finditer(text):
        name, pid = (said.group(1), said.group(2)) if said.group(1) else (said.group(4), said.group(3))
        if name.lower() in _GENERIC:
            continue  # "server process (PID 28811)", "another java process (PID 51377)": a kind of process, no name
        rival = _rival(name, pid, evidence)
        if rival is not None:
            return rival
    return None


def _rival(name: str, pid: str, evidence: Evidence) -> Optional[Unit]:
    rival: Optional[Unit] = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or pid not in unit.text:
                continue
            for pattern in _GIVEN:
                for m in pattern.finditer(unit.text):
                    given_pid, given_name = (
                        (m.group(1), m.group(2)) if pattern is _GIVEN[0] else (m.group(2), m.group(1))
                    )
                    if given_pid != pid:
                        continue
                    if given_name.lower() == name.lower():
                        return None
                    rival = rival or unit
    return rival
