"""kubectl text: `kubectl get` tables, `kubectl get events` tables and `kubectl describe` output.

kubectl_table, kubectl_events: one record a row (`row 2`), cells cut at the
header's column positions (kubectl aligns them); the subject is the NAME (or
OBJECT) column. A row's problem is a problem word in its STATUS or REASON
column (CrashLoopBackOff, OOMKilled, Error, NotReady, ...) or a pod Pending
for PENDING_TOO_LONG_S or more; an event of TYPE Warning is a problem (its
level WARN). "No resources found" and a header without rows are no hit.

kubectl_describe: one record a part of the description (`lines 20-38`): the run of
top-level fields, each container, each other block, each event line; the subject is
the object's Name, and every part after the top-level fields ends with the object's
Name, Namespace and Node (`[Name: ..., Node: ...]`): a container's state or an event is
the described object's; a `Reason:` of a problem word or a Warning event line is a problem.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.fields import PENDING_TOO_LONG_S, problem_word
from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record, judge
from evidence_trace.server.domain.formats.tables import Row, read_cells, table_records
from evidence_trace.server.domain.model import Outcome

# CPU(cores); kafka-consumer-groups' "COORDINATOR (ID)" and "#MEMBERS"
_HEADER_WORD = r"#?[A-Z][A-Z0-9_%/.\-]*(?:\([a-z%]+\))?(?: [A-Z][A-Z0-9_%/.\-]*(?:\([a-z%]+\))?)*(?: \([A-Z]+\))?"
_HEADER = re.compile(rf"{_HEADER_WORD}(?: {{2,}}{_HEADER_WORD})+")
_COLUMN = re.compile(_HEADER_WORD)
# amtool's and other admin tools' Title Case headers ("Alertname  Starts At  Summary  State"): three or more
_TITLE_WORD = r"[A-Z][A-Za-z0-9_%/.\-]*"
_TITLE_COLUMN = re.compile(rf"{_TITLE_WORD}(?: {_TITLE_WORD})*")
_TITLE_HEADER = re.compile(rf"{_TITLE_WORD}(?: {_TITLE_WORD})*(?: {{2,}}{_TITLE_WORD}(?: {_TITLE_WORD})*){{2,}}")
_CELL_BREAK = re.compile(r"\s{2,}")
_NOTHING = "No resources found"
_AGE_PART = re.compile(r"([0-9]+)([smhdy])")
_AGE_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "y": 31536000}
_DESCRIBE_NAME = re.compile(r"Name:\s+(\S+)")
_EVENT_LINE = re.compile(r"^\s*Warning\s+([A-Za-z]+)\s")


def aligned_header(preview: Preview, title_case: bool = False) -> list[str]:
    """The column names of a table aligned by spaces under an upper-case header (kubectl's, and the
    admin tools that print like it; with title_case, also a Title Case one), or [] when the first line
    is no such header."""
    column = _header_column(preview.first_line, title_case)
    return [m.group() for m in column.finditer(preview.first_line)] if column else []


def _header_column(line: str, title_case: bool) -> "re.Pattern[str] | None":
    if _HEADER.fullmatch(line):
        return _COLUMN
    return _TITLE_COLUMN if title_case and _TITLE_HEADER.fullmatch(line) else None


def _is_events(preview: Preview) -> bool:
    columns = aligned_header(preview)
    if columns:
        named = set(columns)
        return "REASON" in named and bool({"OBJECT", "INVOLVED OBJECT", "LAST SEEN"} & named)
    return preview.first_line.startswith(_NOTHING) and "event" in preview.tool_name.lower()


def _is_table(preview: Preview) -> bool:
    columns = aligned_header(preview)
    if columns:
        return ("NAME" in columns or "NAMESPACE" in columns) and not _is_events(preview)
    return preview.first_line.startswith(_NOTHING) and "event" not in preview.tool_name.lower()


def aligned_rows(preview: Preview) -> Iterator[Row]:
    """The rows under an aligned header, cells cut at two spaces or more (at the header's column
    positions when a cell is empty)."""
    lines = preview.lines
    if not lines or lines[0][1].startswith(_NOTHING):
        return
    header = lines[0][1].lstrip()
    starts = [m.start() for m in (_header_column(header, True) or _COLUMN).finditer(header)]
    for number, line in lines[1:]:
        cells = _CELL_BREAK.split(line.strip())
        if len(cells) > len(starts):
            cells = cells[: len(starts) - 1] + ["  ".join(cells[len(starts) - 1 :])]
        elif len(cells) < len(starts):
            at = [_token_start(line, start) for start in starts]  # a row set a little off its header
            bounds = list(zip(at, at[1:] + [len(line)]))
            cells = [line[start:end].strip() for start, end in bounds]
        yield number, line, cells


def _token_start(line: str, start: int, slack: int = 4) -> int:
    """A column's start in a row: the header's, or the start of the word it falls inside (a row printed a few
    characters off its header, "update" under "VERB" one column early), within `slack` characters."""
    at = start
    while 0 < at < len(line) and start - at < slack and line[at - 1] != " " and line[at] != " ":
        at -= 1
    return at if at == 0 or at >= len(line) or line[at - 1] == " " else start


def age_seconds(age: str) -> int:
    """A kubectl AGE ("12m", "3h5m", "2d") in seconds; 0 when unreadable."""
    return sum(int(n) * _AGE_SECONDS[u] for n, u in _AGE_PART.findall(age))


def _pod_cells(cells: dict[str, str]) -> tuple[str, str, str]:
    level, subject, problem = read_cells(cells)
    status = cells.get("STATUS", "")
    problem = problem_word(status) or problem_word(cells.get("REASON", "")) or problem
    if not problem and status == "Pending" and age_seconds(cells.get("AGE", "")) >= PENDING_TOO_LONG_S:
        problem = f"Pending for {cells['AGE']}"
    return level, cells.get("NAME", subject), problem


def _event_cells(cells: dict[str, str]) -> tuple[str, str, str]:
    kind = cells.get("TYPE", "")
    target = cells.get("OBJECT") or cells.get("INVOLVED OBJECT") or ""
    problem = ""
    if kind == "Warning":
        problem = problem_word(cells.get("REASON", "")) or cells.get("REASON") or "Warning"
    level = "WARN" if kind == "Warning" else "INFO" if kind == "Normal" else ""
    return level, target.rpartition("/")[2], problem


def table(preview: Preview) -> Iterator[Record]:
    return table_records(aligned_header(preview), aligned_rows(preview), _pod_cells)


def events(preview: Preview) -> Iterator[Record]:
    return table_records(aligned_header(preview), aligned_rows(preview), _event_cells)


def _table_reading(records: Iterator[Record]) -> Reading:
    reading = judge(records)
    if reading.outcome == Outcome.NO_HIT:
        return Reading(Outcome.NO_HIT, note="No resources found")
    return reading


def describe(preview: Preview) -> Iterator[Record]:
    name = _DESCRIBE_NAME.match(preview.first_line)
    subject = name.group(1) if name else ""
    identity = ""
    for ref, lines in _describe_sections(preview.lines):
        # a part of many fields holds values of many things (a limit, a request, a count): an item
        record = line_record(ref, "\n".join(lines), "item" if len(lines) > 1 else "log line", subject=subject)
        event = _EVENT_LINE.match(lines[0])
        if event is not None and not record.problem:
            record = dataclasses.replace(record, problem=event.group(1))
        if identity and not all(_OPENER.match(line) for line in lines):
            # a container, a condition or an event of the description is the described object's: it names
            # the object as the description does (its numbers stay the part's own)
            record = dataclasses.replace(record, text=f"{record.text}\n  [{identity}]")
        identity = identity or _identity(lines)
        yield record


_IDENTITY_FIELDS = ("Name", "Namespace", "Node")
_OPENER = re.compile(r"[A-Z][A-Za-z -]*:\s*$|\s*Type\s+Reason\b|\s*-{4}")
"""A line that opens a block ("Events:") or heads its table: a part of only these says nothing."""


def _identity(lines: list[str]) -> str:
    """The described object's name, namespace and node, as the top-level fields give them."""
    found = {}
    for line in lines:
        field, _, value = line.partition(":")
        if field in _IDENTITY_FIELDS and value.strip() and field not in found:
            found[field] = value.strip()
    return ", ".join(f"{field}: {found[field]}" for field in _IDENTITY_FIELDS if field in found)


def _describe_sections(lines: list[tuple[int, str]]) -> Iterator[tuple[str, list[str]]]:
    """The parts of one object's description that each say one thing about it: the run of top-level
    fields (Name, Status, Node, ...), each container with its state, last state, restarts and limits
    (`lines 20-38`), each other block (Conditions, Volumes), and each event line on its own, since
    events are separate occurrences."""
    section: list[tuple[int, str]] = []
    block = ""  # the top-level block the lines are in ("Containers", "Events"), "" among the fields
    for number, line in lines:
        depth = len(line) - len(line.lstrip())
        starts = False
        if depth == 0:
            field, _, value = line.partition(":")
            opens = not value.strip() and field.strip() in _BLOCKS  # "Containers:", "Events:"
            starts = opens or block != ""
            block = field.strip() if opens else ""
        elif block in _CONTAINER_BLOCKS and depth == 2 and line.rstrip().endswith(":"):
            starts = True  # "  worker:": one container
        elif block == "Events" and not re.match(r"\s*(?:Type\s+Reason|----)", line):
            starts = True
        if starts and section:
            yield _section_ref(section), [text for _, text in section]
            section = []
        section.append((number, line))
    if section:
        yield _section_ref(section), [text for _, text in section]


def _section_ref(section: list[tuple[int, str]]) -> str:
    first, last = section[0][0], section[-1][0]
    return f"line {first}" if first == last else f"lines {first}-{last}"


_CONTAINER_BLOCKS = frozenset({"Containers", "Init Containers", "Ephemeral Containers"})
_BLOCKS = _CONTAINER_BLOCKS | {"Conditions", "Volumes", "Events", "Tolerations", "Node-Selectors"}
"""The top-level blocks of a description that are parts of their own; other fields with indented
values (Labels, IPs, Annotations) stay with the fields around them."""


def _is_describe(preview: Preview) -> bool:
    if _DESCRIBE_NAME.match(preview.first_line) is None:
        return False
    return "\nNamespace:" in preview.text[:2048] or "\nLabels:" in preview.text[:2048]


TABLE = Format("kubectl_table", _is_table, table, lambda p: _table_reading(table(p)))
EVENTS = Format("kubectl_events", _is_events, events, lambda p: _table_reading(events(p)))
DESCRIBE = Format("kubectl_describe", _is_describe, describe)
