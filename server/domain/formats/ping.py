"""ping: the output of `ping -c N host` (iputils on Linux, BSD and macOS), one record for its report.

    PING 10.20.8.31 (10.20.8.31) 56(84) bytes of data.
    64 bytes from 10.20.8.31: icmp_seq=1 ttl=57 time=28.1 ms
    --- 10.20.8.31 ping statistics ---
    100 packets transmitted, 97 received, 3% packet loss, time 19823ms
    rtt min/avg/max/mdev = 27.412/28.905/61.277/3.918 ms

The statistics block (the target, the packets sent and received, the loss, the round-trip figures), with the
`PING` line that gives the target's address, is one record (`statistics`): its figures are of the target its
header names, which a reader of lines would set apart. Each reply before it is a record of its own (`line 2`). Subject: the target. Problem: any loss.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record

_STATISTICS = re.compile(r"^-{3} (\S+) ping statistics -{3}$", re.M)
_LOSS = re.compile(r"([0-9]+(?:\.[0-9]+)?)% packet loss")


def _recognise(preview: Preview) -> bool:
    return preview.json is None and _STATISTICS.search(preview.text) is not None


def records(preview: Preview) -> Iterator[Record]:
    statistics = _STATISTICS.search(preview.text)
    assert statistics is not None
    target = statistics.group(1)
    for number, line in preview.lines:
        if line.startswith("--- "):
            break
        if line.strip():
            yield line_record(f"line {number}", line, subject=target)
    header = next((line for _, line in preview.lines if line.startswith("PING ")), "")  # the target's address
    block = "\n".join(part for part in (header, preview.text[statistics.start() :].strip()) if part)
    loss = _LOSS.search(block)
    lost = f"{loss.group(1)}% packet loss" if loss is not None and float(loss.group(1)) > 0 else ""
    yield dataclasses.replace(line_record("statistics", block, kind="item", subject=target), problem=lost)


FORMAT = Format("ping", _recognise, records)
