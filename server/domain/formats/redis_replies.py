"""redis_replies: redis-cli's numbered reply to a command that answers names and values in turn
(`CONFIG GET maxclients`, `HGETALL key`, `CONFIG GET maxmemory*`):

    1) "maxclients"
    2) "10000"

Recognised when every line is a numbered reply element, numbered 1, 2, 3 … with an even count and every
odd element a quoted name. One record a pair (`lines 1-2`), its value read under its name, so "10000" is
`maxclients`'s value (a bound, not how many clients there are) and "noeviction" the policy's. Each pair
goes through the field maps as a table cell does (a job hash's `state` "failed" is a problem).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import read_cells
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_ELEMENT = re.compile(r"[ \t]*([0-9]{1,4})\) (\"(?:[^\"\\]|\\.)*\"|\(integer\) -?[0-9]+|\(nil\))[ \t]*")
_FIGURE = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_NAME = re.compile(r"\"([A-Za-z_][\w.:\-]{0,80})\"")


def _elements(preview: Preview) -> list[tuple[int, str]]:
    """(line number, element) of each line, or [] when a line is not the next numbered element."""
    found = []
    for expected, (number, line) in enumerate(preview.lines, 1):
        m = _ELEMENT.fullmatch(line)
        if m is None or int(m.group(1)) != expected:
            return []
        found.append((number, m.group(2)))
    return found


def _recognise(preview: Preview) -> bool:
    if preview.head != "1" or preview.json is not None:
        return False
    elements = _elements(preview)
    return len(elements) >= 2 and len(elements) % 2 == 0 and all(_NAME.fullmatch(name) for _, name in elements[::2])


def records(preview: Preview) -> Iterator[Record]:
    elements = _elements(preview)
    pairs = [
        (first, name, last, value, name.strip('"'), value.strip('"') if value.startswith('"') else value[10:])
        for (first, name), (last, value) in zip(elements[::2], elements[1::2])
    ]
    # one reply is about one thing (a hash, a server's settings): a `job` / `host` field names it for every pair
    _, whole, _ = read_cells({key.lower(): raw for *_, key, raw in pairs})
    for first, name, last, value, key, raw in pairs:
        text = f"{first}) {name}\n{last}) {value}"
        level, subject, problem = read_cells({key.lower(): raw, key: raw})  # a job hash's `state` "failed"
        subject = subject or whole
        yield Record(
            f"lines {first}-{last}",
            "object",
            text,
            level=level,
            subject=subject,
            numbers=functools.partial(_value, key, raw),
            problem=problem,
        )


def _value(key: str, raw: str) -> tuple[Number, ...]:
    """The value's numbers under the name: a plain figure is the name's value ("maxclients" 10000), another
    value read as text ("256mb")."""
    if _FIGURE.fullmatch(raw):
        return (Number(float(raw), key=key.lower()),)
    return tuple(dataclasses.replace(n, key=n.key or key.lower()) for n in _numbers_in_text(raw))


FORMAT = Format("redis_replies", _recognise, records)
