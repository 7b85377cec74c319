"""W3C extended log files: IIS's and CloudFront's access logs, whose `#Fields:` directive names the columns.

    #Software: Microsoft Internet Information Services 10.0
    #Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port c-ip sc-status sc-substatus sc-win32-status time-taken
    2026-10-14 09:41:07 10.20.1.5 POST /billing/api/invoice - 443 10.8.3.21 500 19 13 31

A line's fields are split by spaces and named by the last `#Fields:` directive above it, so "`500 19 13` —
substatus 19, win32 status 13" is read as sc-status=500, sc-substatus=19, sc-win32-status=13 and a win32 status
of 5 is not shown; read as plain lines, any 5 of the line would have shown it. One record a line, read as the
other tables are (tables.table_records: each field under its name, `time-taken` in milliseconds by its name);
the directives are no records; a 5xx sc-status is a problem.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, table_records


def _recognise(preview: Preview) -> bool:
    return preview.json is None and any(line.startswith("#Fields:") for _, line in preview.lines[:12])


def _records(preview: Preview) -> Iterator[Record]:
    fields: list[str] = []  # the last #Fields: directive's names
    rows: list[Row] = []
    for number, line in preview.lines:
        if line.startswith("#Fields:"):
            fields = line[len("#Fields:") :].split()
        elif line.strip() and not line.startswith("#") and fields:
            rows.append((number, line.strip(), line.split()))
    for record, (_, _, cells) in zip(table_records(fields, iter(rows)), rows):
        status = dict(zip(fields, cells)).get("sc-status", "")
        if status.isdigit() and status.startswith("5") and not record.problem:
            record = dataclasses.replace(record, level="ERROR", problem=f"HTTP {status}")
        yield record


FORMAT = Format("w3c_extended_log", _recognise, _records)
