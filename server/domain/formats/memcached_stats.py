"""memcached_stats: memcached's `stats` reply (`echo stats | nc host 11211`), one record for the server.

    STAT uptime 1209600
    STAT curr_items 3120554
    STAT bytes 4018922114
    STAT limit_maxbytes 4294967296
    STAT evictions 0

Every `STAT name value` line is a field of one server: one record (`stats`), each number read under its
name, in its unit: `uptime` and `*_time` in seconds, `bytes` and `*bytes*` in bytes (so "4.02 GB of its 4 GiB
limit" and "up 14 days" are shown by it). Problem: `accepting_conns 0` (the server refuses connections).
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.unit_model import Number

_STAT = re.compile(r"STAT ([A-Za-z_][\w:.]*) (\S+)[ \t]*")
_SECONDS = re.compile(r"^(?:uptime|\w+_time|time)$")


def _recognise(preview: Preview) -> bool:
    lines = [line for _, line in preview.lines if line.strip() and line.strip() != "END"]
    stats = sum(1 for line in lines if _STAT.fullmatch(line.strip()))
    return stats >= 3 and stats * 5 >= len(lines) * 4


def _numbers(text: str) -> list[Number]:
    numbers = []
    for m in _STAT.finditer(text):
        name, raw = m.group(1).lower(), m.group(2)
        try:
            value = float(raw)
        except ValueError:
            continue
        if _SECONDS.match(name):
            numbers.append(Number(value, Dimension.TIME, 1000.0, key=name))
        elif "bytes" in name:
            numbers.append(Number(value, Dimension.BYTES, 1.0, key=name))
        else:
            numbers.append(Number(value, key=name))
    return numbers


def records(preview: Preview) -> Iterator[Record]:
    text = "\n".join(line for _, line in preview.lines if _STAT.fullmatch(line.strip()))
    refusing = re.search(r"^STAT accepting_conns 0\b", text, re.M) is not None
    problem = "accepting_conns 0" if refusing else ""
    yield Record(
        "stats",
        "item",
        text,
        level="ERROR" if refusing else "",
        numbers=functools.partial(_numbers, text),
        problem=problem,
    )


FORMAT = Format("memcached_stats", _recognise, records)
