"""ansible_adhoc: what an ad-hoc `ansible HOSTS -m MODULE …` run prints, one record a host.

    db-7 | CHANGED | rc=0 >>
    5.14.0-427.31.1.el9_4.x86_64
     14:02:11 up 3 days,  2:41,  0 users,  load average: 0.31, 0.40, 0.38
    db-8 | FAILED | rc=2 >>
    ls: cannot access '/data/pg': No such file or directory non-zero return code
    db-9 | UNREACHABLE! => {
        "changed": false,
        "msg": "Failed to connect to the host via ssh: ssh: connect to host db-9 port 22: Connection timed out",
        "unreachable": true
    }

A host's header (`HOST | STATUS | rc=N >>` for the command modules, `HOST | STATUS => {` for the others) and
the lines after it, up to the next header, are that host's result: one record (`host db-7`), so "db-7 runs
kernel 5.14.0-427.31.1.el9_4" is said of one record, never of a header line and an output line apart, and
db-8's output is never db-7's. Its subject is the host. Level and problem: FAILED, UNREACHABLE, and a non-zero
return code are errors (`FAILED rc=2`).
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_HEADER = re.compile(
    r"^([\w.:@\[\]-]+)[ \t]+\|[ \t]+(CHANGED|SUCCESS|FAILED!?|UNREACHABLE!)"
    r"(?:[ \t]+\|[ \t]+rc=(-?[0-9]+)[ \t]+>>|[ \t]+=>[ \t]*\{?)[ \t]*$"
)


def _recognise(preview: Preview) -> bool:
    """A text whose first line is a host's result header."""
    if preview.json is not None or not preview.lines:
        return False
    return _HEADER.match(preview.lines[0][1].strip()) is not None


def _problem(status: str, rc: str) -> str:
    """The bad outcome of a host's result, or ""."""
    if status.startswith(("FAILED", "UNREACHABLE")):
        return status.rstrip("!") + (f" rc={rc}" if rc else "")
    return f"rc={rc}" if rc and rc != "0" else ""


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    headers = [(index, m) for index, (_, line) in enumerate(lines) if (m := _HEADER.match(line.strip()))]
    for index in range(headers[0][0] if headers else len(lines)):  # (none: _recognise saw the first line open one)
        yield line_record(f"line {lines[index][0]}", lines[index][1])
    for position, (start, header) in enumerate(headers):
        end = headers[position + 1][0] if position + 1 < len(headers) else len(lines)
        host, status, rc = header.group(1), header.group(2), header.group(3) or ""
        block = "\n".join(text for _, text in lines[start:end])
        problem = _problem(status, rc)
        yield Record(
            f"host {host}",
            "item",
            block,
            level="ERROR" if problem else "",
            subject=host,
            numbers=functools.partial(_numbers_in_text, block),
            problem=problem,
        )


FORMAT = Format("ansible_adhoc", _recognise, records)
