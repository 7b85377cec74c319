"""Something said to be still running, whose last record says it ended: "filebeat started a harvester for
/var/log/billing/export.log at 09:12:03Z and it is still running" where the same file's later line says "File is
inactive. Closing because close_inactive of 1h0m0s reached".

A claim that says its subject is still running (still running, active, in progress, open, 仍在运行, 还在跑, …) names
it; one call's timed records naming every such name (or naming what the call did not ask), at least two of them,
are its story. When the latest of them tells an end (closing, stopped, exited, terminated, finished, killed, 结束,
退出, 停止, 关闭) and tells no start, and an earlier one tells a start, that latest record contradicts the claim. A
subject with a later start, a call with one record of it, or a record of no time decides nothing.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.latest_records import instant
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

_STILL = re.compile(
    r"\bstill[ \t]+(?:running|active|in[ \t]+progress|open|alive|going|processing|harvesting|executing)\b"
    r"|(?:仍|仍然|依然|还|一直)[ \t]*在?[ \t]*(?:运行|跑|进行|工作|处理|采集)",
    re.I,
)
_ENDED = re.compile(
    r"\b(?:clos(?:e|ed|ing)|stopp(?:ed|ing)|exit(?:ed|ing)|terminat(?:ed|ing)|finish(?:ed|ing)|shut(?:ting)?[ \t]+down"
    r"|killed|ended)\b|结束|退出|停止|关闭|终止",
    re.I,
)
_STARTED = re.compile(
    r"\b(?:start(?:ed|ing)|resum(?:ed|ing)|restart(?:ed|ing)|launch(?:ed|ing))\b|启动|开始|恢复", re.I
)


def ended_since(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The latest record of the subject, when it tells an end after an earlier start (module docstring)."""
    if _STILL.search(text) is None:
        return None
    names = [f for f in facts if f.is_entity]
    if not names:
        return None
    for index in evidence.rows():
        question = evidence.question(index)
        own = [
            (at, unit)
            for unit in evidence.units(index)
            if unit.strength >= Strength.INDIRECT
            and unit.kind not in ("input", "header")
            and names_subject(names, unit, question)
            for at in [instant(unit)]
            if at is not None
        ]
        if len(own) < 2:
            continue
        at, last = max(own, key=lambda pair: pair[0])
        if _ENDED.search(last.text) is None or _STARTED.search(last.text) is not None:
            continue
        if any(_STARTED.search(unit.text) for when, unit in own if when < at):
            return last
    return None
