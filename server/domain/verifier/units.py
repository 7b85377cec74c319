"""Units of evidence: the smallest pieces of tool output a claim can rest on.

A unit is one record of a tool's output: one log entry (an element of a `logs`
array, an Elasticsearch hit, a Loki line, one log line), one alert, one metric
series, one knowledge chunk, one table row, or one innermost item of another
tool's result lists. Every fact of a claim must be found in ONE unit, so facts from
different entries never combine into support.

Each unit carries the strength of the row it comes from:

- DIRECT / INDIRECT: a successful row whose outcome supports (a HIGH-relevance
  knowledge match is DIRECT, MEDIUM INDIRECT);
- WEAK: a no-hit row, a deduplicated row, or LOW / NONE-relevance knowledge;
- FAILED: the failure of a failed row (its error), which grounds statements
  about that failure and nothing else.

Each row also yields a QUESTION unit from its input parameters: it grounds
claims about what was asked (a threshold, a time range, a topic), never about
what was found.

This module cuts rows into units: each row's records come from its evidence
format (domain/formats/registry.py: the stored format id, else the one that
recognises the preview), the same reader the classifier uses at record time.
What a unit is lives in unit_model.py, reading its numbers in unit_numbers.py
(Unit, Number, Strength, Family, family_of and numbers_in_text are re-exported here).
"""

from __future__ import annotations

import datetime
import functools
import json
from typing import Any, Callable, Iterable, Iterator, Optional

from evidence_trace.server.domain.formats.model import Preview, Record
from evidence_trace.server.domain.formats.registry import format_for
from evidence_trace.server.domain.formats.tool_family import family_of as family_of
from evidence_trace.server.domain.model import EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.printed_fields import printed_cells, templates
from evidence_trace.server.domain.verifier.record_spans import record_spans
from evidence_trace.server.domain.verifier.unit_model import MAX_UNIT_TEXT as MAX_UNIT_TEXT
from evidence_trace.server.domain.verifier.unit_model import MAX_UNITS_PER_ROW, Family, Number, Strength, Unit
from evidence_trace.server.domain.verifier.unit_model import UNIT_EXCERPT as UNIT_EXCERPT
from evidence_trace.server.domain.verifier.unit_numbers import _metric_hint, _numbers_in_text, _numbers_of
from evidence_trace.server.domain.verifier.unit_numbers import numbers_in_text as numbers_in_text


def row_strength(row: EvidenceRow, family: Family) -> Strength:
    """The strength of a row's units.

    A log entry, an alert or a metric sample of a successful row that supports
    shows what it shows directly, whatever the row's outcome says about the
    incident as a whole. Knowledge is only as strong as its relevance: HIGH is
    direct, MEDIUM indirect, LOW and NONE weak.
    """
    if row.outcome == Outcome.FAILED:
        return Strength.FAILED
    if row.outcome in (Outcome.NO_HIT, Outcome.DEDUPED, Outcome.UNSPECIFIED):
        return Strength.WEAK
    if row.relevance in (RelevanceLevel.LOW, RelevanceLevel.NONE):
        return Strength.WEAK
    if family == Family.KNOWLEDGE or row.relevance == RelevanceLevel.MEDIUM:
        if row.relevance == RelevanceLevel.HIGH or (
            row.relevance == RelevanceLevel.UNSPECIFIED and row.outcome == Outcome.DIRECT_SUPPORT
        ):
            return Strength.DIRECT
        return Strength.INDIRECT
    return Strength.DIRECT


def units_of(row: EvidenceRow, naive_offset: Optional[int] = None) -> list[Unit]:
    """The units of one stored row, its QUESTION unit last; naive_offset: the zone of its timestamps that
    carry none, in minutes east of UTC, when the operator configured one (zones.py)."""
    family = family_of(row.tool_name)
    strength = row_strength(row, family)
    make = functools.partial(
        Unit, row.invocation_id, row.tool_name, family=family, strength=strength, naive_offset=naive_offset
    )
    units: list[Unit] = []
    if strength == Strength.FAILED:
        text = " ".join(part for part in (row.error_kind_label, row.error_message, row.preview) if part)

        def failure_numbers(text: str = text, row: EvidenceRow = row) -> list[Number]:
            found = [*_numbers_in_text(text), *_numbers_of(row.params, "")]
            if row.duration_ms:
                found.append(Number(float(row.duration_ms), Dimension.TIME, 1.0))
            return found

        units.append(make(ref="error", kind="error", text=text, read_numbers=failure_numbers))
    else:
        printed = templates(row.params, row.preview) if row.params else ()
        for r in _records(row):
            named = "" if r.cells or not printed else printed_cells(r.text, printed)  # printed_fields.py
            cells = r.cells or named
            text = f"{r.text}  ({cells})" if cells else r.text
            units.append(
                make(
                    ref=r.ref,
                    kind=r.kind,
                    text=text,
                    level=r.level,
                    state=r.state,
                    subject=r.subject,
                    # how long the record ran, from its own start and end (record_spans.py)
                    read_numbers=functools.partial(_with_spans, r.numbers, text, named),
                )
            )
            if len(units) >= MAX_UNITS_PER_ROW:
                break
    if row.params:
        text = json.dumps(row.params, ensure_ascii=False, sort_keys=True, default=str)
        units.append(
            Unit(
                row.invocation_id,
                row.tool_name,
                "input",
                "input",
                family,
                Strength.QUESTION,
                text,
                read_numbers=functools.partial(_params_numbers, row.params),
            )
        )
    return units


def _with_spans(numbers: Callable[[], Iterable[Number]], text: str, named: str = "") -> tuple[Number, ...]:
    return (
        *numbers(),
        *(n for n in _numbers_in_text(named) if n.key),  # the values a template printed, under its names
        *(Number(seconds, Dimension.TIME, 1000.0, key="start_to_end") for seconds in record_spans(text)),
    )


def _records(row: EvidenceRow) -> Iterator[Record]:
    """The row's records, read by its stored format (domain/formats/), else the format that recognises it."""
    preview = Preview(row.preview, row.tool_name, row.params, _metric_hint(row))
    return format_for(preview, row.format_id).records(preview)


_SPAN_KEYS = (
    ("start", "end"),
    ("starttime", "endtime"),
    ("start_time", "end_time"),
    ("from", "to"),
    ("since", "until"),
)


def _params_numbers(params: dict[str, Any]) -> Iterator[Number]:
    """The numbers of a call's parameters, and the span its start and end times bound ("startTime":
    "15:30:00", "endTime": "16:30:00" asked for one hour): the window a claim may state."""
    yield from _numbers_of(params, "")
    for start, end in _spans(params):
        yield Number((end - start).total_seconds(), Dimension.TIME, 1000.0, key="window")


def _spans(value: Any, depth: int = 0) -> Iterator[tuple[datetime.datetime, datetime.datetime]]:
    if depth > 6 or not isinstance(value, dict):
        return
    lowered = {str(k).lower(): v for k, v in value.items()}
    for a, b in _SPAN_KEYS:
        start, end = _instant(lowered.get(a)), _instant(lowered.get(b))
        if start is not None and end is not None and end > start:
            yield start, end
    for v in value.values():
        yield from _spans(v, depth + 1)


def _instant(value: Any) -> Optional[datetime.datetime]:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 1e9 <= value <= 1e10:
        return datetime.datetime.fromtimestamp(value, datetime.timezone.utc)
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=datetime.timezone.utc)
