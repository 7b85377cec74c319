"""How long a record ran, from its own start and end: a CI run's `startTime` and `finishTime`, a job's
`started_at` and `completed_at`, a Kubernetes Job's `startTime` and `completionTime`, a table row's `Start` and
`Finish` cells. Tools give the two instants and leave the subtraction to the reader, so "took 18m34s", "耗时
47.5 秒" is shown by a record whose end is that long after its start, at the precision the claim states it in.

The span is one more number of the record (a duration in seconds), so a claim binds it to the record's
other facts like any figure the record prints: the run's id, its step's name, its start time.
"""

from __future__ import annotations

import datetime
import re
from typing import Iterator, Optional

_SUFFIX = r"(?:[_ ]?(?:time|at|date|timestamp|ts|on))?"
_START = re.compile(rf"(?:start|started|begin|began){_SUFFIX}", re.I)
_END = re.compile(rf"(?:end|ended|finish|finished|complete|completed|completion|stop|stopped|done){_SUFFIX}", re.I)
# a key and its instant: `"startTime":"2026-09-16T06:11:02.19Z"` in compact JSON, `Start=2026-09-16 06:10:14` in
# a table row's cells, `started_at: 2026-…` in YAML
_KEYED_INSTANT = re.compile(
    r"[\"']?([A-Za-z][A-Za-z_ ]{1,24}?)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"([0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(?:[.,][0-9]{1,9})?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)"
)
# a cheap test before the instants are read: a key of a start, beside one of an end
SPANNED = re.compile(r"(?:start|started|begin|began)[_ ]?(?:time|at|date|timestamp|ts|on)?[\"']?[ \t]*[:=]", re.I)
_LONGEST = 31 * 86400.0  # a record's run over a month is no span a claim tells as a duration


def record_spans(text: str) -> tuple[float, ...]:
    """The durations between the record's start and end instants (each start with the nearest end after it,
    before the next start), in seconds."""
    return tuple(_spans(text)) if SPANNED.search(text) else ()


def _spans(text: str) -> Iterator[float]:
    marks: list[tuple[str, datetime.datetime]] = []
    for m in _KEYED_INSTANT.finditer(text):
        key = m.group(1).strip().rsplit(".", 1)[-1]
        side = "start" if _START.fullmatch(key) else "end" if _END.fullmatch(key) else ""
        moment = _instant(m.group(2)) if side else None
        if moment is not None:
            marks.append((side, moment))
    for index, (side, start) in enumerate(marks):
        if side != "start":
            continue
        for other, end in marks[index + 1 :]:
            if other == "start":
                break  # the next start's record: this one has no end of its own
            seconds = (end - start).total_seconds()
            if 0 < seconds <= _LONGEST:
                yield seconds
            break


def _instant(text: str) -> Optional[datetime.datetime]:
    written = text.replace(",", ".").replace(" ", "T", 1).replace("Z", "+00:00")
    fraction = re.search(r"\.([0-9]+)", written)
    if fraction and len(fraction.group(1)) > 6:  # Python reads to the microsecond: .1934410 is .193441
        written = written.replace(fraction.group(0), "." + fraction.group(1)[:6])
    try:
        moment = datetime.datetime.fromisoformat(written)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=datetime.timezone.utc)
