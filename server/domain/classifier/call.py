"""One tool call as the classifiers see it (ToolCall), their verdict (Finding), a tool's rule
(ToolRule), and excerpts quoted verbatim from the call's preview."""

from __future__ import annotations

import dataclasses
from typing import Callable, Optional

from evidence_trace.server.domain.classifier.text import _SCAN_FACTOR, EXCERPT_LIMIT, _quoted, cut, first_text
from evidence_trace.server.domain.formats.fields import ERROR_LEVELS
from evidence_trace.server.domain.formats.model import Format, Preview, Record, lazy
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import Invocation, Outcome
from evidence_trace.server.domain.payloads import TRUNCATION_MARK, JsonPath, JsonPreview, value_span


@dataclasses.dataclass(frozen=True)
class Finding:
    """A classifier's verdict on one call, before bounding.

    excerpt is verbatim text of the preview (see `quote`); note is the rule's
    own words: for a hit, how it read it (`ERROR payment-service: ...`).
    """

    outcome: Outcome
    excerpt: str = ""
    note: str = ""


class ToolCall:
    """An invocation with its preview parsed at most once."""

    def __init__(self, invocation: Invocation) -> None:
        self.invocation = invocation

    @property
    def preview(self) -> str:
        """The raw output preview."""
        return self.invocation.output_preview

    @lazy
    def view(self) -> Preview:
        """The preview as the evidence formats read it (domain/formats/)."""
        inv = self.invocation
        return Preview(inv.output_preview, inv.tool_name, inv.input_params)

    @property
    def payload(self) -> Optional[JsonPreview]:
        """The preview read as JSON (whole or cut), or None when it is not JSON."""
        return self.view.json

    @lazy
    def format(self) -> Format:
        """The evidence format that recognises the preview."""
        return recognise(self.view)

    @property
    def format_id(self) -> str:
        """The preview's format id, once the rule has read the preview; "" when it decided without reading it
        (knowledge by its relevance): recognising costs a parse there, and the verifier recognises on its own."""
        view = self.__dict__.get("view")
        read = "format" in self.__dict__ or (view is not None and "json" in view.__dict__)
        return self.format.id if read else ""

    @property
    def partial(self) -> bool:
        """Whether the preview is known to be cut (flagged, or JSON that had to be closed)."""
        payload = self.payload
        if payload is not None:
            return not payload.complete
        return self.invocation.output_truncated

    def param(self, *names: str) -> str:
        """The first non-blank string input parameter among names, stripped."""
        return first_text(self.invocation.input_params, *names)

    def payload_field(self, name: str) -> str:
        """A top-level string field of a JSON object payload, unless the cut reached it."""
        payload = self.payload
        if payload is None or not isinstance(payload.value, dict):
            return ""
        value = first_text(payload.value, name)
        return "" if not payload.complete and value.endswith(TRUNCATION_MARK) else value


@dataclasses.dataclass(frozen=True)
class ToolRule:
    """How one tool's calls are judged and which topic they are about."""

    judge: Callable[[ToolCall], Finding]
    topic: Callable[[ToolCall], str]


def quote(call: "ToolCall", path: JsonPath, focus: Optional[JsonPath] = None) -> str:
    """The preview's own text of the JSON value at path, bounded to EXCERPT_LIMIT.

    When that text is too long and a focus value inside it (a crossing sample)
    would be cut off, the excerpt is the value's start, "…", then the focus.
    A value that the preview's cut ends also ends in "…". "" when not visible.
    """
    preview = call.preview
    span = value_span(preview, path)
    if span is None:
        return ""
    start, end = span
    text = preview[start:end].rstrip()
    cut_by_preview = end >= len(preview) and call.partial
    if cut_by_preview:
        text += TRUNCATION_MARK
    if len(text) <= EXCERPT_LIMIT:
        return text
    inner = value_span(preview, focus) if focus is not None else None
    if inner is not None and inner[1] - start > EXCERPT_LIMIT - 1:
        shown = preview[inner[0] : inner[1]][: EXCERPT_LIMIT // 2]
        head = preview[start : start + EXCERPT_LIMIT - len(shown) - 2]
        return head + TRUNCATION_MARK + shown + TRUNCATION_MARK
    return cut(text, EXCERPT_LIMIT)


def _preview_excerpt(call: "ToolCall") -> str:
    """The whole preview as an excerpt (stripped; cut at the excerpt limit)."""
    return cut(call.preview[: EXCERPT_LIMIT * _SCAN_FACTOR].strip(), EXCERPT_LIMIT)


def _query_suffix(call: ToolCall) -> str:
    """' for query "..."' when the call has a query parameter, else ""."""
    query = call.param("query", "promql", "question")
    return f" for query {_quoted(query)}" if query else ""


def record_excerpt(call: ToolCall, record: Record) -> str:
    """A format record as written: its JSON value in the preview, or its line (cut at the excerpt limit)."""
    if record.path is not None:
        return quote(call, record.path) or cut(record.text, EXCERPT_LIMIT)
    return cut(record.text, EXCERPT_LIMIT)


def record_note(record: Record) -> str:
    """What made a record a hit, and where: 'ERROR payment-service: hits[2]', 'CrashLoopBackOff checkout-6f7: row 1'."""
    error = record.level if record.level in ERROR_LEVELS else ""
    parts = (error, record.problem, "firing" if record.state == "firing" else "", record.subject)
    head = " ".join(part for part in parts if part)
    return f"{head}: {record.ref}" if head else record.ref
