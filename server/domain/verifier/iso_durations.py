"""Durations written the ISO 8601 way: "PT30S", "PT5M", "P14D", "PT1H30M", "P1DT12H", "PT0.5S".

Azure writes its settings so (a Service Bus queue's `"lockDuration": "PT30S"`, `"defaultMessageTimeToLive":
"P14D"`), as do Java's `Duration.toString()`, .NET's XmlConvert and many schedulers. The figures inside are no
plain numbers: "PT30S" is 30 seconds, which a claim's "30 s" or "30 秒" reads. Years and months are calendar
spans of no fixed length and are not read.
"""

from __future__ import annotations

import re
from typing import Iterator

_ISO_DURATION = re.compile(
    r"(?<![A-Za-z0-9_.-])P(?:([0-9]+)W)?(?:([0-9]+)D)?"
    r"(?:T(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+(?:\.[0-9]+)?)S)?)?(?![A-Za-z0-9_.-])"
)
_SECONDS = (7 * 86400, 86400, 3600, 60, 1)


def iso_durations(text: str) -> Iterator[tuple[int, int, float]]:
    """(start, end, seconds) of each ISO 8601 duration of the text."""
    if "P" not in text:
        return
    for m in _ISO_DURATION.finditer(text):
        parts = m.groups()
        if not any(parts) or (m.group(0).endswith("T")):
            continue  # a bare "P", or "P1DT" with no time part after its T
        yield m.start(), m.end(), sum(float(p) * s for p, s in zip(parts, _SECONDS) if p)
