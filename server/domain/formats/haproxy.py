"""haproxy_http: HAProxy's HTTP log lines (`option httplog`), one record a line (`line 3`).

    ... haproxy[14389]: 10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1
        10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 "GET /index.html HTTP/1.1"

Subject: the backend/server (`static/srv1`). Level: ERROR for a 5xx status,
WARN for a 4xx, else INFO. Problem: a 5xx status, or a termination state that
says the session was aborted (its first flag is not `-`). The total time (`Tt`,
the timers' last field) is a time in ms.
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_LINE = re.compile(
    r"haproxy\[[0-9]+\]: \S+:[0-9]+ \[[^\]]+\] (?P<frontend>\S+) (?P<server>\S+/\S+) "
    r"(?:-?[0-9]+/){4}(?P<total>\+?-?[0-9]+) (?P<status>[0-9]{3}) [0-9]+ \S+ \S+ (?P<term>\S{4}) "
)


def _recognise(preview: Preview) -> bool:
    return _LINE.search(preview.first_line) is not None


def records(preview: Preview) -> Iterator[Record]:
    for number, line in preview.lines:
        m = _LINE.search(line)
        if m is None:
            continue
        status = int(m.group("status"))
        level = "ERROR" if status >= 500 else "WARN" if status >= 400 else "INFO"
        aborted = m.group("term")[0] != "-"
        problem = f"HTTP {status}" if status >= 500 else f"aborted {m.group('term')}" if aborted else ""
        total = float(m.group("total").lstrip("+"))

        def numbers(line: str = line, total: float = total) -> list[Number]:
            return [*_numbers_in_text(line), Number(total, Dimension.TIME, 1.0, key="total_time_ms")]

        yield Record(
            f"line {number}", "log line", line, level=level, subject=m.group("server"), numbers=numbers, problem=problem
        )


FORMAT = Format("haproxy_http", _recognise, records)
