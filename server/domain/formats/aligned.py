"""Tables that command-line tools print aligned: psql's, and the upper-case-headed column tables of admin
tools (`kafka-consumer-groups --describe`, `docker ps`, `kubectl top`, `redis-cli --stat` ...), and the
Title Case ones (`amtool alert query`: "Alertname  Starts At  Summary  State").

psql_table: a header of names split by " | ", a rule of dashes and "+", one record a row (`row 2`);
psql's "(3 rows)" footer is no row. A result of one column (`SHOW max_connections;`) is a name over a rule of
dashes alone, read so only with psql's footer after it. Several statements print several results, each after
the footer of the one before: each is read under its own header (`result 2 row 1`).

aligned_table: an upper-case (or Title Case) header of three or more columns two spaces apart that is not kubectl's (no NAME or NAMESPACE column, no events columns), in the first three
lines (`argocd app history` prints its SOURCE first), cells cut as kubectl's are. Each row is read by its column names (tables.table_records): its line as written,
then each cell under its column's name ("LAG=112210", "xact_age=00:38:12"). Under a title line naming its
object (`kubectl rollout history`'s "deployment.apps/user-profile" over `REVISION  CHANGE-CAUSE`), two
columns are a table, and each row names that object.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.kubectl import aligned_header, aligned_rows
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, read_cells, table_records

_PSQL_RULE = re.compile(r"-+(?:\+-+)+")
_PSQL_FOOTER = re.compile(r"\(\d+ rows?\)")
_PSQL_ONE_RULE = re.compile(r"-{3,}")  # the rule under one column: dashes alone


def _is_psql(preview: Preview) -> bool:
    lines = preview.lines
    if len(lines) >= 3 and _one_column(preview):
        return True
    return (
        len(lines) >= 2
        and lines[0][1].count("|") >= 1
        and not lines[0][1].lstrip().startswith("|")
        and _PSQL_RULE.fullmatch(lines[1][1].strip()) is not None
    )


def _one_column(preview: Preview) -> bool:
    """psql's result of one column (`SHOW max_connections;`, `SELECT count(*) …`): a name over a rule of dashes
    alone, its values, then psql's "(1 row)" footer, which tells it from any text over a dashed line."""
    lines = [line.strip() for _, line in preview.lines]
    return (
        re.fullmatch(r"[A-Za-z_?][\w?()*.]*", lines[0]) is not None
        and _PSQL_ONE_RULE.fullmatch(lines[1]) is not None
        and any(_PSQL_FOOTER.fullmatch(line) for line in lines[2:])
    )


def _result_sets(preview: Preview) -> Iterator[tuple[list[str], list[Row]]]:
    """Each result psql printed (several statements print several, each ended by its footer): its column names
    and its rows."""
    lines = preview.lines
    at = 0
    while at + 1 < len(lines):
        header, rule = lines[at][1], lines[at + 1][1].strip()
        if not (_PSQL_RULE.fullmatch(rule) or (_PSQL_ONE_RULE.fullmatch(rule) and "|" not in header)):
            return
        rows: list[Row] = []
        at += 2
        while at < len(lines) and not _PSQL_FOOTER.fullmatch(lines[at][1].strip()):
            number, line = lines[at]
            rows.append((number, line, [cell.strip() for cell in line.split("|")]))
            at += 1
        yield [cell.strip() for cell in header.split("|")], rows
        at += 1  # past the footer: the next statement's result, if any


def _psql(preview: Preview) -> Iterator[Record]:
    for number, (header, rows) in enumerate(_result_sets(preview), 1):
        for record in table_records(header, iter(rows)):
            yield record if number == 1 else dataclasses.replace(record, ref=f"result {number} {record.ref}")


def _from_header(preview: Preview) -> Preview:
    """The preview from its header on: a tool may print a line or two before it (`argocd app history`'s
    `SOURCE ...` line), which is no row."""
    for index, (_, line) in enumerate(preview.lines[:3]):
        if index and aligned_header(Preview(line, preview.tool_name), title_case=True):
            text = "\n".join(text for _, text in preview.lines[index:])
            return Preview(text, preview.tool_name, preview.params, preview.metric_hint)
    return preview


def _is_aligned(preview: Preview) -> bool:
    table = _from_header(preview)
    columns = aligned_header(table, title_case=True)
    # two columns are a table under a title naming its object (`kubectl rollout history`'s "deployment.apps/x")
    if len(columns) < (2 if _title(preview) else 3) or {"NAME", "NAMESPACE", "REASON"} & set(columns):
        return False
    return len(table.lines) >= 2


def _aligned(preview: Preview) -> Iterator[Record]:
    table = _from_header(preview)
    title = _title(preview)
    rows = aligned_rows(table)
    if not title:
        return table_records(aligned_header(table, title_case=True), rows)
    # every row is the titled object's: it names it, as a description's parts name theirs
    rows = ((number, f"{line}  [{title}]", cells) for number, line, cells in rows)

    def titled(cells: dict[str, str]) -> tuple[str, str, str]:
        level, _, problem = read_cells(cells)
        return level, title, problem

    return table_records(aligned_header(table, title_case=True), rows, titled)


_OBJECT_TITLE = re.compile(r"[a-z][a-z0-9.-]*/([A-Za-z0-9][\w.-]*)")  # "deployment.apps/user-profile"


def _title(preview: Preview) -> str:
    """The object a table's title line names, when the table is under one ("deployment.apps/x" over
    `REVISION  CHANGE-CAUSE`), else ""."""
    lines = preview.lines
    m = _OBJECT_TITLE.fullmatch(lines[0][1].strip()) if len(lines) >= 3 else None
    header = lines[1][1] if len(lines) >= 3 else ""
    return m.group(1) if m and aligned_header(Preview(header, preview.tool_name), title_case=True) else ""


PSQL = Format("psql_table", _is_psql, _psql)
COLUMNS = Format("aligned_table", _is_aligned, _aligned)
