"""mdstat: Linux software RAID's `/proc/mdstat`, one record an array.

    Personalities : [raid6] [raid5] [raid4]
    md0 : active raid5 sde1[5] sdc1[2] sdb1[1] sda1[0]
          2929893888 blocks super 1.2 level 5, 512k chunk, algorithm 2 [4/3] [UUU_]
          [===================>.]  recovery = 99.1% (968212480/976631296) finish=2.1min speed=65012K/sec

    unused devices: <none>

An array's line (`md0 : active raid5 …`) and the lines indented under it (its size, `[4/3] [UUU_]`, a recovery's
progress) are the fields of one thing: one record (`lines 2-4`), so "md0 has 4/4 devices active" is read against
that array's `[4/3]`, never against a line that names the array alone. Its subject is the array's name. The other
lines (`Personalities`, `unused devices`, another command's output) are one record a line.

Problem: a degraded array (fewer members up than it has, `_` in its member map) or one recovering or resyncing is
a warning; a failed member (`sdb1[1](F)`) or an inactive array an error.
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record, margin_blocks
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_ARRAY = re.compile(r"^(md[_a-z]*[0-9]+)[ \t]*:[ \t]*(active|inactive)\b")
_MEMBERS = re.compile(r"\[([0-9]+)/([0-9]+)\][ \t]*\[([U_]+)\]")
_PROGRESS = re.compile(r"\b(recovery|resync|reshape|check)[ \t]*=[ \t]*[0-9.]+%")


def _recognise(preview: Preview) -> bool:
    if preview.json is not None or preview.head in ("{", "["):
        return False
    lines = [text for _, text in preview.lines]
    return any(_ARRAY.match(text) for text in lines) and (
        any(text.startswith("Personalities :") for text in lines) or any(_MEMBERS.search(text) for text in lines)
    )


def _problem(block: str, state: str) -> tuple[str, str]:
    """(level, problem) of an array from its state, its member map and its progress."""
    if state == "inactive" or "(F)" in block:
        return "ERROR", "inactive" if state == "inactive" else "failed member"
    members = _MEMBERS.search(block)
    if members and (int(members.group(2)) < int(members.group(1)) or "_" in members.group(3)):
        return "WARN", "degraded"
    progress = _PROGRESS.search(block)
    return ("WARN", progress.group(1)) if progress else ("", "")


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    for index, end in margin_blocks(lines, lambda i: _ARRAY.match(lines[i][1]) is not None):
        number, text = lines[index]
        array = _ARRAY.match(text)
        if array is None:
            yield line_record(f"line {number}", text)
            continue
        block = "\n".join(line for _, line in lines[index:end])  # the array's line and the lines indented under it
        level, problem = _problem(block, array.group(2))
        yield Record(
            f"lines {number}-{lines[end - 1][0]}" if end - index > 1 else f"line {number}",
            "item",
            block,
            level=level,
            subject=array.group(1),
            numbers=functools.partial(_numbers_in_text, block),
            problem=problem,
        )


FORMAT = Format("mdstat", _recognise, records)
