"""mqsc: what IBM MQ's `runmqsc` prints for a DISPLAY command, one record an object it displays.

    AMQ8409I: Display Queue details.
       QUEUE(GW.REPLY.CARDS)                   TYPE(QLOCAL)
       CURDEPTH(3)

Each `AMQnnnnX:` message opens an object's details; its `NAME(value)` attributes, two to a line, follow until
the next message or the end of the command's output (`One MQSC command read.`). Read one record a line, a
queue's name and its depth were two units and never bound. A record (`lines 6-8`) is the object's lines, with
each attribute under its name as a table row's cells (`QUEUE=GW.REPLY.CARDS; CURDEPTH=3`), its figures read
under their names (`curdepth`, `msgage`), its first attribute its subject (the queue, channel or queue manager)
and `STATUS(STOPPED)` / `STATUS(RETRYING)` a problem through the field maps. An error message (`AMQ8147E:
IBM MQ object GW.REPLY.X not found.`) is a record of its own, a problem. The `Starting MQSC for queue manager QM_GW01.`
line is the header, its subject the queue manager, whose name each object's cells give too (`queue manager=QM_GW01`).

Recognised by runmqsc's `Starting MQSC for queue manager …` line, or by an `AMQnnnnX:` message line with an
attribute line right after it (an MQ error log's `AMQ9999E:` messages, followed by prose, stay log lines).
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import read_cells
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_of

_MESSAGE = re.compile(r"[ \t]*(AMQ[0-9]{4}([IWE])):[ \t]*(.*)")
# a value may hold one pair of parentheses of its own: CONNAME(10.88.12.40(1414))
_ATTRIBUTE = re.compile(r"\b([A-Z][A-Z0-9]*)\(((?:[^()]|\([^()]*\))*)\)")
_ATTRIBUTE_LINE = re.compile(r"[ \t]*(?:[A-Z][A-Z0-9]*\((?:[^()]|\([^()]*\))*\)[ \t]*)+")
_SESSION = re.compile(r"[ \t]*Starting MQSC for queue manager ")
_END = re.compile(r"[ \t]*(?:One|[0-9]+) (?:MQSC )?commands? (?:read|have|has)|[ \t]*No commands have|[ \t]*All valid")


def _recognise(preview: Preview) -> bool:
    if preview.json is not None:
        return False
    lines = [line for _, line in preview.lines[:400]]
    if any(_SESSION.match(line) for line in lines[:20]):
        return True
    return any(
        _MESSAGE.match(line) and index + 1 < len(lines) and _ATTRIBUTE_LINE.fullmatch(lines[index + 1])
        for index, line in enumerate(lines)
    )


def _blocks(preview: Preview) -> Iterator[list[tuple[int, str]]]:
    block: list[tuple[int, str]] = []
    for number, line in preview.lines:
        message = _MESSAGE.match(line) is not None
        if message or _END.match(line):
            if block:
                yield block
            block = [(number, line)] if message else []
        elif block and _ATTRIBUTE_LINE.fullmatch(line):
            block.append((number, line))
    if block:
        yield block


def records(preview: Preview) -> Iterator[Record]:
    session = next((line for _, line in preview.lines[:20] if _SESSION.match(line)), "")
    manager = session.split()[-1].rstrip(".") if session else ""
    if session:  # "Starting MQSC for queue manager QM_PAY01.": the queue manager every object is of
        yield Record("header", "header", session.strip(), subject=manager)
    for block in _blocks(preview):
        first, last = block[0][0], block[-1][0]
        message = _MESSAGE.match(block[0][1])
        attributes = {m.group(1): m.group(2).strip() for _, line in block[1:] for m in _ATTRIBUTE.finditer(line)}
        if not attributes and (message is None or message.group(2) != "E"):
            continue  # a message of no object ("AMQ8409I: Display Queue details." with nothing after it)
        level, subject, problem = read_cells({**{k.lower(): v for k, v in attributes.items()}, **attributes})
        if not attributes and message is not None:  # "AMQ8147E: IBM MQ object GW.REPLY.X not found."
            problem = problem or message.group(1)
        yield Record(
            f"line {first}" if first == last else f"lines {first}-{last}",
            "item",
            "\n".join(line.strip() for _, line in block),
            level="ERROR" if message is not None and message.group(2) == "E" else level,
            subject=subject or next(iter(attributes.values()), ""),
            numbers=functools.partial(_numbers_of, attributes, ""),
            problem=problem,
            # each object is its queue manager's, as the header says: a claim naming both finds them in one record
            cells="; ".join(f"{k}={v}" for k, v in ({"queue manager": manager, **attributes}).items() if v),
        )


FORMAT = Format("mqsc", _recognise, records)
