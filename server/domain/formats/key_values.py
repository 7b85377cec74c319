"""Key-value documents: Redis `INFO`, `/proc/meminfo`, curl's `-w` timings, `nodetool info` and the like.

key_values: text of which at least three lines, and four in five of the lines that are not a section's
title, are `key:value` fields (`key: value`, `key = value`) with short values, at least half of them
numbers, and no key a log level (so "ERROR: …" / "DETAIL: …" lines stay log lines). A `# Section` line or
a blank line opens a section. One record a section (`lines 12-40`): the fields that describe one thing
together (`used_memory`, `maxmemory` and `maxmemory_policy` in Redis's `# Memory`), each field's number
read under its name; a section of many fields is an item (its values are of many things). A section
whose every field is a thing of its own, its value itself fields (Redis's `# Keyspace`:
`db0:keys=3012877,expires=2990012`), is one record a line: one database's values are never bound to the
next line's name. Among other fields (a replica's line in its master's `# Replication`) such a line stays
in its section. The fields go through the field maps as a table row's cells do (`status: DOWN` and
`http_code: 503` are problems, `host` a subject).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Callable, Iterable, Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import read_cells
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_of

_FIELD = re.compile(r"[ \t]*([A-Za-z_][\w.\-]*)(?:[ \t]*[:=][ \t]*|\t+)(\S.{0,59})$")  # (mntr: `key<TAB>value`)
_SECTION = re.compile(r"[ \t]*#[ \t]*\S")
_NUMBER_VALUE = re.compile(r"[-+]?[0-9][0-9.,]*[A-Za-z%]{0,3}$")
_LEVEL_KEYS = frozenset(
    "error err warn warning info debug trace fatal panic critical notice detail hint statement context log".split()
)


def _fields(preview: Preview) -> tuple[int, int, int]:
    """(lines that are no section title, fields among them, fields with a number)."""
    lines = [line for _, line in preview.lines if not _SECTION.match(line)]
    matched = [m for m in (_FIELD.fullmatch(line) for line in lines) if m and m.group(1).lower() not in _LEVEL_KEYS]
    numbers = sum(1 for m in matched if _NUMBER_VALUE.match(m.group(2).strip()))
    return len(lines), len(matched), numbers


def _is_key_values(preview: Preview) -> bool:
    if preview.json is not None or preview.head in ("{", "[", "|"):
        return False
    lines, fields, numbers = _fields(preview)
    return fields >= 3 and fields * 5 >= lines * 4 and numbers * 2 >= fields


# a field whose value is itself fields ("db0:keys=3012877,expires=2990012", "slave0:ip=…,port=6379,state=online",
# "cmdstat_get:calls=812,usec=4410"): one thing of its own, a record apart from the section around it
_ENTRY = re.compile(r"[ \t]*[A-Za-z_][\w.\-]*[ \t]*:[ \t]*[A-Za-z_]\w*=[^,\s]*(?:,[A-Za-z_]\w*=[^,\s]*)+[ \t]*")


def _sections(preview: Preview) -> Iterator[list[tuple[int, str]]]:
    section: list[tuple[int, str]] = []
    for number, line in enumerate(preview.text.splitlines(), 1):
        title = _SECTION.match(line) is not None
        if (title or not line.strip()) and section:
            yield from _things(section)
            section = []
        if line.strip():
            section.append((number, line))
    if section:
        yield from _things(section)


def _things(section: list[tuple[int, str]]) -> Iterator[list[tuple[int, str]]]:
    """The section, or each of its lines when every field of it is a thing of its own (Redis's `# Keyspace`:
    one line a database); a replica's line among its master's fields stays in the master's section."""
    fields = [(number, line) for number, line in section if not _SECTION.match(line)]
    if len(fields) > 1 and all(_ENTRY.fullmatch(line) for _, line in fields):
        yield from ([field] for field in fields)
    else:
        yield section


def _records(preview: Preview) -> Iterator[Record]:
    for section in _sections(preview):
        first, last = section[0][0], section[-1][0]
        ref = f"line {first}" if first == last else f"lines {first}-{last}"
        one_thing = len(section) > 1 or _ENTRY.fullmatch(section[0][1]) is not None
        record = line_record(ref, "\n".join(text for _, text in section), "item" if one_thing else "log line")
        # the fields through the field maps, as a table row's cells: `status: DOWN`, `http_code: 503`, `host: …`
        fields = {m.group(1): m.group(2).strip() for m in (_FIELD.fullmatch(text) for _, text in section) if m}
        level, subject, problem = read_cells({**{k.lower(): v for k, v in fields.items()}, **fields})
        yield dataclasses.replace(
            record,
            level=level or record.level,
            subject=subject or record.subject,
            problem=problem or record.problem,
            numbers=functools.partial(_numbers, fields, record.numbers),  # each figure under its field's name too
        )


def _numbers(fields: dict[str, str], in_text: Callable[[], Iterable[Number]]) -> tuple[Number, ...]:
    return (*_numbers_of(fields, ""), *in_text())


FORMAT = Format("key_values", _is_key_values, _records)
