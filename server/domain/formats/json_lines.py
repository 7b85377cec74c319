"""json_lines: one JSON object a line (NDJSON; structured loggers, `kubectl logs` of a JSON logger).

Unit: one line (`line 4`), read as an object: its level, subject and problem
through the field maps. A line that is not an object is read as a plain line.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.json_records import object_record
from evidence_trace.server.domain.formats.lines import json_line, line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record

_SPACE = re.compile(r"\s*")
_FIRST_LINE_LIMIT = 4096  # a first line longer than this is read as one JSON document


def _recognise(preview: Preview) -> bool:
    if preview.head != "{":
        return False
    text = preview.text
    start = _SPACE.match(text).end()  # type: ignore[union-attr]  # \s* always matches
    end = text.find("\n", start, start + _FIRST_LINE_LIMIT)
    if end < 0:
        return False
    after = _SPACE.match(text, end).end()  # type: ignore[union-attr]
    return text.startswith("{", after) and json_line(text[start:end]) is not None


def records(preview: Preview) -> Iterator[Record]:
    for number, line in preview.lines:
        obj = json_line(line)
        if obj is None:
            yield line_record(f"line {number}", line)
            continue
        record = object_record(f"line {number}", obj, preview.metric_hint, ())
        yield dataclasses.replace(record, text=line.strip(), path=None)  # the line as written


FORMAT = Format("json_lines", _recognise, records)
