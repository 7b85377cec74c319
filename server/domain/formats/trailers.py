"""The lines a tool prints after a whole JSON body: curl -w's `HTTP 503` and `time_total: 2.41` after the
response, a CLI's summary line after its JSON. Each is a record of the call (`trailer 1`, ...), read as a log
line is, after the body's own records; none after a cut body, a second JSON line or the store's cut marker.
The registry gives every JSON format this tail (with_trailer), so the classifier and the verifier read it alike.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record

_DECODER = json.JSONDecoder()
_MAX_LINES = 4


def trailer_records(preview: Preview) -> Iterator[Record]:
    """The text lines after a whole top-level JSON value, as records."""
    text = preview.text
    tail = text.rstrip()
    if "\n" not in tail or tail.rsplit("\n", 1)[1].strip() in ("}", "]") or preview.json is None:
        return  # one line, a pretty-printed body's own closing line last (no second parse of it), or no JSON
    start = len(text) - len(text.lstrip())
    try:
        end = _DECODER.raw_decode(text, start)[1]
    except ValueError:
        return
    lines = [line for line in text[end:].splitlines() if line.strip()][:_MAX_LINES]
    for number, line in enumerate(lines, 1):
        if line.lstrip()[:1] in ("{", "[") or "truncated" in line.lower():
            return  # JSON lines, or the store's cut marker: no tool's trailer
        yield line_record(f"trailer {number}", line.strip())


def with_trailer(fmt: Format) -> Format:
    """The format, its records followed by the preview's trailer lines."""
    own = fmt.records

    def records(preview: Preview) -> Iterator[Record]:
        return itertools.chain(own(preview), trailer_records(preview))

    return dataclasses.replace(fmt, records=records)
