"""Tables whose header is underlined by dashes, one group a column: Oracle's SQL*Plus, SQL Server's sqlcmd,
`bq ls`, Sybase's isql and the like.

    NAME                 STATUS     LAST_ANALYZED
    -------------------- ---------- -------------------
    ORDERS               VALID      2026-09-14 02:00:11
    ORDER_ITEMS          INVALID

    2 rows selected.

The dash groups give the columns' spans, so a cell with spaces in it ("14 Sep 05:12:40") or an empty one (a
RUNNING job's Duration) stays in its column, which splitting by spaces cannot do. One record a row, read as the
other tables are (tables.table_records: each cell under its column's name). A header repeated down the page
(SQL*Plus' pagesize) and a footer ("2 rows selected.") are no rows; a header with no rows is no hit.
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, table_records

_RULE = re.compile(r"^[ \t]*-{2,}(?:[ \t]+-{2,})+[ \t]*$")
_FOOTER = re.compile(r"^\s*(?:\(?[0-9]+ rows?(?: selected| affected)?\.?\)?|no rows selected\.?)\s*$", re.I)


def _rule_at(preview: Preview) -> int:
    """The index in preview.lines of the header's dash rule (the first non-blank line's next one), or -1."""
    lines = [i for i, (_, line) in enumerate(preview.lines[:12]) if line.strip()]
    return lines[1] if len(lines) >= 2 and _RULE.match(preview.lines[lines[1]][1]) else -1


def _recognise(preview: Preview) -> bool:
    return preview.json is None and _rule_at(preview) > 0


def _records(preview: Preview) -> Iterator[Record]:
    at = _rule_at(preview)
    header_line, rule = preview.lines[at - 1][1], preview.lines[at][1]
    spans = [m.span() for m in re.finditer(r"-+", rule)]
    bounds = [(start, spans[i + 1][0] if i + 1 < len(spans) else None) for i, (start, _) in enumerate(spans)]

    def cells(line: str) -> list[str]:
        return [line[a:b].strip() if b is not None else line[a:].strip() for a, b in bounds]

    header = cells(header_line)
    rows: list[Row] = []
    for number, line in preview.lines[at + 1 :]:
        if not line.strip() or _FOOTER.match(line) or _RULE.match(line):
            continue
        row = cells(line)
        if row != header:  # a header repeated down the page
            rows.append((number, " ".join(line.split()), row))
    return table_records(header, iter(rows))


FORMAT = Format("dashed_table", _recognise, _records)
