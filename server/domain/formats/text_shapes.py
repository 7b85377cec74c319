"""Cheap tests of a text preview's shape, shared by the text formats' recognisers."""

from __future__ import annotations

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.payloads import parse_log_line


def looks_like_records(preview: Preview) -> bool:
    """Several lines and no paragraphs: a listing (kubectl output, events), one record a line."""
    lines = preview.lines
    return len(lines) >= 2 and "\n\n" not in preview.text.strip() and not any(len(line) > 400 for _, line in lines)


def looks_like_log(preview: Preview) -> bool:
    """At least half of the first five lines name a level."""
    lines = [line for line in preview.text.splitlines()[:5] if line.strip()]
    leveled = sum(1 for line in lines if (entry := parse_log_line(line)) is not None and entry.level)
    return bool(lines) and leveled * 2 >= len(lines)
