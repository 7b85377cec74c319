"""Which family of tool a tool name names (logs, metrics, knowledge, traces, other)."""

from __future__ import annotations

from evidence_trace.server.domain.verifier.unit_model import Family


def family_of(tool_name: str) -> Family:
    name = tool_name.lower()
    if any(word in name for word in ("trace", "tempo", "jaeger", "span", "zipkin")):
        return Family.TRACES
    if "log" in name:
        return Family.LOGS
    if any(word in name for word in ("metric", "prom", "alert", "monitor")):
        return Family.METRICS
    if any(word in name for word in ("knowledge", "rag", "retriev", "doc", "search_kb", "kb")):
        return Family.KNOWLEDGE
    return Family.OTHER
