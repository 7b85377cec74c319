"""csv, tsv and markdown_table: a header row, then one record a row (`row 4`, counting data rows from 1).

A row's cells are read by their column names through the field maps: a
`level`/`severity` column gives its level, a `service`/`pod`/`host` column its
subject, a `status` column its problem (a problem word, or an HTTP status of
400 or more); its numbers take their unit from the column name (`latency_ms`).
The row's text is the line as written (its excerpt); each cell under its column's name (`evicted_keys=182344`)
is the record's `cells`, which the verifier's unit reads after the line.
A header with no rows is no hit.
"""

from __future__ import annotations

import csv
import functools
import re
from typing import Callable, Iterator

from evidence_trace.server.domain.formats.fields import alert_state, level_of, problem_of, subject_of
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.payloads import parse_log_line
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_of

_COLUMN_NAME = re.compile(
    r"[A-Za-z_\u4e00-\u9fff][\w()/%#.\-\u4e00-\u9fff]{0,40}(?: [\w()/%#.\-\u4e00-\u9fff]{1,40}){0,2}"
)
_MARKDOWN_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")

Row = tuple[int, str, list[str]]
"""(line number, the line as written, its cells)."""


Reader = Callable[[dict[str, str]], tuple[str, str, str]]
"""(level, subject, problem) of a row's cells, keyed by column name and by its lower-case copy."""


def read_cells(cells: dict[str, str]) -> tuple[str, str, str]:
    """A row through the field maps."""
    return level_of(cells), subject_of(cells), problem_of(cells)


_NOTHING = frozenset({"", "0", "0.0", "0.00", "-", "--", "<none>", "none", "false", "null", "n/a"})


def table_records(columns: list[str], rows: Iterator[Row], read: Reader = read_cells) -> Iterator[Record]:
    """One record per row, each cell also given under its column's name (Record.cells)."""
    for index, (_, line, cells) in enumerate(rows):
        by_name = dict(zip(columns, cells))
        lowered = {name.lower(): value for name, value in by_name.items()}
        level, subject, problem = read({**lowered, **by_name})
        # a listing of alerts (an `alertname` column: amtool's, a markdown export) gives each its state
        state = alert_state(lowered.get("state", lowered.get("status", ""))) if "alertname" in lowered else ""
        # The line as written, then each cell under its column's name: a claim that names a column
        # ("182,344 keys evicted", "LAG 为 122663") finds it beside its value.
        # A zero or empty cell names nothing that happened: "evicted_keys=0" must not read as evictions.
        pairs = "; ".join(f"{name}={cell}" for name, cell in by_name.items() if name and cell not in _NOTHING)
        yield Record(
            f"row {index + 1}",
            "item",
            line,
            level=level,
            state=state,
            subject=subject,
            numbers=functools.partial(_numbers_of, by_name, ""),
            problem=problem,
            cells=pairs,
        )


def _delimited(preview: Preview, delimiter: str) -> bool:
    """A first line of column names (at most three words each, no log level) split by the delimiter,
    and a next line at least as wide."""
    header = preview.first_line
    if header.count(delimiter) < 1 or header.startswith(("{", "[", "|")) or _leveled(header):
        return False
    if delimiter == "\t" and _key_value_list(preview):
        return False  # (key_values.py reads it)
    names = [cell.strip().strip('"') for cell in header.split(delimiter)]
    if not all(_COLUMN_NAME.fullmatch(name) for name in names):
        return False
    second = preview.text.strip().split("\n", 2)[1:2]
    return not second or second[0].count(delimiter) >= len(names) - 1


def _key_value_list(preview: Preview) -> bool:
    """`key<TAB>value` lines, the first one's value with a figure in it (ZooKeeper's `mntr`: "zk_version\tv3.8.4",
    "zk_max_latency\t21"): fields of one thing, no table under a header of column names."""
    lines = preview.lines
    return (
        len(lines) >= 3
        and all(_TABBED_FIELD.fullmatch(line.strip()) for _, line in lines)
        and re.search(r"[0-9]", lines[0][1].strip().split("\t")[-1]) is not None
    )


_TABBED_FIELD = re.compile(r"[A-Za-z_][\w.\-]*\t+[^\t]+")


def _delimited_records(preview: Preview, delimiter: str) -> Iterator[Record]:
    numbered = preview.lines
    parsed = csv.reader([line for _, line in numbered], delimiter=delimiter)
    header = [cell.strip() for cell in next(parsed, [])]
    rows = ((number, line, [cell.strip() for cell in cells]) for (number, line), cells in zip(numbered[1:], parsed))
    return table_records(header, rows)


def _leveled(line: str) -> bool:
    entry = parse_log_line(line)
    return entry is not None and bool(entry.level)


def _markdown(preview: Preview) -> bool:
    if not preview.first_line.startswith("|"):
        return False
    lines = preview.lines
    return len(lines) >= 2 and _MARKDOWN_RULE.fullmatch(lines[1][1].strip()) is not None


def markdown_cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [cell.strip() for cell in inner.split("|")]


def _markdown_records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    header = markdown_cells(lines[0][1])
    rows = ((number, line, markdown_cells(line)) for number, line in lines[2:] if line.lstrip().startswith("|"))
    return table_records(header, rows)


CSV = Format("csv", functools.partial(_delimited, delimiter=","), functools.partial(_delimited_records, delimiter=","))
TSV = Format(
    "tsv", functools.partial(_delimited, delimiter="\t"), functools.partial(_delimited_records, delimiter="\t")
)
MARKDOWN = Format("markdown_table", _markdown, _markdown_records)
