"""The lookup_knowledge rule: relevance and hit counts decide; the normalized query is the topic."""

from __future__ import annotations

from evidence_trace.server.domain.classifier.call import Finding, ToolCall, _preview_excerpt
from evidence_trace.server.domain.classifier.generic import _judge_unhinted
from evidence_trace.server.domain.classifier.text import _SCAN_FACTOR, _quoted
from evidence_trace.server.domain.model import Outcome, RelevanceLevel, Retrieval

QUERY_TOPIC_LIMIT = 128
"""Maximum length of a normalized knowledge query used as a topic domain."""


def _judge_knowledge(call: ToolCall) -> Finding:
    """lookup_knowledge: relevance and hit counts from the retrieval fields."""
    retrieval = call.invocation.retrieval or Retrieval()
    counted = retrieval.l0_count is not None or retrieval.l1_count is not None
    hits = (retrieval.l0_count or 0) + (retrieval.l1_count or 0) if counted else int(bool(call.preview.strip()))
    query = _quoted(normalized_query(call))
    if retrieval.relevance == RelevanceLevel.NONE:
        return Finding(Outcome.NO_HIT, note=f"retrieval found nothing relevant for {query}")
    if counted and hits == 0:
        return Finding(Outcome.NO_HIT, note=f"retrieval returned 0 hits for {query}")
    if retrieval.relevance == RelevanceLevel.HIGH:
        return Finding(Outcome.DIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    if retrieval.relevance in (RelevanceLevel.MEDIUM, RelevanceLevel.LOW) or counted:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    return _judge_unhinted(call)


def normalized_query(call: ToolCall) -> str:
    """input_params "query"/"question": lowercased, whitespace collapsed, at most 128 chars."""
    raw = call.param("query", "question")[: QUERY_TOPIC_LIMIT * _SCAN_FACTOR]
    return " ".join(raw.lower().split())[:QUERY_TOPIC_LIMIT].rstrip()
