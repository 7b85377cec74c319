"""box_table: a table drawn with box-drawing characters, as clickhouse-client's Pretty formats, DuckDB and
some CLIs print it (`┌─hour──┬─status─┐`, `│ 10:00 │ 200 │`, `└───┴───┘`; also `+---+` ASCII frames with `|`).

The column names are the header's (the top border for ClickHouse, which writes them into it, else the
first `│` row before a `├`/`+` rule); one record a data row (`row 2`), read as the other tables are
(tables.table_records: each cell under its column's name, its unit from the name, `p95_ms`).
A footer ("4 rows in set. Elapsed: 0.731 sec.") is no row; a frame with no rows is no hit.
"""

from __future__ import annotations

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
    if not first or first[0] not in "┌╔" or not _TOP.match(first):
        return False
    return any(line.lstrip()[:1] in ("│", "║", "┃", "└", "╚") for _, line in preview.lines[1:3])  # rows, or none


def _cells(line: str) -> list[str]:
    return markdown_cells(line.translate(_AS_PIPES))  # a box's bars are a markdown table's pipes


def _records(preview: Preview) -> Iterator[Record]:
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
    return table_records(header, rows)


FORMAT = Format("box_table", _recognise, _records)
