"""top: the batch output of `top -bn1` (procps-ng), one record for its summary and one a process.

    top - 10:22:42 up 41 days,  3:07,  1 user,  load average: 31.24, 24.91, 12.80
    %Cpu(s): 93.8 us,  4.9 sy,  0.0 ni,  0.6 id,  0.0 wa,  0.0 hi,  0.7 si,  0.0 st
    MiB Mem :  31896.4 total,   9120.7 free,  14211.3 used,   8564.4 buff/cache
    MiB Swap:      0.0 total,      0.0 free,      0.0 used.  17205.2 avail Mem
        PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
       2231 envoy     20   0 4210344   2.1g  41236 S 741.2   6.7   9120:44 envoy

The lines before the process table are one record (`summary`): the CPU summary's figures are percentages
(unit_numbers), the memory lines' figures are in the unit they open with (`MiB Mem`: 17205.2 avail is MiB).
Each process row is a record (`row 2`), its COMMAND the subject, its `%CPU` and `%MEM` percentages. Problem:
a zombie process (state `Z`).
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_HEADER = re.compile(r"^[ \t]*PID[ \t]+USER[ \t].*%CPU")
_MEMORY = re.compile(r"^([KMG]iB) (?:Mem|Swap)[ \t]*:(.*)$", re.M)
_FACTORS = {"KiB": 1024.0, "MiB": 1024.0**2, "GiB": 1024.0**3}
_FIGURE = re.compile(r"([0-9]+(?:\.[0-9]+)?)[ \t]+([a-z/]+(?: Mem)?)")


def _recognise(preview: Preview) -> bool:
    return preview.json is None and "top - " in preview.text and any(_HEADER.match(line) for _, line in preview.lines)


def _summary_numbers(text: str) -> list[Number]:
    numbers = list(_numbers_in_text(text))
    for m in _MEMORY.finditer(text):
        factor = _FACTORS[m.group(1)]
        numbers += [Number(float(v), Dimension.BYTES, factor, key=k.strip()) for v, k in _FIGURE.findall(m.group(2))]
    return numbers


def _row_numbers(line: str, cells: dict[str, str]) -> list[Number]:
    numbers = list(_numbers_in_text(line))
    for column in ("%CPU", "%MEM"):
        try:
            numbers.append(Number(float(cells.get(column, "")), Dimension.RATIO, 0.01, key=column.lower()))
        except ValueError:
            pass
    return numbers


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    at = next(i for i, (_, line) in enumerate(lines) if _HEADER.match(line))
    summary = "\n".join(line for _, line in lines[:at] if line.strip())
    if summary:
        yield Record("summary", "item", summary, numbers=functools.partial(_summary_numbers, summary))
    columns = lines[at][1].split()
    for number, line in lines[at + 1 :]:
        fields = line.split()
        if len(fields) < len(columns):
            continue
        cells = dict(zip(columns, fields[: len(columns) - 1] + [" ".join(fields[len(columns) - 1 :])]))
        text = f"{line.strip()}  ({'; '.join(f'{k}={v}' for k, v in cells.items())})"
        numbers = functools.partial(_row_numbers, line, cells)
        zombie = "zombie" if cells.get("S") == "Z" else ""  # a process that exited and was never reaped
        yield Record(f"row {number}", "item", text, subject=cells.get("COMMAND", ""), numbers=numbers, problem=zombie)


FORMAT = Format("top", _recognise, records)
