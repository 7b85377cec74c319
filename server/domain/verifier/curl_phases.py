"""curl's timings are cumulative: `-w 'dns=%{time_namelookup} connect=%{time_connect} tls=%{time_appconnect}
ttfb=%{time_starttransfer} total=%{time_total}'` prints, for each phase, the time from the start of the request
to its end. A draft that speaks of one phase ("TCP connect took ~29 ms", "TLS 握手约 87 ms", "等首字节约 213 ms")
gives its length: the difference of two consecutive timings. A unit that states curl's timings therefore
also states each phase's length, keyed by the phase's name, so that "the TLS handshake took 87 ms" finds the
handshake (appconnect - connect) and never the cumulative time_appconnect.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator, Optional, Protocol

from evidence_trace.server.domain.verifier.fact_model import Dimension


class _Timing(Protocol):  # a unit's Number, read only
    @property
    def value(self) -> float: ...
    @property
    def dimension(self) -> Optional[Dimension]: ...
    @property
    def factor(self) -> float: ...
    @property
    def key(self) -> str: ...


# a row that states the connect's timing, or a template that prints it unnamed (printed_fields.py)
CURL_TIMINGS = re.compile(r"\b(?:time_)?connect[\"']?[ \t]*[:=]|%\{time_connect\}", re.I)
# curl's timings by what they mark, in order, with the names -w formats give them
_MARKS = (
    ("namelookup", ("time_namelookup", "namelookup", "dns", "lookup")),
    ("connect", ("time_connect", "connect", "tcp")),
    ("appconnect", ("time_appconnect", "appconnect", "tls", "ssl")),
    ("pretransfer", ("time_pretransfer", "pretransfer")),
    ("starttransfer", ("time_starttransfer", "starttransfer", "ttfb")),
    ("total", ("time_total", "total")),
)
# each phase: (from mark, to mark, the key its length is stated under)
_PHASES = (
    ("namelookup", "connect", "tcp_connect_handshake_phase"),
    ("connect", "appconnect", "tls_ssl_handshake_phase"),
    ("appconnect", "starttransfer", "server_wait_first_byte_phase"),
    ("starttransfer", "total", "transfer_download_phase"),
)


def curl_phases(numbers: Iterable[_Timing]) -> Iterator[tuple[str, float]]:
    """The length of each phase between two of curl's cumulative timings the numbers state, as (key,
    milliseconds); nothing unless the numbers hold curl's timings (the connect and two more, each a time)."""
    at: dict[str, float] = {}
    for number in numbers:
        if number.dimension != Dimension.TIME or not number.key:
            continue
        for mark, names in _MARKS:
            if number.key in names:
                at.setdefault(mark, number.value * number.factor)
    if "connect" not in at or len(at) < 3:
        return  # not curl's timings
    if "appconnect" not in at or at["appconnect"] == 0:  # plain HTTP: the server's wait starts at the connect
        at["appconnect"] = at["connect"]
        phases = [p for p in _PHASES if p[0] != "connect"]
    else:
        phases = list(_PHASES)
    for start, end, key in phases:
        if start in at and end in at and at[end] >= at[start]:
            yield key, round(at[end] - at[start], 3)
