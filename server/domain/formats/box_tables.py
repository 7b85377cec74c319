"""box_table: a table drawn with box-drawing characters, as clickhouse-client's Pretty formats, DuckDB and
some CLIs print it (`┌─hour──┬─status─┐`, `│ 10:00 │ 200 │`, `└───┴───┘`; also `+---+` ASCII frames with `|`).

The column names are the header's (the top border for ClickHouse, which writes them into it, else the
first `│` row before a `├`/`+` rule); one record a data row (`row 2`), read as the other tables are
(tables.table_records: each cell under its column's name, its unit from the name, `p95_ms`).
A footer ("4 rows in set. Elapsed: 0.731 sec.") is no row; a frame with no rows is no hit.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import markdown_cells, table_records

_TOP = re.compile(r"^[┌╔+][─═━\-┬╦+\w\s().%/]*[┐╗+]$")
_RULE = re.compile(r"^[├╞╠+└╚][─═━\-┼╪╬┴╩+]*[┤╡╣+┘╝]$")
_BAR = "│║┃|"
_AS_PIPES = str.maketrans({bar: "|" for bar in _BAR})


def _recognise(preview: Preview) -> bool:
    first = preview.first_line.strip()
    if not first or first[0] not in "┌╔+" or not _TOP.match(first):
        return False
    if first[0] == "+":  # an ASCII frame (the mysql client, `bq query`, prettytable): "+----+" over a "| a |" row
        return "-" in first and any(line.lstrip()[:1] == "|" for _, line in preview.lines[1:3])
    return any(line.lstrip()[:1] in ("│", "║", "┃", "└", "╚") for _, line in preview.lines[1:3])  # rows, or none


def _cells(line: str) -> list[str]:
    return markdown_cells(line.translate(_AS_PIPES))  # a box's bars are a markdown table's pipes


def _records(preview: Preview) -> Iterator[Record]:
    if preview.first_line.strip()[:1] == "+":
        yield from _ascii_records(preview)
        return
    lines = [(number, line) for number, line in preview.lines if line.strip()]
    top = lines[0][1].strip()
    named = [name.strip() for name in re.split(r"[┬╦+]", top.strip("┌╔┐╗+")) if name.strip("─═━- ")]
    header = [name.strip("─═━- ") for name in named]
    body = [(n, line) for n, line in lines[1:] if line.strip()[:1] in _BAR]
    if not header or len(header) != len(_cells(body[0][1]) if body else []):
        # no names in the border: the first barred row is the header, when a rule follows it
        rule_after = len(lines) > 2 and _RULE.match(lines[2][1].strip()) is not None
        header, body = (_cells(body[0][1]), body[1:]) if body and rule_after else (header, body)
    rows = ((number, " ".join(line.split()), _cells(line)) for number, line in body)
    yield from table_records(header, rows)


_ASCII_RULE = re.compile(r"^[+|][-=+|: ]*[+|]$")  # "+----+----+", "|----+----|" (snowsql's rule under the header)


def _ascii_records(preview: Preview) -> Iterator[Record]:
    """ASCII frames, one after another (a client printing each statement's result): each frame's first row is
    its header when a rule follows it; every other row is a record, numbered across the frames."""
    frames: list[list[tuple[int, str]]] = []
    framed = False  # inside a frame: from its top border to the first line that is neither border nor row
    for number, line in preview.lines:
        text = line.strip()
        if text[:1] not in ("+", "|"):
            framed = False
            continue
        # a new frame: after a footer or a blank line, or a top border right under a bottom one
        if not framed or (text[:1] == "+" and frames[-1][-1][1][:1] == "+" and len(frames[-1]) > 2):
            frames.append([])
        framed = True
        frames[-1].append((number, text))
    count = 0
    for frame in frames:
        rows = [(n, t) for n, t in frame if not _ASCII_RULE.match(t)]
        if not rows:
            continue
        ruled = next((i for i, (_, t) in enumerate(frame) if t == rows[0][1]), 0) + 1
        header = _cells(rows[0][1]) if ruled < len(frame) and _ASCII_RULE.match(frame[ruled][1]) else []
        body = rows[1:] if header else rows
        for record in table_records(header, ((n, " ".join(t.split()), _cells(t)) for n, t in body)):
            count += 1
            yield dataclasses.replace(record, ref=f"row {count}")


FORMAT = Format("box_table", _recognise, _records)
