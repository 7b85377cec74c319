"""The gates every tool call passes first (failed, deduplicated, output-less) and the rule for unknown tools."""

from __future__ import annotations

from typing import Optional

from evidence_trace.server.domain.classifier.call import (
    Finding,
    ToolCall,
    _preview_excerpt,
    _query_suffix,
    record_excerpt,
    record_note,
)
from evidence_trace.server.domain.classifier.text import first_line
from evidence_trace.server.domain.model import ErrorKind, EvidenceHint, Invocation, Outcome, OutputState

_FAILURE_LABELS = {
    ErrorKind.UNSPECIFIED: "failed",
    ErrorKind.EXCEPTION: "exception",
    ErrorKind.TIMEOUT: "timeout",
    ErrorKind.EXECUTION_ERROR: "execution error",
}


def _gate(call: ToolCall) -> Optional[Finding]:
    """Rules 1-3: failed, deduplicated and output-less calls, whatever the tool."""
    invocation = call.invocation
    if invocation.success is False:
        return Finding(Outcome.FAILED, note=_failure_note(invocation))
    retrieval = invocation.retrieval
    if retrieval is not None and retrieval.dedup_reason.strip():
        return Finding(Outcome.DEDUPED, note=retrieval.dedup_reason.strip())
    if invocation.output_state == OutputState.EMPTY:
        return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))
    if not invocation.output_preview.strip():
        if invocation.output_state == OutputState.NOT_CAPTURED:
            return Finding(Outcome.NO_HIT, note="output not captured" + _query_suffix(call))
        return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))
    return None


def _failure_note(invocation: Invocation) -> str:
    """'<error kind>: <first line of the error message>'."""
    label = _FAILURE_LABELS.get(invocation.error_kind, "failed")
    message = first_line(invocation.error_message)
    return f"{label}: {message}" if message else f"{label} (no error message)"


def _judge_generic(call: ToolCall) -> Finding:
    """Unknown tools: the agent's evidence hint, else any output is indirect support."""
    hint = call.invocation.evidence_hint
    if hint == EvidenceHint.DIRECT:
        return Finding(Outcome.DIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    if hint == EvidenceHint.NO_HIT:
        return Finding(Outcome.NO_HIT, note="the agent marked the output as no hit" + _query_suffix(call))
    if hint == EvidenceHint.INDIRECT:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    return _judge_unhinted(call)


def _judge_unhinted(call: ToolCall) -> Finding:
    """The preview's evidence format decides (domain/formats/): a direct record (an error-level
    entry, a firing alert, a bad state) is direct support, other records indirect, none no hit."""
    if not call.preview.strip():
        return Finding(Outcome.NO_HIT, note="returned no output" + _query_suffix(call))
    reading = call.format.read(call.view)
    if reading.outcome == Outcome.FAILED:
        return Finding(Outcome.FAILED, note=f"the tool's response reports an error: {reading.note}")
    if reading.outcome == Outcome.NO_HIT:
        reason = reading.note or "returned no records"
        return Finding(Outcome.NO_HIT, note=f"{reason} ({call.format.id})" + _query_suffix(call))
    record = reading.record
    if reading.outcome == Outcome.DIRECT_SUPPORT and record is not None:
        return Finding(Outcome.DIRECT_SUPPORT, excerpt=record_excerpt(call, record), note=record_note(record))
    return Finding(reading.outcome, excerpt=_preview_excerpt(call))


def _generic_topic(call: ToolCall) -> str:
    """Unknown tools: input_params "topic"."""
    return call.param("topic")
