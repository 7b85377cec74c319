"""Tables command-line tools print with a lower-case or mixed-case header, columns split by spaces:
Elasticsearch's `_cat` APIs (`index shard prirep state docs store ip node`), `iostat -x` (`Device r/s w/s …
%util`), `df -h` (`Filesystem Size Used Avail Use% Mounted on`), `vmstat`, `ss -s` and the like.

spaced_table: one or more blocks, each a header of three names or more (none of them a number) over rows
of as many cells (after a whole row, a row may leave its last columns empty, down to half of them:
`_cat/shards` prints no docs, store, ip or node for an UNASSIGNED shard); a block ends at a blank line or at the
header of the same tool's next table (its first column named alike: `df -h; df -i`), and a preamble before the first block (`Linux 5.15 …
(es-data-07)`) is no row. A header of one word more than its rows ("Mounted on") joins its last two
names. Each row is read by its column names (tables.table_records): its line as written, then each cell
under its column's name ("%util=99.20", "bytes_percent=61.3%").
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, table_records

_NAME = re.compile(r"[A-Za-z%][\w%/.\-:]*|[a-z]+\([a-z%]+\)")  # "r/s", "%util", "avg-cpu:", "CPU(cores)"
_NUMBER = re.compile(r"[0-9]")
_MAX_PREAMBLE = 4  # lines a tool may print before its first table


_FREE_TEXT = frozenset({"message", "msg", "command", "cmd", "args", "reason", "description", "mounted on", "comment"})


def _header(line: str) -> Optional[list[str]]:
    names = line.split()
    if len(names) < 3 or not all(_NAME.fullmatch(n) for n in names):
        return None
    if any(n.endswith(":") for n in names[1:]):
        return None  # "Logs for the probe:": a sentence's label, not a header of columns
    return names


def _next_header(line: str, header: list[str]) -> bool:
    """Whether the line is the header of another table of the same tool: its first column's name is the block's."""
    names = _header(line)
    return names is not None and names[0] == header[0]


def _blocks(preview: Preview) -> list[tuple[list[str], list[Row]]]:
    """The (header, rows) of each block of the preview that is a table."""
    found: list[tuple[list[str], list[Row]]] = []
    lines = preview.text.splitlines()
    index, seen_table = 0, False
    while index < len(lines):
        header = _header(lines[index])
        rows: list[Row] = []
        if header is not None:
            at = index + 1
            while at < len(lines) and lines[at].strip():
                cells = lines[at].split()
                if len(cells) == len(header) - 1 and header[0].endswith(":"):
                    header = header[1:]  # "avg-cpu:  %user  %nice …": the block's label, then its columns
                elif len(cells) == len(header) - 1 and len(header) >= 4:  # "Mounted on": two words, one column
                    header = header[:-2] + [" ".join(header[-2:])]
                free = header[-1].lower() in _FREE_TEXT  # a last column of words ("COMMAND", "Mounted on")
                # after a whole row, a row whose last columns are empty (`_cat/shards`' UNASSIGNED shards)
                short = bool(rows) and 3 <= len(cells) < len(header) <= len(cells) * 2
                if (len(cells) < len(header) and not short) or (len(cells) > len(header) and not free):
                    break
                if not _NUMBER.search(lines[at]):
                    break
                if short:
                    cells = cells + [""] * (len(header) - len(cells))
                else:
                    cells = cells[: len(header) - 1] + [" ".join(cells[len(header) - 1 :])]
                rows.append((at + 1, lines[at], cells))
                at += 1
            # a block ends at a blank line, or at the header of the same tool's next table (`df -h /data; df -i
            # /data`: both open with "Filesystem")
            if rows and (at == len(lines) or not lines[at].strip() or _next_header(lines[at], header)):
                found.append((header, rows))
                seen_table = True
                index = at
                continue
        if not seen_table and index >= _MAX_PREAMBLE and lines[index].strip():
            return []  # prose or log lines, not a tool's table
        index += 1
    return found


def _is_spaced(preview: Preview) -> bool:
    if preview.json is not None or preview.head in ("{", "[", "|"):
        return False
    blocks = _blocks(preview)
    return bool(blocks) and sum(len(rows) for _, rows in blocks) >= 1


def _records(preview: Preview) -> Iterator[Record]:
    for header, rows in _blocks(preview):
        yield from table_records(header, iter(rows))


FORMAT = Format("spaced_table", _is_spaced, _records)
