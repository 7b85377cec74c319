"""Cheap tests of a text preview's shape, shared by the text formats' recognisers."""

from __future__ import annotations

import re

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.payloads import parse_log_line


def looks_like_records(preview: Preview) -> bool:
    """Several lines and no paragraphs: a listing (kubectl output, events), one record a line. So is a tool's report
    in sections apart by blank lines that lists three things or more as fields on a line each (`control.sh
    --baseline`'s "ConsistentId=pay-grid-2, State=OFFLINE"): one thing's state is never another's."""
    lines = preview.lines
    if len(lines) < 2 or any(len(line) > 400 for _, line in lines):
        return False
    return "\n\n" not in preview.text.strip() or sum(1 for _, line in lines if _FIELDS_LINE.match(line)) >= 3


# a line of a thing's fields, two or more `Key=Value` apart by commas
_FIELDS_LINE = re.compile(r"[ \t]*[A-Za-z][\w.-]*=[^,\s]+(?:,[ \t]*[A-Za-z][\w.-]*=[^,\s]*)+[ \t]*$")


def looks_like_log(preview: Preview) -> bool:
    """At least half of the first five lines name a level."""
    lines = [line for line in preview.text.splitlines()[:5] if line.strip()]
    leveled = sum(1 for line in lines if (entry := parse_log_line(line)) is not None and entry.level)
    return bool(lines) and leveled * 2 >= len(lines)
