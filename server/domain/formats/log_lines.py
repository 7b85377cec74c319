"""log_lines: plain log lines, one record a line (`line 7`): nginx combined and error logs,
syslog, Python logging, and generic leveled lines ("2024-05-01T10:00:00Z ERROR svc: msg").

The final text format: any text no other format recognises is read line by line.
"""

from __future__ import annotations

from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record


def records(preview: Preview) -> Iterator[Record]:
    for number, line in preview.lines:
        yield line_record(f"line {number}", line)


FORMAT = Format("log_lines", lambda preview: True, records)
