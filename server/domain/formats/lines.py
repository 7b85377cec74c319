"""One line of text as a record: its level, subject and problem, whatever the line's shape.

A line's level is read the same way in every format (fields.py's level words):
a `level=`/`severity=` pair (logfmt), a JSON line's level field, a syslog
`<PRI>`, an nginx access line's status (5xx ERROR, 4xx WARN), else the first
level word among its first words (loglines.py, as for plain log lines).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable, Iterator, Optional

from evidence_trace.server.domain.formats.fields import (
    LEVEL_FIELDS,
    SUBJECT_FIELDS,
    canonical_level,
    level_of,
    problem_of,
    problem_word,
    subject_of,
)
from evidence_trace.server.domain.formats.model import Record
from evidence_trace.server.domain.payloads import JsonPath, parse_log_line
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_PAIR = re.compile(r"(?:^|(?<=\s))([A-Za-z_][\w.\-/@]*)=(\"(?:[^\"\\]|\\.)*\"|\S*)")
_SYSLOG_PRI = re.compile(r"<([0-9]{1,3})>")
_ACCESS_LINE = re.compile(r'^\S+ \S+ \S+ \[[^\]]{10,40}\] "[^"]*" ([1-5][0-9]{2}) ')
_SYSLOG_HEAD = re.compile(
    r"^(?:<[0-9]{1,3}>)?(?:[A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[^ ]+) "
    r"(\S+) ([A-Za-z0-9_.\-/]+)(?:\[[0-9]+\])?: "
)
_PROBLEM_CELL = re.compile(r"\b(?:Reason|State|Status):\s+([A-Za-z]+)")
_LEVEL_PAIRS = frozenset(name.lower() for name in LEVEL_FIELDS)
_SUBJECT_PAIRS = tuple(name for name in SUBJECT_FIELDS if name not in ("name", "NAME"))


def logfmt_pairs(line: str) -> dict[str, str]:
    """The key=value pairs of a logfmt line (quoted values unquoted)."""
    pairs = {}
    for m in _PAIR.finditer(line):
        value = m.group(2)
        if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
            value = value[1:-1].replace('\\"', '"')
        pairs[m.group(1)] = value
    return pairs


def json_line(line: str) -> Optional[dict[str, Any]]:
    """A line that is one JSON object, parsed; None otherwise."""
    stripped = line.strip()
    if not (stripped.startswith("{") and stripped.endswith("}")):
        return None
    try:
        value = json.loads(stripped)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def read_line(line: str) -> tuple[str, str, str]:
    """(level, subject, problem) of one line of any shape."""
    obj = json_line(line) if line.lstrip().startswith("{") else None
    if obj is not None:
        return level_of(obj), subject_of(obj), problem_of(obj)
    if "=" in line:
        pairs = logfmt_pairs(line)
        if len(pairs) >= 2:
            level = next((canonical_level(v) for k, v in pairs.items() if k.lower() in _LEVEL_PAIRS and v), "")
            if level:
                return level, _pairs_subject(pairs), problem_of(pairs)
    access = _ACCESS_LINE.match(line)
    if access is not None:
        code = int(access.group(1))
        level = "ERROR" if code >= 500 else "WARN" if code >= 400 else "INFO"
        return level, "", f"HTTP {code}" if code >= 500 else ""
    pri = _SYSLOG_PRI.match(line.lstrip())
    syslog = _SYSLOG_HEAD.match(line.lstrip())
    entry = parse_log_line(line)
    level = entry.level if entry is not None else ""
    if not level and pri is not None:
        level = canonical_level(int(pri.group(1)) % 8)
    subject = entry.service if entry is not None else ""
    if syslog is not None and not subject:
        subject = syslog.group(2)
    cell = _PROBLEM_CELL.search(line)
    return level, subject, problem_word(cell.group(1)) if cell else ""


def _pairs_subject(pairs: dict[str, str]) -> str:
    for name in _SUBJECT_PAIRS:
        if pairs.get(name):
            return pairs[name]
    return ""


def line_record(
    ref: str, line: str, kind: str = "log line", path: Optional[JsonPath] = None, subject: str = "", states: bool = True
) -> Record:
    """One line as a record, its numbers read from its text; states: read an alert state word it says."""
    level, own_subject, problem = read_line(line)
    return Record(
        ref,
        kind,
        line,
        level=level,
        state=text_state(line) if states else "",
        subject=subject or own_subject,
        numbers=functools.partial(_numbers_in_text, line),
        problem=problem,
        path=path,
    )


_STATES_IN_TEXT = tuple((word, re.compile(rf"\b{word}\b")) for word in ("firing", "pending", "resolved"))


def text_state(text: str) -> str:
    """The alert state a text says (firing before pending before resolved), or ""."""
    lowered = text.lower()
    return next((word for word, pattern in _STATES_IN_TEXT if pattern.search(lowered)), "")


def indented_block_end(lines: list[tuple[int, str]], start: int) -> int:
    """The index after a block that opens at lines[start]: the lines indented under it, up to a blank line or a line
    at the margin (a `systemctl status` unit's fields, an mdstat array's lines)."""
    end = start + 1
    while end < len(lines):
        number, text = lines[end]
        if number != lines[end - 1][0] + 1 or not text[:1].isspace():
            break
        end += 1
    return end


def margin_blocks(lines: list[tuple[int, str]], opens: Callable[[int], bool]) -> Iterator[tuple[int, int]]:
    """The spans (start, end) of `lines`: a line that `opens` (by its index) with the lines indented under it
    (indented_block_end), every other line alone."""
    index = 0
    while index < len(lines):
        end = indented_block_end(lines, index) if opens(index) else index + 1
        yield index, end
        index = end
