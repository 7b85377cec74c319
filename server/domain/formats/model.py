"""What a format is (Format), what a recogniser sees (Preview), what a format reads (Record)
and what it concludes at record time (Reading)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable, Generic, Iterable, Iterator, Mapping, Optional, TypeVar, overload

from evidence_trace.server.domain.formats.fields import ERROR_LEVELS
from evidence_trace.server.domain.formats.tool_family import family_of
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.payloads import JsonPath, JsonPreview, parse_json_preview
from evidence_trace.server.domain.verifier.unit_model import Family, Number

_T = TypeVar("_T")
_CITATION = re.compile(r"\s*\[[^\]\n\[{]{0,16}\][ \t]*[^\s,\]}]")

KINDS = frozenset({"header", "object", "log entry", "log line", "alert", "series", "item", "chunk"})
"""The kinds of record; the gate reads a unit's kind (units.py keeps the same words)."""


@dataclasses.dataclass(frozen=True)
class Record:
    """One record of a tool's output: the piece the verifier turns into a unit.

    ref: where it is ("hits[3]", "streams[0].values[2]", "row 4", "line 7").
    kind: one of KINDS. text: the record as text (verbatim for lines and rows,
    compact JSON for objects). level: a canonical level (fields.py) or "".
    state: an alert state (firing, pending, inactive, resolved, suppressed) or "".
    subject: the service, pod, instance or host it is about, or "".
    problem: the bad state it shows (CrashLoopBackOff, OOMKilled, HTTP 503), or "".
    path: where a JSON record is written in the preview (for a verbatim excerpt).
    cells: a table row's cells under their columns' names ("RESTARTS=5 (3h12m ago); AGE=6d2h"), which the
    verifier's unit reads beside the row (a claim that names a column finds it by its value); not in an excerpt.
    """

    ref: str
    kind: str
    text: str
    level: str = ""
    state: str = ""
    subject: str = ""
    numbers: Callable[[], Iterable[Number]] = dataclasses.field(default=tuple, repr=False, compare=False)
    problem: str = ""
    path: Optional[JsonPath] = None
    cells: str = ""

    @property
    def direct(self) -> bool:
        """Whether the record is itself a concrete hit: an error-level entry, a firing alert, a bad state."""
        return self.level in ERROR_LEVELS or self.state == "firing" or bool(self.problem)


@dataclasses.dataclass(frozen=True)
class Reading:
    """A format's verdict on a whole preview: the outcome and the record that decided it."""

    outcome: Outcome
    record: Optional[Record] = None
    note: str = ""


class lazy(Generic[_T]):
    """A property computed on first use and then stored on the instance, like functools.cached_property
    without its lock (Python 3.11's takes one on every first use: a measurable share of the per-row path)."""

    def __init__(self, fn: Callable[[Any], _T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, cls: Optional[type] = None) -> "lazy[_T]": ...

    @overload
    def __get__(self, obj: object, cls: Optional[type] = None) -> _T: ...

    def __get__(self, obj: Optional[object], cls: Optional[type] = None) -> "_T | lazy[_T]":
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class Preview:
    """A tool's output preview as the recognisers see it, parsed at most once."""

    def __init__(
        self, text: str, tool_name: str, params: Optional[Mapping[str, Any]] = None, metric_hint: str = ""
    ) -> None:
        self.text = text
        self.tool_name = tool_name
        self.params: Mapping[str, Any] = params or {}
        self.metric_hint = metric_hint

    @lazy
    def family(self) -> Family:
        return family_of(self.tool_name)

    @lazy
    def head(self) -> str:
        """The first non-whitespace character, or ""."""
        stripped = self.text[:256].lstrip()
        return stripped[:1]

    @lazy
    def json(self) -> Optional[JsonPreview]:
        """The preview read as JSON (whole or cut); None for text. Of JSON lines, the first line.

        Text that opens with a short bracket and goes on in words ("[1] 连接池耗尽 ...", a
        citation) is text, not the JSON list `[1]`.
        """
        if _CITATION.match(self.text) is not None:
            return None
        return parse_json_preview(self.text)

    @property
    def value(self) -> Any:
        payload = self.json
        return payload.value if payload is not None else None

    @lazy
    def memo(self) -> dict[str, Any]:
        """What a recogniser worked out of the preview, kept for its reader (a YAML text's document)."""
        return {}

    def read_as(self, value: Any, complete: bool) -> "Preview":
        """The same preview with `value` as its JSON document: a text in another notation (YAML) read by a JSON
        format's reader. complete: False when the text was cut."""
        twin = Preview(self.text, self.tool_name, self.params, self.metric_hint)
        twin.__dict__["json"] = JsonPreview(value, complete)
        return twin

    @lazy
    def lines(self) -> list[tuple[int, str]]:
        """The non-blank lines with their 1-based line numbers."""
        return [(index + 1, line) for index, line in enumerate(self.text.splitlines()) if line.strip()]

    @lazy
    def first_line(self) -> str:
        """The first non-blank line (of the first 4 KiB), stripped at its ends."""
        head = self.text[:4096].strip()
        end = head.find("\n")
        return (head if end < 0 else head[:end]).strip()


def judge(records: Iterable[Record]) -> Reading:
    """The default verdict: the first direct record is direct support, else any record indirect; none no hit.

    A header (the scalars around a listing) decides only when it is itself direct.
    """
    first: Optional[Record] = None
    for record in records:
        if record.direct:
            return Reading(Outcome.DIRECT_SUPPORT, record)
        if first is None and record.kind != "header":
            first = record
    if first is not None:
        return Reading(Outcome.INDIRECT_SUPPORT, first)
    return Reading(Outcome.NO_HIT, note="returned no records")


@dataclasses.dataclass(frozen=True)
class Format:
    """One evidence format: its id, how it is recognised, its records, and its verdict at record time.

    recognise: cheap (a key or the first line's shape); the registry asks the
    formats in order and the first that recognises a preview reads it.
    classify: defaults to `judge` over the records.
    """

    id: str
    recognise: Callable[[Preview], bool]
    records: Callable[[Preview], Iterator[Record]]
    classify: Optional[Callable[[Preview], Reading]] = None

    def read(self, preview: Preview) -> Reading:
        if self.classify is not None:
            return self.classify(preview)
        return judge(self.records(preview))
