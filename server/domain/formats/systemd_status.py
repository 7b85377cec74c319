"""systemd_status: what `systemctl status UNIT…` prints, one record a unit.

    × nginx.service - A high performance web server and a reverse proxy server
         Loaded: loaded (/lib/systemd/system/nginx.service; enabled; vendor preset: enabled)
         Active: failed (Result: exit-code) since Mon 2026-09-14 09:41:17 UTC; 6min ago
       Main PID: 48822 (code=exited, status=1/FAILURE)
         Memory: 61.4M
         CGroup: /system.slice/nginx.service
                 └─88122 "nginx: master process …"

    Sep 14 09:41:17 web-2 nginx[48822]: nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address in use)

A unit's header (`●`, `○` or `×`, its name and description) and its indented fields are the fields of one
thing: one record (`lines 1-7`), so "nginx.service has been active since 03:14:52, 2h 11min, 61.4M of memory"
is said of one record, never of three lines. Its subject is the unit's name. The lines after it (the journal
tail, another command's output when the call chained several) are one record a line, read as log lines are.

Problem: the unit's `Active:` state when it is `failed` or restarting (`activating (auto-restart)`); a failed
unit is an error, a restarting one a warning.
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record, margin_blocks
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_KINDS = "service|socket|timer|mount|automount|target|path|scope|slice|swap|device"
_HEADER = re.compile(rf"^(?:[●○×*][ \t]+)?([^\s●○×*]\S*\.(?:{_KINDS}))(?:[ \t]+-[ \t]+.*)?$")
_FIRST_FIELD = re.compile(r"[ \t]+(?:Loaded|Active):")
_ACTIVE = re.compile(r"^[ \t]+Active:[ \t]+(\S+(?:[ \t]+\([^)]*\))?)")
_LOOK = 4  # lines after a header within which its `Loaded:` field must come


def _headers(preview: Preview) -> list[int]:
    """The indexes (into preview.lines) of the unit headers, each followed by its `Loaded:`/`Active:` field."""
    lines = preview.lines
    found = []
    for index, (_, line) in enumerate(lines):
        if _HEADER.match(line) is None:
            continue
        after = lines[index + 1 : index + 1 + _LOOK]
        if any(_FIRST_FIELD.match(text) for _, text in after):
            found.append(index)
    return found


def _recognise(preview: Preview) -> bool:
    if preview.json is not None or preview.head in ("{", "["):
        return False
    return bool(_headers(preview))


def _problem(block: str) -> tuple[str, str]:
    """(level, problem) of a unit from its `Active:` state."""
    active = next((m.group(1) for m in (_ACTIVE.match(line) for line in block.splitlines()) if m), "")
    state = active.split("(")[0].strip().lower()
    if state == "failed":
        return "ERROR", active
    if state in ("activating", "deactivating") and "auto-restart" in active:
        return "WARN", active
    return "", ""


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    starts = set(_headers(preview))
    for start, end in margin_blocks(lines, starts.__contains__):
        if start not in starts:  # the lines before a unit (and after the last): lines
            yield line_record(f"line {lines[start][0]}", lines[start][1])
            continue
        header = _HEADER.match(lines[start][1])
        assert header is not None
        block = "\n".join(text for _, text in lines[start:end])
        first, last = lines[start][0], lines[end - 1][0]
        level, problem = _problem(block)
        yield Record(
            f"lines {first}-{last}",
            "item",
            block,
            level=level,
            subject=header.group(1),
            numbers=functools.partial(_numbers_in_text, block),
            problem=problem,
        )


FORMAT = Format("systemd_status", _recognise, records)
