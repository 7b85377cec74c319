"""logfmt: `key=value` lines (`ts=... level=error service=payments msg="..."`), one record a line (`line 3`).

Recognised by its first line: at least three pairs, the first at the line's start.
"""

from __future__ import annotations

import re

from evidence_trace.server.domain.formats.log_lines import records
from evidence_trace.server.domain.formats.model import Format, Preview

_FIRST_PAIR = re.compile(r"[A-Za-z_][\w.\-]*=")
_PAIR_START = re.compile(r"(?:^|\s)[A-Za-z_][\w.\-]*=")


def _recognise(preview: Preview) -> bool:
    line = preview.first_line
    return _FIRST_PAIR.match(line) is not None and len(_PAIR_START.findall(line)) >= 3


FORMAT = Format("logfmt", _recognise, records)
